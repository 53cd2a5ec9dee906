import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { SITE_IMAGE_MAX_BYTES, SITE_IMAGE_MESSAGES } from '@app/common/schemas/site';
import { badRequest } from '../../lib/errors.ts';

/**
 * Lets this scope parse multipart bodies of one image: the parser stops reading at the size limit, so a
 * larger body is refused before anything is kept or decoded (the upload limits of modules/uploads).
 */
export const registerImageMultipart = (app: FastifyInstance) =>
  app.register(multipart, { limits: { fileSize: SITE_IMAGE_MAX_BYTES, files: 1, fields: 10, parts: 11, fieldSize: 10_000 } });

/** The image in the field "file" and the text fields beside it. */
export async function readImageUpload(req: FastifyRequest): Promise<{ data: Buffer | null; fields: Record<string, string> }> {
  const refuse = (m: string) => badRequest(m, { file: m });
  if (!req.isMultipart()) throw refuse(SITE_IMAGE_MESSAGES.notMultipart);
  let data: Buffer | null = null;
  const fields: Record<string, string> = {};
  try {
    for await (const part of req.parts()) {
      if (part.type === 'field') {
        if (typeof part.value === 'string') fields[part.fieldname] = part.value;
        continue;
      }
      const bytes = await part.toBuffer();
      if (part.fieldname === 'file' && !data) data = bytes;
    }
  } catch (err) {
    // Whatever the multipart parser refuses (a cut or malformed body, too many parts) is the sender's fault.
    if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw refuse(SITE_IMAGE_MESSAGES.tooLarge);
    throw refuse(SITE_IMAGE_MESSAGES.missing);
  }
  return { data, fields };
}
