import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { IMPORT_MAX_BYTES, IMPORT_MSG, importDryRunResponse, importQuery, importResponse } from '@app/common/schemas/users';
import { AppError } from '../../lib/errors.ts';
import { readUploadedFile } from '../../lib/uploaded-file.ts';
import { actorOf, requirePermission } from '../../plugins/auth.ts';
import { dryRunImport, importStudents } from './import.ts';
import { readStudentFile } from './import-parse.ts';

/** POST /api/users/import: a spreadsheet of enrolled students, checked (?dryRun=true) or created. Admin only. */
export const importRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(multipart, { limits: { fileSize: IMPORT_MAX_BYTES, files: 1, fields: 5 } });
  app.post(
    '/import',
    {
      onRequest: requirePermission('students.import'),
      schema: {
        tags: ['users'],
        consumes: ['multipart/form-data'],
        querystring: importQuery,
        response: { 200: z.union([importDryRunResponse, importResponse]) },
      },
    },
    async (req) => {
      const { data, filename } = await readUploadedFile(req, {
        notMultipart: IMPORT_MSG.noFile,
        missing: IMPORT_MSG.noFile,
        tooLarge: new AppError('PAYLOAD_TOO_LARGE', `The file is larger than ${IMPORT_MAX_BYTES / 1024 / 1024} MB`),
      });
      const rows = await readStudentFile(app.ctx, data, filename);
      return req.query.dryRun ? dryRunImport(app.ctx, rows) : importStudents(app.ctx, actorOf(req), rows);
    },
  );
};
