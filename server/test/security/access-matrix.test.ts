import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '@app/common';
import type { TestApp } from '../helpers.ts';
import { PERMISSIONS, type Action, ACTIONS } from '@app/common/permissions';
import { bodyFor, type Caller, type Callers, callersOf, isStaffCaller, paramsOfA, ROLES, type Role, STAFF_CALLERS, send } from './calls.ts';
import { changedTables, fingerprint } from './db-state.ts';
import { requireAccount, requireAdmin, requireParent, requirePermission, requireStudent, requireUser } from '../../src/plugins/auth.ts';
import { ACCESS, type Access, type ApiRoute, createAppWithRoutes, fillPath } from './routes.ts';
import { buildWorld, type World } from './world.ts';
import { eq } from 'drizzle-orm';
import { users } from '../../src/db/schema.ts';

// Security (docs/security-verification.md), access-control matrix: every /api route from the server's own route table, called as a
// visitor, student A, student B, a full admin, each staff role (a Kasba centre manager, a faculty member, an accountant) and A's
// parent, with path parameters naming A's objects (A is a Dumdum student). Which staff roles a route admits is read from the guard the route
// declares (requireAdmin: a full admin; requirePermission(action): the roles common/permissions.ts gives the action), so a route
// added later is covered by what it declares (docs/product-staff.md).

let t: TestApp;
let routes: ApiRoute[];
let w: World;
let callers: Callers;
beforeAll(async () => {
  ({ t, routes } = await createAppWithRoutes());
  w = await buildWorld(t);
  callers = await callersOf(t, w);
}, 120_000);
afterAll(async () => t?.close());

/** Routes whose path or body names one of A's objects: B must get 403 or 404 (docs/product.md section 7). */
const OWNED_BY_A = new Set([
  'GET /api/submissions/:id',
  'GET /api/submissions/:id/analysis',
  'GET /api/submissions/:id/review',
  'GET /api/payments/status/:orderId',
  'GET /api/payments/:id/receipt',
  'GET /api/payments/:id/credit-notes/:noteId',
  'POST /api/payments/sandbox/checkout/:orderId',
  'POST /api/payments/paytm/initiate',
  'POST /api/payments/verify',
  // Only a student who submitted the exam (A, not B) may object to its key.
  'POST /api/exams/:id/objections',
]);

/** The action a route's guard declares, 'admin' for requireAdmin, null for none of the back-office guards. */
function declaredAction(r: ApiRoute): Action | 'admin' | null {
  for (const h of r.hooks.onRequest) {
    if (h === requireAdmin) return 'admin';
    const action = (h as { action?: unknown }).action;
    if (typeof action === 'string') return action as Action;
  }
  return null;
}

/** The staff roles (of the permission table) a back-office route lets through. */
function staffAdmitted(r: ApiRoute): readonly string[] {
  const action = declaredAction(r);
  if (action === 'admin' || action === null) return ['admin'];
  return PERMISSIONS[action];
}

/**
 * Routes for any signed-in user that show staff more than the owner sees: the action that gives a staff
 * member that view. Staff without it are treated as a non-owner (403/404), and a centre manager reaches only
 * records of their centres (A's are Dumdum's, the matrix's manager is Kasba's).
 */
const STAFF_VIEW_OF: Record<string, Action> = {
  'GET /api/submissions/:id': 'evaluation.manage',
  'GET /api/submissions/:id/analysis': 'evaluation.manage',
  'GET /api/submissions/:id/review': 'evaluation.manage',
  'GET /api/payments/status/:orderId': 'payments.view',
  'GET /api/payments/:id/receipt': 'payments.view',
  'GET /api/payments/:id/credit-notes/:noteId': 'payments.view',
  'GET /api/exams/:examId': 'exams.manage',
  'GET /api/flashcards/decks': 'flashcards.manage',
};

/** Back-office routes whose path names one of A's centre-bound records (admission, student, payment, the counter's student). */
const CENTRE_BOUND = /^\/api\/(admission-requests\/admin|users|payments|payments\/counter\/students)\/:(id|orderId)/;

/** A signed-in route for any account, a parent's included (their profile, password and sign-out): requireAccount. */
const servesAnyAccount = (r: ApiRoute) => r.hooks.onRequest.includes(requireAccount);

/** The statuses a refused call may answer, or null when the role may call the route. */
function refusal(r: ApiRoute, role: Role): number[] | null {
  // The dev mailbox holds reset links and passwords: an admin's once an admin exists.
  const staffOnly = r.access === 'admin' || r.access === 'dev';
  const signedInOnly = r.access === 'student' || r.access === 'user' || r.access === 'parent' || staffOnly;
  if (role === 'visitor') return signedInOnly ? [401] : null;
  // A parent has their own routes (docs/product-parents.md): every student, staff and shared route refuses them,
  // but their account's own.
  if (role === 'parent') {
    if (r.access === 'parent' || r.access === 'public' || r.access === 'gateway') return null;
    if (r.access === 'user' && servesAnyAccount(r)) return null;
    return [403];
  }
  if (r.access === 'parent') return [403];
  if (isStaffCaller(role)) {
    const tableRole = STAFF_CALLERS[role];
    if (r.access === 'student') return [403];
    if (r.access === 'dev') return role === 'admin' ? null : [403];
    if (r.access === 'admin' && !staffAdmitted(r).includes(tableRole)) return [403];
    if (
      r.access === 'user' &&
      STAFF_VIEW_OF[r.key] &&
      (!PERMISSIONS[STAFF_VIEW_OF[r.key]].includes(tableRole as never) || role === 'centreManager')
    ) {
      // A centre manager may view payments, but A's are another centre's.
      return [403, 404];
    }
    if (r.access === 'admin' && role === 'centreManager' && CENTRE_BOUND.test(r.url)) return [403, 404];
    return null;
  }
  if (staffOnly) return [403];
  if (role === 'studentB' && OWNED_BY_A.has(r.key)) return [403, 404];
  return null;
}

/** A gateway's callbacks without a valid signature: refused, whoever sends them. */
const FORGED_ANSWER: Record<string, (status: number, location: string) => boolean> = {
  'POST /api/payments/sandbox/hosted': (status) => status === 400,
  'POST /api/payments/callback/:gateway': (status, location) => status === 303 && location.startsWith('/payment/failed'),
  'POST /api/payments/webhooks/:gateway': (status) => status === 400 || status === 401,
};

const callRoute = (r: ApiRoute, role: Role, path = fillPath(r.url, paramsOfA(w)), method = r.method) =>
  send(t, r, path, callers[role], bodyFor(r.key, w), method);

describe('the route table', () => {
  it('classifies every /api route the server registers, and names no route that does not exist', () => {
    expect(routes.length).toBeGreaterThan(60);
    expect(routes.filter((r) => !r.access).map((r) => r.key)).toEqual([]);
    const registered = new Set(routes.map((r) => r.key));
    expect(Object.keys(ACCESS).filter((k) => !registered.has(k))).toEqual([]);
  });

  it('guards every signed-in route in one form: its role guard as the onRequest hook in the route options', () => {
    // A signed-in route for any user serves students and staff (requireUser), or any account, a parent's too (requireAccount).
    const GUARDS_OF: Partial<Record<Access, unknown[]>> = {
      admin: [requireAdmin],
      student: [requireStudent],
      user: [requireUser, requireAccount],
      parent: [requireParent],
    };
    const permissionGuards = new Set<unknown>(ACTIONS.map((a) => requirePermission(a)));
    const guards = new Set([...Object.values(GUARDS_OF).flat(), ...permissionGuards]);
    const wrong = routes.flatMap((r) => {
      const want = r.access && GUARDS_OF[r.access];
      const onRequest = r.hooks.onRequest.filter((h) => guards.has(h));
      const elsewhere = [...r.hooks.preParsing, ...r.hooks.preValidation, ...r.hooks.preHandler].filter((h) => guards.has(h));
      if (elsewhere.length > 0) return [`${r.key}: a guard outside onRequest`];
      if (!want) return onRequest.length > 0 ? [`${r.key}: ${r.access} route with a guard`] : [];
      // A back-office route: a full admin's guard, or the guard of one action of the permission table.
      const ok = want.includes(onRequest[0]) || (r.access === 'admin' && permissionGuards.has(onRequest[0]));
      return onRequest.length === 1 && ok ? [] : [`${r.key}: wants exactly ${r.access}'s guard in onRequest`];
    });
    expect(wrong).toEqual([]);
  });

  it('every back-office route declares requireAdmin or an action of the permission table', () => {
    const undeclared = routes.filter((r) => r.access === 'admin' && declaredAction(r) === null).map((r) => r.key);
    expect(undeclared).toEqual([]);
    for (const r of routes) {
      const action = declaredAction(r);
      if (action && action !== 'admin') expect(ACTIONS, r.key).toContain(action);
    }
  });

  it('knows a value for every path parameter of every route', () => {
    for (const r of routes) expect(() => fillPath(r.url, paramsOfA(w)), r.key).not.toThrow();
  });
});

describe('refused calls', () => {
  let before: Record<string, string>;
  beforeAll(async () => {
    before = await fingerprint(t.ctx.db);
  });

  it.each(ROLES)('%s gets 401/403 where it does not belong, and 403/404 on objects of another student', async (role) => {
    const wrong: string[] = [];
    let refused = 0;
    for (const r of routes) {
      const allowed = refusal(r, role);
      if (!allowed) continue;
      refused++;
      const res = await callRoute(r, role);
      if (!allowed.includes(res.statusCode)) wrong.push(`${r.key}: ${res.statusCode} (want ${allowed.join('/')})`);
      if (r.hasHead) {
        const head = await callRoute(r, role, undefined, 'HEAD');
        if (!allowed.includes(head.statusCode)) wrong.push(`HEAD ${r.url}: ${head.statusCode} (want ${allowed.join('/')})`);
      }
    }
    expect(wrong).toEqual([]);
    // A parent is refused every student, staff and shared route (well over a hundred).
    expect(refused).toBeGreaterThan(role === 'studentA' ? 30 : role === 'admin' ? 5 : role === 'parent' ? 100 : 0);
  });

  it('on admin routes B gets 403 and a visitor 401 whatever the body, never a 400 first', async () => {
    const guarded = routes.filter((r) => r.access === 'admin' && r.method !== 'GET');
    for (const r of guarded) {
      const res = await send(t, r, fillPath(r.url, paramsOfA(w)), callers.studentB, { role: 'admin', junk: 1 });
      expect(res.statusCode, r.key).toBe(403);
      const anon = await send(t, r, fillPath(r.url, paramsOfA(w)), callers.visitor, 'not an object');
      expect(anon.statusCode, r.key).toBe(401);
      // A staff role the route does not admit: 403 before the body is read.
      for (const role of ['centreManager', 'faculty', 'accountant'] as const) {
        if (staffAdmitted(r).includes(STAFF_CALLERS[role])) continue;
        const staff = await send(t, r, fillPath(r.url, paramsOfA(w)), callers[role], 'not an object');
        expect(staff.statusCode, `${r.key} as ${role}`).toBe(403);
      }
    }
  });

  it('forged gateway callbacks are refused for everyone', async () => {
    const gatewayRoutes = routes.filter((r) => r.access === 'gateway');
    expect(gatewayRoutes.map((r) => r.key).sort()).toEqual(Object.keys(FORGED_ANSWER).sort());
    for (const r of gatewayRoutes) {
      for (const role of ROLES) {
        const res = await callRoute(r, role);
        expect(FORGED_ANSWER[r.key](res.statusCode, String(res.headers.location ?? '')), `${r.key} as ${role}: ${res.statusCode}`).toBe(
          true,
        );
      }
    }
  });

  it('and none of them changed anything in the database', async () => {
    expect(changedTables(before, await fingerprint(t.ctx.db))).toEqual([]);
  });
});

describe('allowed calls', () => {
  /** Staff act on a fresh id for anything but reads, so the world stays as the other tests left it. */
  const pathFor = (r: ApiRoute, role: Role) =>
    isStaffCaller(role) && r.method !== 'GET' && /:id\b/.test(r.url)
      ? fillPath(r.url, (name, url) => (name === 'id' ? randomUUID() : paramsOfA(w)(name, url)))
      : fillPath(r.url, paramsOfA(w)) + (QUERY_OF[r.key] ?? '');
  /** Reads that need more than their path: the status lookup also takes the phone given on the form. */
  const QUERY_OF: Record<string, string> = {
    'GET /api/admission-requests/status/:email': '?phone=9876543210',
    'GET /api/enquiries/owners': '?centre=kasba',
    'GET /api/enquiries/funnel': '?from=2026-01-01&to=2026-12-31',
    'GET /api/enquiries/funnel.csv': '?from=2026-01-01&to=2026-12-31',
    'GET /api/nlu/predict': '?rank=100&category=General',
  };

  const freshCaller = async (role: Exclude<Role, 'visitor'>): Promise<Caller> => {
    if (role === 'parent') {
      // A second session of the same parent (she signs in by a code): a token at her account's version.
      const [me] = await t.ctx.db.select({ ver: users.tokenVersion }).from(users).where(eq(users.id, callers.parentId));
      return { role, token: await t.ctx.signer.sign({ sub: callers.parentId, role: 'parent', ver: me.ver }) };
    }
    const res = await t.inject({ method: 'POST', url: '/api/auth/login', payload: callers.credentials[role], remoteAddress: '10.9.9.9' });
    return { role, token: res.json().token };
  };

  /** Reads that answer 404 here by design: no file has that key; the world has no batch, class, calendar address, credit note or enquiry. */
  const NOT_FOUND_READS = new Set([
    'GET /api/payments/:id/credit-notes/:noteId',
    'GET /api/gallery/files/:key',
    'GET /api/site/images/files/:key',
    'GET /api/uploads/files/:key',
    'GET /api/public/institute/logo/:key',
    'GET /api/batches/:id',
    'GET /api/batches/:id/sessions',
    'GET /api/sessions/:id/attendance',
    'GET /api/question-bank/questions/:id',
    'GET /api/question-bank/questions/:id/versions',
    'GET /api/calendar/:file',
    'GET /api/materials/:id/download',
    'GET /api/flashcards/decks/:id/cards',
    'GET /api/enquiries/:id',
    // The world has no daily quiz for today.
    'GET /api/daily-quizzes/today',
    // The Swagger UI's files by name: none is named "*".
    'GET /api/docs/static/*',
  ]);
  /** The parent's sign-in, sent a wrong code and a wrong password (security/calls.ts bodyFor). */
  const WRONG_CREDENTIALS = new Set(['POST /api/auth/parent/verify', 'POST /api/auth/parent/login']);
  /** Reads that send the browser on: the Swagger UI's own index.html goes to the page at /api/docs/. */
  const REDIRECT_READS = new Set(['GET /api/docs/static/index.html']);
  /** Reads that need a query the matrix does not send (a batch, a date): past the guard, they answer 400. */
  const BAD_QUERY_READS = new Set(['GET /api/attendance', 'GET /api/sessions']);
  /** Reads of a submission whose exam's results are not published: past the guard, they answer 409. */
  const UNPUBLISHED_READS = new Set(['GET /api/submissions/:id/analysis', 'GET /api/submissions/:id/review']);

  it.each(ROLES)('%s passes the guard of every route it may call, and reads answer 200', async (role) => {
    const wrong: string[] = [];
    for (const r of routes) {
      if (refusal(r, role) || r.access === 'gateway') continue;
      // Logout revokes the token it is sent with: a token of its own, so the caller's stays valid.
      const caller =
        r.key === 'POST /api/auth/logout' && role !== 'visitor' ? await freshCaller(role as Exclude<Role, 'visitor'>) : callers[role];
      const res = await send(t, r, pathFor(r, role), caller, bodyFor(r.key, w));
      const status = res.statusCode;
      if (r.key === 'POST /api/auth/register') {
        if (status !== 403 || res.json().message !== MSG.registrationDisabled) wrong.push(`${r.key}: ${status}`);
      } else if (WRONG_CREDENTIALS.has(r.key)) {
        // Open to everyone; the matrix sends a code or password that is not right (from one address, so the
        // password's lock holds once every role has tried: 429).
        if (status !== 401 && status !== 429) wrong.push(`${r.key}: ${status} ${res.body.slice(0, 120)}`);
      } else if (status === 401 || status === 403 || status >= 500) {
        wrong.push(`${r.key}: ${status} ${res.body.slice(0, 120)}`);
      } else if (
        r.method === 'GET' &&
        status !==
          (NOT_FOUND_READS.has(r.key)
            ? 404
            : REDIRECT_READS.has(r.key)
              ? 302
              : BAD_QUERY_READS.has(r.key)
                ? 400
                : UNPUBLISHED_READS.has(r.key)
                  ? 409
                  : 200)
      ) {
        wrong.push(`${r.key}: ${status} ${res.body.slice(0, 120)}`);
      }
    }
    expect(wrong).toEqual([]);
  });
});

describe('dev-only routes', () => {
  it('exist outside production without SMTP, and are gone once SMTP is configured', async () => {
    const dev = routes.filter((r) => r.access === 'dev');
    expect(dev.length).toBeGreaterThan(0);
    for (const r of dev) {
      expect((await callRoute(r, 'admin')).statusCode, r.key).toBe(200);
      expect((await callRoute(r, 'visitor')).statusCode, r.key).toBe(401);
    }
    const withSmtp = await createAppWithRoutes({ SMTP_URL: 'smtp://127.0.0.1:2525' });
    try {
      expect(withSmtp.routes.filter((r) => r.access === 'dev')).toEqual([]);
      for (const r of dev) expect((await withSmtp.t.visitor.get(r.url)).statusCode, r.key).toBe(404);
    } finally {
      await withSmtp.t.close();
    }
  }, 60_000);
});
