import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest, HookHandlerDoneFunction } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { MSG } from '@app/common';
import { AppError } from '../lib/errors.ts';

const DB_DOWN_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', '57P01', '57P03', '08006', '08001']);

// node-postgres says these in words, without a code: a connection that could not be made, one that
// was lost (also when the transaction's rollback is then tried on it), an answer that never came.
const DB_DOWN_MESSAGES =
  /timeout exceeded when trying to connect|Connection terminated|is not queryable|Query read timeout|Connection refused/i;

function isDbUnavailable(err: unknown): boolean {
  let e = err as { code?: string; cause?: unknown; message?: string } | undefined;
  for (let i = 0; i < 4 && e; i++) {
    if (e.code && DB_DOWN_CODES.has(e.code)) return true;
    if (e.message && DB_DOWN_MESSAGES.test(e.message)) return true;
    e = e.cause as typeof e;
  }
  return false;
}

/** The one error path: every error answer is `{ message, code, fields? }` (docs/product.md section 7). */
export function registerErrorHandler(app: FastifyInstance) {
  // A request without a body is read as an empty object, so validation names each missing field
  // (and a body that is entirely optional, like logout's, may be left out).
  // Added only to routes with a body schema: the public reads skip it (performance target, bench/README.md).
  const emptyBody = (req: FastifyRequest, _reply: FastifyReply, done: HookHandlerDoneFunction) => {
    if (req.body == null) req.body = {};
    done();
  };
  app.addHook('onRoute', (route) => {
    if (route.schema?.body) route.preValidation = [emptyBody, ...[route.preValidation ?? []].flat()];
  });
  // Likewise a call without a body that still says `content-type: application/json` (many clients
  // send the header on every call, DELETE and PATCH …/restore included): no body, not a 400.
  const { onProtoPoisoning = 'error', onConstructorPoisoning = 'ignore' } = app.initialConfig;
  const parseJson = app.getDefaultJsonParser(onProtoPoisoning, onConstructorPoisoning);
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (req, body, done) => {
    const text = body.toString();
    if (text.trim() === '') return done(null, undefined);
    parseJson(req, text, done);
  });

  app.setErrorHandler((err: FastifyError, req, reply) => {
    if (err instanceof AppError) {
      return reply.status(err.status).send({ message: err.message, code: err.code, fields: err.fields, reason: err.reason });
    }
    // A path parameter that cannot name anything (a malformed id) names nothing that exists.
    if (hasZodFastifySchemaValidationErrors(err) && err.validationContext === 'params') {
      return reply.status(404).send({ message: MSG.notFound, code: 'NOT_FOUND' });
    }
    if (hasZodFastifySchemaValidationErrors(err)) {
      const fields: Record<string, string> = {};
      for (const issue of err.validation) {
        const key = issue.instancePath.replace(/^\//, '').replace(/\//g, '.') || '_';
        const notAnObject = key === '_' && issue.keyword === 'invalid_type';
        fields[key] ??= notAnObject ? 'The request body must be a JSON object' : (issue.message ?? 'Invalid value');
      }
      const first = Object.values(fields)[0] ?? 'Invalid input';
      return reply.status(400).send({ message: first, code: 'BAD_REQUEST', fields });
    }
    if (err.statusCode === 429) {
      return reply.status(429).send({ message: MSG.tooManyAttempts, code: 'TOO_MANY_REQUESTS' });
    }
    if (err.statusCode && err.statusCode >= 400 && err.statusCode < 500) {
      const code = err.statusCode === 413 ? 'PAYLOAD_TOO_LARGE' : err.statusCode === 415 ? 'UNSUPPORTED_MEDIA_TYPE' : 'BAD_REQUEST';
      const message =
        err.statusCode === 413
          ? 'The request is too large'
          : err.statusCode === 415
            ? 'Unsupported content type'
            : 'The request could not be read';
      return reply.status(err.statusCode).send({ message, code });
    }
    if (isDbUnavailable(err)) {
      req.log.error({ err }, 'database unavailable');
      return reply.status(503).send({ message: MSG.dbUnavailable, code: 'UNAVAILABLE' });
    }
    req.log.error({ err }, 'unhandled error');
    return reply.status(500).send({ message: MSG.serverError, code: 'INTERNAL' });
  });
}
