import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { IMPORT_MAX_BYTES, IMPORT_MSG, importDryRunResponse, importQuery, importResponse } from '@app/common/schemas/users';
import { AppError, badRequest } from '../../lib/errors.ts';
import { actorOf, requirePermission } from '../../plugins/auth.ts';
import { dryRunImport, importStudents } from './import.ts';
import { readStudentSheet } from './import-parse.ts';

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
      if (!req.isMultipart()) throw badRequest(IMPORT_MSG.noFile, { file: IMPORT_MSG.noFile });
      // A body the multipart parser refuses (no boundary, cut or malformed) is the sender's fault: 400.
      const file = await req.file().catch(() => {
        throw badRequest(IMPORT_MSG.noFile, { file: IMPORT_MSG.noFile });
      });
      if (file?.fieldname !== 'file') throw badRequest(IMPORT_MSG.noFile, { file: IMPORT_MSG.noFile });
      let data: Buffer;
      try {
        data = await file.toBuffer();
      } catch {
        throw new AppError('PAYLOAD_TOO_LARGE', `The file is larger than ${IMPORT_MAX_BYTES / 1024 / 1024} MB`);
      }
      const rows = await readStudentSheet(data, file.filename ?? '');
      return req.query.dryRun ? dryRunImport(app.ctx, rows) : importStudents(app.ctx, actorOf(req), rows);
    },
  );
};
