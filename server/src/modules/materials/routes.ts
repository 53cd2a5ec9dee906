import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { messageResponse } from '@app/common/schemas/auth';
import {
  MATERIAL_DOWNLOADS_PER_MINUTE,
  MATERIAL_MAX_BYTES,
  MATERIAL_MSG,
  materialPatchBody,
  materialSchema,
  pdfMaterialFields,
  studentMaterialSchema,
  studentMaterialsQuery,
  videoMaterialBody,
} from '@app/common/schemas/materials';
import type { FastifyRequest } from 'fastify';
import { AppError, badRequest } from '../../lib/errors.ts';
import { idParams } from '../../lib/route-schemas.ts';
import { isUnstorableText, parseBody } from '../../lib/validation.ts';
import { actorOf, requirePermission, requireStudent, requireUser, scopeOf } from '../../plugins/auth.ts';
import {
  createPdfMaterial,
  createVideoMaterial,
  deleteMaterial,
  downloadMaterial,
  listForStudent,
  listMaterials,
  updateMaterial,
} from './service.ts';

const tags = ['materials'];

const TEXT_FIELDS = new Set(['title', 'description', 'subject', 'courses', 'batches', 'publishAt']);

/** `courses` and `batches` arrive as JSON lists of ids in a text field; blank means none. */
function jsonList(raw: string | undefined, label: string): unknown {
  if (raw === undefined || raw.trim() === '') return undefined;
  try {
    return JSON.parse(raw);
  } catch {
    const message = MATERIAL_MSG.listNotJson(label);
    throw badRequest(message, { [label.toLowerCase()]: message });
  }
}

/**
 * A PDF upload's parts: the text fields and the one file. The file is read up to 50 MB and no further
 * (the parser stops and refuses a larger one); every other part is drained.
 */
async function readUpload(req: FastifyRequest) {
  const text: Record<string, string> = {};
  let file: { data: Buffer; name: string } | null = null;
  try {
    for await (const part of req.parts()) {
      if (part.type === 'file') {
        if (part.fieldname !== 'file' || file) {
          part.file.resume();
          continue;
        }
        file = { data: await part.toBuffer(), name: part.filename ?? '' };
      } else if (TEXT_FIELDS.has(part.fieldname) && typeof part.value === 'string') {
        text[part.fieldname] = part.value;
      }
    }
  } catch (err) {
    const code = (err as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw badRequest(MATERIAL_MSG.fileTooLarge, { file: MATERIAL_MSG.fileTooLarge });
    throw badRequest(MATERIAL_MSG.badMultipart, { file: MATERIAL_MSG.badMultipart });
  }
  return { text, file };
}

/** A stored file name: what the browser sent, kept as plain text of at most 200 characters. */
const cleanFileName = (name: string) => {
  const base = name.split(/[\\/]/).pop() ?? '';
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is removed.
  const clean = base.replace(/[\u0000-\u001f\u007f]/g, '').slice(0, 200);
  return isUnstorableText(clean) || clean.trim() === '' ? 'document.pdf' : clean;
};

/**
 * /api/materials (docs/product-materials.md): staff list, add (a PDF as multipart, a video link as
 * JSON), change and delete materials; a student lists theirs; both download a PDF stamped for them.
 */
export const materialRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;

  app.get(
    '/',
    { onRequest: requirePermission('materials.manage'), schema: { tags, response: { 200: z.array(materialSchema) } } },
    async () => listMaterials(ctx),
  );

  // Only the upload's scope parses multipart bodies: one file of at most 50 MB, a few text fields.
  await app.register(async (upload) => {
    await upload.register(multipart, {
      limits: { fileSize: MATERIAL_MAX_BYTES, files: 1, fields: 12, parts: 14, fieldSize: 64 * 1024 },
    });
    upload.post(
      '/',
      {
        onRequest: requirePermission('materials.manage'),
        bodyLimit: 64 * 1024,
        schema: { tags, consumes: ['multipart/form-data', 'application/json'], response: { 201: materialSchema } },
      },
      async (req, reply) => {
        const actor = actorOf(req);
        if (!req.isMultipart()) {
          const body = parseBody(videoMaterialBody, req.body);
          return reply.status(201).send(await createVideoMaterial(ctx, actor, body));
        }
        const { text, file } = await readUpload(req);
        const fields = parseBody(pdfMaterialFields, {
          ...text,
          courses: jsonList(text.courses, 'Courses'),
          batches: jsonList(text.batches, 'Batches'),
        });
        if (!file) throw badRequest(MATERIAL_MSG.fileMissing, { file: MATERIAL_MSG.fileMissing });
        const material = await createPdfMaterial(ctx, actor, fields, { data: file.data, name: cleanFileName(file.name) });
        return reply.status(201).send(material);
      },
    );
  });

  app.get(
    '/student',
    { onRequest: requireStudent, schema: { tags, querystring: studentMaterialsQuery, response: { 200: z.array(studentMaterialSchema) } } },
    async (req) => listForStudent(ctx, scopeOf(req), req.query),
  );

  app.patch(
    '/:id',
    {
      onRequest: requirePermission('materials.manage'),
      schema: { tags, params: idParams, body: materialPatchBody, response: { 200: materialSchema } },
    },
    async (req) => updateMaterial(ctx, actorOf(req), req.params.id, req.body),
  );

  app.delete(
    '/:id',
    { onRequest: requirePermission('materials.manage'), schema: { tags, params: idParams, response: { 200: messageResponse } } },
    async (req) => deleteMaterial(ctx, actorOf(req), req.params.id),
  );

  // Per reader, counted after the sign-in check (preHandler): a student who opens a material twice a
  // minute is far below it; a loop that asks for copies all day meets it.
  const downloadLimit = {
    max: MATERIAL_DOWNLOADS_PER_MINUTE,
    timeWindow: '1 minute',
    hook: 'preHandler' as const,
    keyGenerator: (req: FastifyRequest) => req.actor?.id ?? req.ip,
    errorResponseBuilder: () => new AppError('TOO_MANY_REQUESTS', MATERIAL_MSG.tooManyDownloads),
  };
  app.get(
    '/:id/download',
    { onRequest: requireUser, config: { rateLimit: downloadLimit }, schema: { tags, params: idParams } },
    async (req, reply) => {
      // A HEAD request (a link checker, a browser's probe) is no download: not counted.
      const { data, fileName } = await downloadMaterial(ctx, actorOf(req), scopeOf(req), req.params.id, { count: req.method !== 'HEAD' });
      return reply
        .header('content-type', 'application/pdf')
        .header('content-disposition', `attachment; filename="${fileName}"`)
        .header('x-content-type-options', 'nosniff')
        .header('cache-control', 'private, no-store')
        .send(data);
    },
  );
};
