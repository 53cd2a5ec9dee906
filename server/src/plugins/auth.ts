import { eq, inArray, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { MSG } from '@app/common';
import { SIGN_OUT_REASONS, type SignOutReason } from '@app/common/constants';
import { type Action, CENTRE_SCOPED_ROLES, can } from '@app/common/permissions';
import type { Actor } from '../context.ts';
import { revokedTokens, staffCentres, users } from '../db/schema.ts';
import { AppError } from '../lib/errors.ts';
import { type Db, readerLoaderOptions } from '../db/client.ts';
import { perDb, preparedQuery } from '../db/prepared.ts';
import { BatchLoader } from '../lib/batch-loader.ts';
import { type Scope, scopeOfActor } from '../lib/record-scope.ts';

/** Reads the bearer token on every request; the user row decides whether it still holds (docs/product.md section 7). */
export function registerAuth(app: FastifyInstance) {
  app.decorateRequest('actor', null);
  app.decorateRequest('scope', null);
  app.decorateRequest('signedOutReason', null);
  app.addHook('onRequest', (req, _reply, done) => {
    const header = req.headers.authorization;
    // Synchronous for a visitor: the public reads are the hot path.
    if (!header?.startsWith('Bearer ')) return done();
    resolveActor(app, header.slice(7).trim()).then((found) => {
      if ('actor' in found) {
        req.actor = found.actor;
        // Whose records the actor reaches, next to who they are (lib/record-scope.ts).
        req.scope = scopeOfActor(found.actor);
      } else req.signedOutReason = found.reason;
      done();
    }, done);
  });
}

type Resolved = { actor: Actor } | { reason: SignOutReason | null };

const actorColumns = {
  id: users.id,
  role: users.role,
  isActive: users.isActive,
  tokenVersion: users.tokenVersion,
  firstName: users.firstName,
  lastName: users.lastName,
  email: users.email,
  // A centre manager's centres ride along in the same round trip (docs/product-staff.md).
  centres: sql<
    string[]
  >`(select coalesce(jsonb_agg(${staffCentres.centreId} order by ${staffCentres.centreId}), '[]'::jsonb) from ${staffCentres} where ${staffCentres.userId} = ${users.id})`,
  // A parent's children too (docs/product-parents.md); the case keeps the look-up off everyone else's requests.
  // Written with qualified names: a one-table select renders its columns unqualified, and the inner users is another.
  children: sql<
    string[] | null
  >`case when "users"."role" = 'parent' then (select coalesce(jsonb_agg(distinct g.student_id), '[]'::jsonb) from student_guardians g join users child on child.id = g.student_id and child.is_active where g.parent_id = "users"."id") end`,
};
type ActorRow = {
  id: string;
  role: string;
  isActive: boolean;
  tokenVersion: number;
  firstName: string;
  lastName: string;
  email: string | null;
  centres: unknown;
  children: unknown;
  revoked: boolean;
};
type TokenKey = { sub: string; jti: string };

/** A lone request's lookup: one prepared statement (db/prepared.ts). */
const actorQuery = preparedQuery((db) =>
  db
    .select({
      ...actorColumns,
      // One round trip: a logout revoked this very token (kept in the database, so every instance knows).
      revoked: sql<boolean>`exists (select 1 from ${revokedTokens} where ${revokedTokens.jti} = ${sql.placeholder('jti')})`,
    })
    .from(users)
    .where(eq(users.id, sql.placeholder('id')))
    .limit(1)
    .prepare('auth_actor'),
);

/**
 * The actors of the tokens presented together, in two queries run together (lib/batch-loader.ts): a hall's
 * requests arriving at once share them, and so does a crowd arriving on new connections, one or two a turn
 * of the event loop (db/client.ts `readerLoaderOptions`).
 */
function actorLoader(db: Db) {
  return new BatchLoader<TokenKey, ActorRow>(
    async (keys) => {
      const [rows, revoked] = await Promise.all([
        db
          .select(actorColumns)
          .from(users)
          .where(inArray(users.id, [...new Set(keys.map((k) => k.sub))])),
        db
          .select({ jti: revokedTokens.jti })
          .from(revokedTokens)
          .where(
            inArray(
              revokedTokens.jti,
              keys.map((k) => k.jti),
            ),
          ),
      ]);
      const ended = new Set(revoked.map((r) => r.jti));
      const byId = new Map(rows.map((r) => [r.id, r]));
      const found = new Map<string, ActorRow>();
      for (const k of keys) {
        const row = byId.get(k.sub);
        if (row) found.set(`${k.sub}:${k.jti}`, { ...row, revoked: ended.has(k.jti) });
      }
      return found;
    },
    (k) => `${k.sub}:${k.jti}`,
    async (k) => (await actorQuery(db).execute({ id: k.sub, jti: k.jti }))[0],
    readerLoaderOptions(db),
  );
}
/** One actor loader per database handle. */
const loaderFor = perDb(actorLoader);

/**
 * The actor of a token. A token that is not ours (forged, malformed, expired) has no reason; one the server
 * ended (logout, password reset, sign-out everywhere, deletion) or whose account was deactivated says so,
 * so the web can tell the user why they are back on the sign-in page.
 */
async function resolveActor(app: FastifyInstance, token: string): Promise<Resolved> {
  const claims = await app.ctx.signer.verify(token);
  if (!claims) return { reason: null };
  const row = await loaderFor(app.ctx.db).load({ sub: claims.sub, jti: claims.jti });
  // Deactivation, deletion, password reset, logout and "sign out everywhere" each end tokens at once.
  // A deactivated account says so first (its tokens were also ended by the version bump).
  if (row && !row.revoked && !row.isActive) return { reason: SIGN_OUT_REASONS.deactivated };
  if (!row || row.revoked || row.tokenVersion !== claims.ver || row.role !== claims.role) return { reason: SIGN_OUT_REASONS.sessionEnded };
  return {
    actor: {
      id: row.id,
      role: row.role,
      centres: (CENTRE_SCOPED_ROLES as readonly string[]).includes(row.role) ? parseCentres(row.centres) : null,
      children: row.role === 'parent' ? parseCentres(row.children) : null,
      firstName: row.firstName,
      lastName: row.lastName,
      email: row.email,
      tokenId: claims.jti,
      tokenExpiresAt: claims.exp,
    },
  };
}

/** A jsonb list of ids (centres, children): parsed from PostgreSQL, text from some drivers. */
function parseCentres(value: unknown): string[] {
  const list = typeof value === 'string' ? JSON.parse(value) : value;
  return Array.isArray(list) ? list.map(String) : [];
}

function notSignedIn(req: FastifyRequest) {
  switch (req.signedOutReason) {
    case SIGN_OUT_REASONS.deactivated:
      return new AppError('UNAUTHORIZED', MSG.accountInactive, undefined, SIGN_OUT_REASONS.deactivated);
    case SIGN_OUT_REASONS.sessionEnded:
      return new AppError('UNAUTHORIZED', MSG.sessionEnded, undefined, SIGN_OUT_REASONS.sessionEnded);
    default:
      return new AppError('UNAUTHORIZED', MSG.notSignedIn);
  }
}

/**
 * The route guards. A route names its guard in its options as `onRequest` (the one form), so it runs
 * before the body is read: a visitor or a student of the wrong role gets 401/403 whatever they send,
 * never a 400 about a body they were not allowed to send. The access-matrix test checks every route.
 */
export async function requireUser(req: FastifyRequest, _reply: FastifyReply) {
  if (!req.actor) throw notSignedIn(req);
  // The shared routes serve a student as a student and staff otherwise; a parent has their own (modules/parents).
  if (req.actor.role === 'parent') throw new AppError('FORBIDDEN', MSG.forbidden);
}
/** Any signed-in account, a parent's included: their own profile, password and sign-out. */
export async function requireAccount(req: FastifyRequest, _reply: FastifyReply) {
  if (!req.actor) throw notSignedIn(req);
}
/** A parent only (docs/product-parents.md); their routes then ask childScope for each child. */
export async function requireParent(req: FastifyRequest, _reply: FastifyReply) {
  if (!req.actor) throw notSignedIn(req);
  if (req.actor.role !== 'parent') throw new AppError('FORBIDDEN', MSG.forbidden);
}
/** A full admin only (docs/product-staff.md): staff, admins, audit, settings and what no other role is given. */
export async function requireAdmin(req: FastifyRequest, _reply: FastifyReply) {
  if (!req.actor) throw notSignedIn(req);
  if (req.actor.role !== 'admin') throw new AppError('FORBIDDEN', MSG.forbidden);
}

/** A guard that names the action of the permission table it enforces (the access-matrix test reads it). */
export type PermissionGuard = ((req: FastifyRequest, reply: FastifyReply) => Promise<void>) & { readonly action: Action };

const permissionGuards = new Map<Action, PermissionGuard>();

/**
 * The guard of a back-office action: the staff roles the permission table in common/permissions.ts gives it
 * (docs/product-staff.md). One guard per action, so routes of one action share it.
 */
export function requirePermission(action: Action): PermissionGuard {
  const known = permissionGuards.get(action);
  if (known) return known;
  const guard = Object.assign(
    async (req: FastifyRequest, _reply: FastifyReply) => {
      if (!req.actor) throw notSignedIn(req);
      if (!can(req.actor.role, action)) throw new AppError('FORBIDDEN', MSG.forbidden);
    },
    { action },
  );
  permissionGuards.set(action, guard);
  return guard;
}

export async function requireStudent(req: FastifyRequest, _reply: FastifyReply) {
  if (!req.actor) throw notSignedIn(req);
  if (req.actor.role !== 'student') throw new AppError('FORBIDDEN', MSG.forbidden);
}

/** Whose records the signed-in actor reaches (lib/record-scope.ts); only call after one of the guards above. */
export function scopeOf(req: FastifyRequest): Scope {
  if (!req.scope) throw notSignedIn(req);
  return req.scope;
}

/** The signed-in actor; only call after one of the guards above. */
export function actorOf(req: FastifyRequest): Actor {
  if (!req.actor) throw notSignedIn(req);
  return req.actor;
}
