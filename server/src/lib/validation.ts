import type { FastifySchemaCompiler } from 'fastify';
import { validatorCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { badRequest } from './errors.ts';

export const UNSTORABLE_TEXT_MESSAGE = 'Text contains characters that cannot be stored';

/**
 * Text PostgreSQL cannot store: a NUL character (text and jsonb refuse it), or a lone UTF-16
 * surrogate (JSON escapes it as \ud800, which jsonb refuses). Both made a request a 500 before.
 */
export const isUnstorableText = (text: string): boolean =>
  text.includes('\u0000') || /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/.test(text);

/**
 * The path to the first unstorable string or key, if any. Every request body passes through here, so the
 * path is built only on the way back from a find (a hall's submits each hold about 120 answers).
 */
export function findUnstorable(value: unknown, depth = 0): PropertyKey[] | null {
  if (typeof value === 'string') return isUnstorableText(value) ? [] : null;
  if (typeof value !== 'object' || value === null || depth > 64) return null;
  const object = value as Record<string, unknown>;
  for (const key in object) {
    if (!Object.hasOwn(object, key)) continue;
    if (isUnstorableText(key)) return [key];
    const found = findUnstorable(object[key], depth + 1);
    if (found) {
      found.unshift(key);
      return found;
    }
  }
  return null;
}

/**
 * The zod validator of every route, refusing unstorable text anywhere in params, query or body
 * before the route's own schema runs (found by the route fuzzer). Validation runs after
 * the role guards, so a visitor still gets 401 first; a bad path parameter is a 404 like any other.
 */
export const validatorCompilerForStorableText: FastifySchemaCompiler<z.ZodType> = (route) => {
  const storable = z
    .unknown()
    .superRefine((value, ctx) => {
      const path = findUnstorable(value);
      if (path) ctx.addIssue({ code: 'custom', path, message: UNSTORABLE_TEXT_MESSAGE });
    })
    .pipe(route.schema);
  const refusing = validatorCompiler({ ...route, schema: storable });
  const plain = validatorCompiler(route);
  // The scan runs once; only input that fails it pays for the refinement that words the error.
  return (data) => (findUnstorable(data) ? refusing(data) : plain(data));
};

/**
 * Fields parsed outside a route's own schema (the text fields of a multipart upload), refused as the error
 * handler words a route's validation: 400 with a message per field.
 */
export function parseBody<T extends z.ZodType>(schema: T, value: unknown): z.output<T> {
  const path = findUnstorable(value);
  if (path) throw badRequest(UNSTORABLE_TEXT_MESSAGE, { [path.join('.') || '_']: UNSTORABLE_TEXT_MESSAGE });
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw badRequest('The request body must be a JSON object', { _: 'The request body must be a JSON object' });
  }
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  const fields: Record<string, string> = {};
  for (const issue of result.error.issues) fields[issue.path.join('.') || '_'] ??= issue.message;
  throw badRequest(Object.values(fields)[0] ?? 'Invalid input', fields);
}
