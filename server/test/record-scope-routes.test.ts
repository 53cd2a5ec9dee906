import { randomUUID } from 'node:crypto';
import type { FastifyReply, FastifyRequest, RouteOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { questionsAsked } from '../src/lib/record-scope.ts';
import { createTestApp, type TestApp } from './helpers.ts';
import { bodyFor, type Callers, callersOf, paramsOfA, send } from './security/calls.ts';
import { ACCESS, fillPath, paramNames } from './security/routes.ts';
import { buildWorld, type World } from './security/world.ts';

// Every route that takes a student, submission, payment, attendance, batch or enquiry id goes through the
// record-scope layer (lib/record-scope.ts, docs/architecture.md "Whose records"): the route table is read
// from the server itself, each such route is called by someone its guard lets through, and the request
// must have asked the layer at least one question before it answered. A route added without the layer
// fails here, whatever it answers.

/** The path prefixes whose parameters name one of those records. */
const RECORD_PATHS = /^\/api\/(users|submissions|payments|batches|sessions|attendance|enquiries|parent\/children)\//;
/** Body or query fields that name one of those records. */
const RECORD_FIELDS = new Set([
  'studentId',
  'student',
  'batch',
  'batchId',
  'batches',
  'submissionId',
  'paymentId',
  'admissionId',
  'orderId',
]);

/**
 * Routes that name such an id without reading anyone's records by it, and why. Nothing else may be here.
 */
const NOT_RECORDS: Record<string, string> = {
  // An exam's id under /api/submissions: publishing acts on the exam's results, not on one record.
  'PATCH /api/submissions/admin/publish-results/:examId': 'exam',
  'PATCH /api/submissions/admin/unpublish-results/:examId': 'exam',
  // A material's batches are its audience (who may download it), not records of those batches.
  'PATCH /api/materials/:id': 'audience',
  // The student list's batch filter narrows a list the layer already scoped (studentFilter).
  'GET /api/users': 'filter',
  'GET /api/users/export.csv': 'filter',
};

/**
 * The routes a signed-in user calls for their own account (their profile, password and sign-out): they read
 * the account, not a student's records, and are the only student or user routes that need not ask.
 */
const OWN_ACCOUNT: Record<string, string> = {
  'GET /api/auth/profile': 'account',
  'POST /api/auth/change-password': 'account',
  'POST /api/auth/logout': 'account',
};

type Seen = { key: string; method: string; url: string; schema: { body?: unknown; querystring?: unknown } };

/** The field names of a zod schema, through optional, pipes and refinements. */
function fieldsOf(schema: unknown): string[] {
  const s = schema as { shape?: Record<string, unknown>; def?: { in?: unknown; innerType?: unknown; type?: string } } | undefined;
  if (!s) return [];
  if (s.shape) return Object.keys(s.shape);
  if (s.def?.in) return fieldsOf(s.def.in);
  if (s.def?.innerType) return fieldsOf(s.def.innerType);
  return [];
}

// The gateway's calls are trusted through the signature they carry, never through a session.
const takesRecordId = (r: Seen) =>
  ACCESS[r.key] !== 'gateway' &&
  ((RECORD_PATHS.test(r.url) && paramNames(r.url).length > 0) ||
    r.url === '/api/attendance' ||
    [...fieldsOf(r.schema.body), ...fieldsOf(r.schema.querystring)].some((f) => RECORD_FIELDS.has(f)));

let t: TestApp;
let w: World;
let callers: Callers;
let routes: Seen[] = [];
/** The questions the layer was asked by the last request, by route. */
const asked = new Map<string, readonly string[]>();
let batchId = '';
let sessionId = '';
const today = new Date().toISOString().slice(0, 10);

function collect(route: RouteOptions) {
  const url = route.url.length > 1 ? route.url.replace(/\/$/, '') : route.url;
  for (const method of [route.method].flat()) {
    if (method === 'HEAD' || !url.startsWith('/api/')) continue;
    const key = `${method} ${url}`;
    if (!routes.some((r) => r.key === key)) routes.push({ key, method, url, schema: (route.schema ?? {}) as Seen['schema'] });
    // Read just before the answer goes out (errors too): what the layer was asked on this request.
    const note = async (req: FastifyRequest, _reply: FastifyReply, payload: unknown) => {
      asked.set(key, [...questionsAsked(req.scope)]);
      return payload;
    };
    route.onSend = [...[route.onSend ?? []].flat(), note] as RouteOptions['onSend'];
  }
}

beforeAll(async () => {
  routes = [];
  t = await createTestApp({}, { onRoute: collect });
  w = await buildWorld(t);
  callers = await callersOf(t, w);
  const batch = await t.admin.post('/api/batches', {
    name: 'Scope batch',
    course: w.course._id,
    centre: 'dumdum',
    academicYear: '2026-27',
    timing: 'MORNING',
    startsOn: '2020-01-01',
    endsOn: '2040-12-31',
    capacity: 30,
  });
  expect(batch.statusCode, batch.body).toBe(201);
  batchId = batch.json()._id;
  const session = await t.admin.post(`/api/batches/${batchId}/sessions`, {
    date: today,
    startTime: '09:00',
    endTime: '10:00',
    subject: 'Torts',
    teacher: 'Nobody',
    room: '1',
  });
  expect(session.statusCode, session.body).toBe(201);
  sessionId = session.json().sessions[0]._id;
}, 180_000);
afterAll(async () => t?.close());

/** Bodies the security tests do not send, valid enough to reach the handler. */
function bodyOf(key: string): unknown {
  const bodies: Record<string, unknown> = {
    'PATCH /api/batches/:id': { capacity: 25 },
    'POST /api/batches/:id/sessions': {
      date: today,
      startTime: '11:00',
      endTime: '12:00',
      subject: 'Contracts',
      teacher: 'Nobody',
      room: '2',
    },
    'PATCH /api/sessions/:id': { room: '3' },
    'PUT /api/sessions/:id/attendance': { absent: [] },
    'POST /api/payments/counter': {
      studentId: randomUUID(),
      amount: 100,
      method: 'cash',
      centre: 'dumdum',
      receivedAt: new Date().toISOString(),
    },
    'POST /api/payments/:id/refund': {},
    'POST /api/payments/:id/bounce': { reason: 'Returned unpaid' },
    'POST /api/parent/password': { newPassword: 'Matrix-Parent-Pass-7' },
  };
  return key in bodies ? bodies[key] : bodyFor(key, w);
}

const QUERY_OF: Record<string, () => string> = {
  'GET /api/attendance': () => `?batch=${batchId}`,
};

/** A's records, the test's batch and class; staff writes aim at a fresh id, so the world stays as it is. */
function pathOf(r: Seen, asStaff: boolean) {
  const ofA = paramsOfA(w);
  const fresh = asStaff && r.method !== 'GET';
  return (
    fillPath(r.url, (name, url) => {
      if (name !== 'id') return ofA(name, url);
      if (fresh) return randomUUID();
      if (url.startsWith('/api/batches/')) return batchId;
      if (url.startsWith('/api/sessions/')) return sessionId;
      return ofA(name, url);
    }) + (QUERY_OF[r.key]?.() ?? '')
  );
}

describe('the record-scope layer', () => {
  it('finds the routes that take a record id in the route table', () => {
    const found = routes.filter(takesRecordId).map((r) => r.key);
    expect(found.length).toBeGreaterThan(25);
    // The exemptions name routes that exist and take such an id.
    for (const key of Object.keys(NOT_RECORDS)) expect(found, key).toContain(key);
  });

  it('is asked by every route that takes a student, submission, payment, attendance, batch or enquiry id', async () => {
    const bypassing: string[] = [];
    let checked = 0;
    for (const r of routes.filter(takesRecordId)) {
      if (NOT_RECORDS[r.key]) continue;
      const access = ACCESS[r.key];
      // The student's routes as A on A's records, the parent's as A's parent; the back office's as the full admin
      // (every question answers every kind).
      const caller = access === 'parent' ? callers.parent : access === 'student' || access === 'user' ? callers.studentA : callers.admin;
      asked.delete(r.key);
      const res = await send(t, r, pathOf(r, caller === callers.admin), caller, bodyOf(r.key));
      checked++;
      if (res.statusCode === 401 || res.statusCode === 403 || res.statusCode >= 500) {
        bypassing.push(`${r.key}: ${res.statusCode} as ${caller.role} ${res.body.slice(0, 100)}`);
      } else if ((asked.get(r.key) ?? []).length === 0) {
        bypassing.push(`${r.key}: answered ${res.statusCode} without asking the record-scope layer`);
      }
    }
    expect(bypassing).toEqual([]);
    expect(checked).toBeGreaterThan(25);
  });

  // A student's own routes name no id: the student is the signed-in one. Each must still ask the layer
  // (`ownStudentId`, or a filter of the student's scope), so a student route that reads the signed-in id
  // as "the student" by itself fails here; so must a route any signed-in user calls that serves a student
  // as a student (the exams list, a paper, a material's download).
  it('is asked by every student route and every route a student calls as a student', async () => {
    const bypassing: string[] = [];
    const own = routes.filter((r) => (ACCESS[r.key] === 'student' || ACCESS[r.key] === 'user') && !takesRecordId(r));
    for (const key of Object.keys(OWN_ACCOUNT))
      expect(
        own.map((r) => r.key),
        key,
      ).toContain(key);
    let checked = 0;
    for (const r of own) {
      if (OWN_ACCOUNT[r.key]) continue;
      asked.delete(r.key);
      const res = await send(t, r, pathOf(r, false), callers.studentA, bodyOf(r.key));
      checked++;
      if (res.statusCode === 401 || res.statusCode === 403 || res.statusCode >= 500) {
        bypassing.push(`${r.key}: ${res.statusCode} as student A ${res.body.slice(0, 100)}`);
      } else if (!(asked.get(r.key) ?? []).length) {
        bypassing.push(`${r.key}: answered ${res.statusCode} without asking the record-scope layer`);
      }
    }
    expect(bypassing).toEqual([]);
    expect(checked).toBeGreaterThan(15);
  });

  // A parent's routes (docs/product-parents.md): each one that names a child asks childScope for it first (so
  // another student's id is "not found"), and each of the parent's own ones asks ownParentId.
  it('is asked by every parent route: childScope for a child, ownParentId for the parent’s own', async () => {
    const wrong: string[] = [];
    // Setting a password ends the parent's other sessions (this one's token included): it goes last.
    const parentRoutes = routes
      .filter((r) => ACCESS[r.key] === 'parent')
      .sort((a, b) => Number(a.key === 'POST /api/parent/password') - Number(b.key === 'POST /api/parent/password'));
    for (const r of parentRoutes) {
      asked.delete(r.key);
      const res = await send(t, r, pathOf(r, false), callers.parent, bodyOf(r.key));
      const questions = asked.get(r.key) ?? [];
      const want = paramNames(r.url).includes('id') ? 'child' : 'own';
      if (res.statusCode === 401 || res.statusCode === 403 || res.statusCode >= 500) {
        wrong.push(`${r.key}: ${res.statusCode} as the parent ${res.body.slice(0, 100)}`);
      } else if (questions[0] !== want) {
        wrong.push(`${r.key}: asked ${JSON.stringify(questions)}, first wants ${want}`);
      }
    }
    expect(wrong).toEqual([]);
    expect(parentRoutes.length).toBeGreaterThanOrEqual(7);
  });
});
