import type { MultipartFile } from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import { AppError, badRequest } from './errors.ts';

/**
 * What a route answers when its upload is not one: a body that is not multipart, no file in the field "file"
 * (or a body the parser refuses: cut, malformed, too many parts), a file over the route's size limit. A
 * message is a 400 naming the field `file`; an AppError is thrown as it is (the student import's 413).
 */
export type UploadRefusals = { notMultipart: string; missing: string; tooLarge: string | AppError };

const refusal = (r: string | AppError) => (r instanceof AppError ? r : badRequest(r, { file: r }));

/**
 * The one file of the multipart field "file", read into memory within the scope's limits (the route registers
 * @fastify/multipart with its fileSize); other parts are drained and skipped. Every failure is the sender's: a
 * 400 (or the route's own refusal), never a 500.
 */
export async function readUploadedFile(req: FastifyRequest, refusals: UploadRefusals): Promise<{ data: Buffer; filename: string }> {
  if (!req.isMultipart()) throw refusal(refusals.notMultipart);
  let file: { data: Buffer; filename: string } | null = null;
  try {
    for await (const part of req.parts()) {
      if (part.type !== 'file') continue;
      const data = await (part as MultipartFile).toBuffer();
      if (part.fieldname === 'file' && !file) file = { data, filename: part.filename ?? '' };
    }
  } catch (err) {
    if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw refusal(refusals.tooLarge);
    throw refusal(refusals.missing);
  }
  if (!file) throw refusal(refusals.missing);
  return file;
}
