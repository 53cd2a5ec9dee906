import { eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { MSG } from '@app/common';
import type { Actor } from '../context.ts';
import { users } from '../db/schema.ts';
import { AppError } from '../lib/errors.ts';

/** Reads the bearer token on every request; the user row decides whether it still holds (DESIGN.md section 4). */
export function registerAuth(app: FastifyInstance) {
  app.decorateRequest('actor', null);
  app.addHook('onRequest', (req, _reply, done) => {
    const header = req.headers.authorization;
    // Synchronous for a visitor: the public reads are the hot path (issue 6).
    if (!header?.startsWith('Bearer ')) return done();
    resolveActor(app, header.slice(7).trim()).then((actor) => {
      req.actor = actor;
      done();
    }, done);
  });
}

async function resolveActor(app: FastifyInstance, token: string): Promise<Actor | null> {
  const claims = app.ctx.signer.verify(token);
  if (!claims) return null;
  if (!/^[0-9a-f-]{36}$/.test(claims.sub)) return null;
  const [row] = await app.ctx.db
    .select({
      id: users.id,
      role: users.role,
      isActive: users.isActive,
      tokenVersion: users.tokenVersion,
      firstName: users.firstName,
      lastName: users.lastName,
      email: users.email,
    })
    .from(users)
    .where(eq(users.id, claims.sub))
    .limit(1);
  // Deactivation, deletion, password reset and "sign out everywhere" each end old tokens at once.
  if (!row?.isActive || row.tokenVersion !== claims.ver || row.role !== claims.role) return null;
  return { id: row.id, role: row.role, firstName: row.firstName, lastName: row.lastName, email: row.email };
}

/**
 * The route guards. A route names its guard in its options as `onRequest` (the one form), so it runs
 * before the body is read: a visitor or a student of the wrong role gets 401/403 whatever they send,
 * never a 400 about a body they were not allowed to send. The access-matrix test checks every route.
 */
export async function requireUser(req: FastifyRequest, _reply: FastifyReply) {
  if (!req.actor) throw new AppError('UNAUTHORIZED', MSG.notSignedIn);
}
export async function requireAdmin(req: FastifyRequest, _reply: FastifyReply) {
  if (!req.actor) throw new AppError('UNAUTHORIZED', MSG.notSignedIn);
  if (req.actor.role !== 'admin') throw new AppError('FORBIDDEN', MSG.forbidden);
}
export async function requireStudent(req: FastifyRequest, _reply: FastifyReply) {
  if (!req.actor) throw new AppError('UNAUTHORIZED', MSG.notSignedIn);
  if (req.actor.role !== 'student') throw new AppError('FORBIDDEN', MSG.forbidden);
}

/** The signed-in actor; only call after one of the guards above. */
export function actorOf(req: FastifyRequest): Actor {
  if (!req.actor) throw new AppError('UNAUTHORIZED', MSG.notSignedIn);
  return req.actor;
}
