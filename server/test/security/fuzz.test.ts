import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gatewayOf } from '../../src/modules/payments/gateways/index.ts';
import type { SandboxGateway } from '../../src/modules/payments/gateways/sandbox.ts';
import { UNSTORABLE_TEXT_MESSAGE } from '../../src/lib/validation.ts';
import { ADMIN, PASSWORD, type TestApp } from '../helpers.ts';
import { bodyFor } from './calls.ts';
import { changedTables, fingerprint, watchChanges } from './db-state.ts';
import { buildFuzzTargets, type FuzzTargets } from './fuzz-fixtures.ts';
import { caseFor, requestOf, type Tokens } from './fuzz-requests.ts';
import { ACCESS, type ApiRoute, createAppWithRoutes } from './routes.ts';
import { buildWorld, type World } from './world.ts';

// Security (docs/security-verification.md), fuzzing: for every /api route, generated requests from the route's own zod schemas,
// mutated. Properties: never a 5xx; a 4xx changes nothing in the database; the server stays healthy.

/** The security verification (docs/security-verification.md) asks for at least 200 cases per route per run; FUZZ_RUNS may raise it, never lower it. */
const MIN_RUNS = 200;
const RUNS = Math.max(MIN_RUNS, Number(process.env.FUZZ_RUNS) || MIN_RUNS);

let t: TestApp;
let routes: ApiRoute[];
let w: World;
let targets: FuzzTargets;
const tokens: Tokens = { student: '', admin: '' };
const signWebhook = (payload: string) => (gatewayOf(t.ctx) as SandboxGateway).signWebhook(payload);
beforeAll(async () => {
  ({ t, routes } = await createAppWithRoutes());
  w = await buildWorld(t);
  targets = await buildFuzzTargets(t, w);
}, 120_000);
afterAll(async () => t?.close());

async function signIn(email: string, password: string) {
  const res = await t.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password } });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().token as string;
}

async function refreshTokens() {
  tokens.student = await signIn(w.b.student.email, PASSWORD);
  tokens.admin = await signIn(ADMIN.email, ADMIN.password);
}

/** 5xx answers the fuzzer found, kept as plain cases (each was a 500 before its fix). */
describe('regressions', () => {
  it('a NUL character or a lone surrogate is refused (400 for a field, 404 for a path parameter), never a 500', async () => {
    const b = w.b.student.client;
    const status = await b.get('/api/payments/status/%00');
    expect(status.statusCode).toBe(404);
    const request = await t.visitor.post('/api/admission-requests', {
      ...(bodyFor('POST /api/admission-requests', w) as object),
      fullName: 'Nul\u0000Name',
    });
    expect(request.statusCode).toBe(400);
    expect(request.json().fields).toEqual({ fullName: UNSTORABLE_TEXT_MESSAGE });
    const [, , q2] = w.openExam.questions;
    const save = await b.put(`/api/exams/${w.openExam._id}/attempt/answers`, { answers: { [q2._id]: 'an\u0000essay' } });
    expect(save.statusCode).toBe(400);
    expect(save.json().fields).toEqual({ [`answers.${q2._id}`]: UNSTORABLE_TEXT_MESSAGE });
    const key = await b.put(`/api/exams/${w.openExam._id}/attempt/answers`, { answers: { 'a\u0000': 1 } });
    expect(key.statusCode).toBe(400);
    // A lone surrogate reached jsonb (the audit log) on PostgreSQL as \ud800, which it refuses.
    const exam = await t.admin.post('/api/exams', { ...(bodyFor('POST /api/exams', w) as object), title: '\ud800' });
    expect(exam.statusCode).toBe(400);
    expect(exam.json().fields).toEqual({ title: UNSTORABLE_TEXT_MESSAGE });
    const low = await t.admin.post('/api/announcements', { title: 'T', content: 'a\udc00b' });
    expect(low.json().fields).toEqual({ content: UNSTORABLE_TEXT_MESSAGE });
    expect((await t.admin.post('/api/announcements', { title: 'Emoji 🙂', content: 'Paired surrogates are fine' })).statusCode).toBe(201);
    // Validation comes after the guard: a visitor still gets 401.
    expect((await t.visitor.post('/api/courses', { name: '\u0000' })).statusCode).toBe(401);
  });

  it('a date beyond what the database holds is refused with the field message', async () => {
    const announcement = await t.admin.post('/api/announcements', { title: 'T', content: 'C', publishDate: '-010000-01-01' });
    expect(announcement.statusCode).toBe(400);
    expect(announcement.json().fields).toEqual({ publishDate: 'Please enter a valid date' });
    const expiry = await t.admin.post('/api/announcements', { title: 'T', content: 'C', expiryDate: '+275760-09-13T00:00:00.000Z' });
    expect(expiry.json().fields).toEqual({ expiryDate: 'Please enter a valid date' });
    const submit = await w.b.student.client.post('/api/submissions', { examId: w.openExam._id, answers: {}, startTime: '0000-01-01' });
    expect(submit.statusCode).toBe(400);
    expect(submit.json().fields).toEqual({ startTime: 'Invalid time' });
  });

  it('a signed webhook with unusable fields is ignored and changes nothing', async () => {
    const before = await fingerprint(t.ctx.db);
    for (const [i, orderId] of ['a\u0000b', '\ud800', { $gt: '' }, 'x'.repeat(5000)].entries()) {
      const payload = JSON.stringify({ event: 'payment.captured', payload: { payment: { entity: { id: 'pay_1', order_id: orderId } } } });
      const res = await t.inject({
        method: 'POST',
        url: '/api/payments/webhooks/sandbox',
        payload,
        headers: { 'content-type': 'application/json', 'x-sandbox-signature': signWebhook(payload), 'x-sandbox-event-id': `evt_reg_${i}` },
      });
      expect(res.statusCode, res.body).toBe(200);
    }
    // Only the event ids are recorded, so that a replay is recognised.
    expect(changedTables(before, await fingerprint(t.ctx.db))).toEqual(['gateway_events']);
  });
});

// Destructive routes last, so the others still find the objects they aim at.
const KEYS = Object.keys(ACCESS).sort((a, b) => Number(a.startsWith('DELETE')) - Number(b.startsWith('DELETE')));

describe('fuzzing every route', () => {
  it('fuzzes exactly the routes of the server', () => {
    expect(routes.map((r) => r.key).sort()).toEqual([...KEYS].sort());
  });

  it.each(KEYS)(
    '%s: never a 5xx, never a change on a 4xx',
    async (key) => {
      const r = routes.find((x) => x.key === key);
      if (!r) throw new Error(`${key} is not a route of the server`);
      await refreshTokens();
      const watch = watchChanges(t.ctx.db);
      await watch.sync();
      const statuses = new Map<number, number>();
      await fc.assert(
        fc.asyncProperty(caseFor(r, targets), async (c) => {
          const res = await t.inject(requestOf(r, c, tokens, signWebhook));
          statuses.set(res.statusCode, (statuses.get(res.statusCode) ?? 0) + 1);
          expect(res.statusCode, res.body.slice(0, 300)).toBeLessThan(500);
          const changed = await watch.changed();
          if (res.statusCode >= 400) expect(changed, `${res.statusCode} ${res.body.slice(0, 200)}`).toEqual([]);
          // B signed out everywhere (logout): sign in again, so the next cases still reach the route.
          if (res.statusCode === 401 && (c.who === 'student' || c.who === 'admin')) {
            await refreshTokens();
            await watch.sync();
          }
        }),
        { numRuns: RUNS },
      );
      // FUZZ_DEBUG=1 shows how deep the cases reached (statuses per route).
      if (process.env.FUZZ_DEBUG) console.log(key, JSON.stringify(Object.fromEntries([...statuses].sort())));
      expect([...statuses.values()].reduce((s, n) => s + n, 0)).toBeGreaterThanOrEqual(MIN_RUNS);
      expect((await t.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
    },
    120_000,
  );

  it('leaves the server healthy', async () => {
    const res = await t.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok' });
  });
});
