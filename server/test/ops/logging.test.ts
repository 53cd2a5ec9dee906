import { Writable } from 'node:stream';
import { desc, eq } from 'drizzle-orm';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailOutbox } from '../../src/db/schema.ts';
import { loggerOptions, requestLoggerFactory } from '../../src/plugins/logging.ts';
import { ADMIN, createTestApp, PASSWORD, type TestApp } from '../helpers.ts';

// Structured logs (docs/operations.md, "Logs"): one JSON line per event, each request's lines carry its
// id, the answer names that id, and no password, token or reset link ever reaches a line.

/** A stream that keeps each JSON line written to it in `into`. */
const lineSink = (into: string[]) =>
  new Writable({
    write(chunk, _encoding, done) {
      into.push(...chunk.toString().split('\n').filter(Boolean));
      done();
    },
  });
const lines: string[] = [];
const capture = lineSink(lines);
const records = () => lines.map((l) => JSON.parse(l) as Record<string, unknown> & { reqId?: string; msg?: string });

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({}, { logger: loggerOptions({ LOG_LEVEL: 'info' }, capture) });
});
afterAll(() => t?.close());

const WRONG_PASSWORD = 'Wrong-Guess-Password-71';
const NEW_ADMIN_PASSWORD = 'Second-Admin-Secret-58';
const RESET_PASSWORD = 'Reset-Chosen-Secret-36';

describe('request logs', () => {
  it('never contain passwords, tokens, the Authorization header or a reset token', async () => {
    const secrets: string[] = [ADMIN.password, PASSWORD, WRONG_PASSWORD, NEW_ADMIN_PASSWORD, RESET_PASSWORD];
    const student = await t.createStudent();

    // Sign-in: a wrong password, then the right one; the token is used as a bearer token.
    expect((await t.visitor.post('/api/auth/login', { email: ADMIN.email, password: WRONG_PASSWORD })).statusCode).toBe(401);
    const login = await t.visitor.post('/api/auth/login', { email: ADMIN.email, password: ADMIN.password });
    expect(login.statusCode).toBe(200);
    const token = login.json().token as string;
    secrets.push(token, token.split('.')[2]);
    expect((await t.withToken(token).get('/api/auth/profile')).statusCode).toBe(200);

    // A new admin with a password.
    const created = await t.withToken(token).post('/api/auth/create-admin', {
      firstName: 'Second',
      lastName: 'Admin',
      email: 'second-admin@test.local',
      password: NEW_ADMIN_PASSWORD,
      confirmPassword: NEW_ADMIN_PASSWORD,
    });
    expect(created.statusCode).toBe(201);

    // Forgot and reset: the token travels in the URL path.
    expect((await t.visitor.post('/api/auth/forgot-password', { email: student.email })).statusCode).toBe(200);
    const [mail] = await t.ctx.db.select().from(mailOutbox).where(eq(mailOutbox.to, student.email)).orderBy(desc(mailOutbox.createdAt));
    const resetToken = mail.text.match(/\/reset-password\/([A-Za-z0-9_-]+)/)?.[1] as string;
    expect(resetToken).toBeTruthy();
    secrets.push(resetToken);
    const reset = await t.visitor.post(`/api/auth/reset-password/${resetToken}?token=${resetToken}`, {
      password: RESET_PASSWORD,
      confirmPassword: RESET_PASSWORD,
    });
    expect(reset.statusCode).toBe(200);

    const text = lines.join('\n');
    for (const secret of secrets) expect(text, 'a secret reached the log').not.toContain(secret);
    expect(text).not.toMatch(/bearer/i);
    // The reset call is still there to be found, with its token replaced.
    expect(text).toContain('/api/auth/reset-password/[redacted]?token=[redacted]');
  });

  it('redacts passwords, tokens and the Authorization header whatever code logs them', () => {
    lines.length = 0;
    t.app.log.info(
      {
        password: 'top-level-secret-1',
        body: { password: 'body-secret-2', confirmPassword: 'body-secret-3', token: 'body-secret-4' },
        headers: { authorization: 'Bearer header-secret-5' },
      },
      'careless line',
    );
    t.app.log.error({ err: new Error('Failed query: update users set password_hash = $1\nparams: hash-secret-6,a@b.c') }, 'failed');
    const text = lines.join('\n');
    for (let i = 1; i <= 6; i++) expect(text).not.toContain(`secret-${i}`);
    expect(text).toContain('Failed query: update users set password_hash = $1');
    expect(text).toContain('[redacted]');
  });
});

describe('request ids', () => {
  it('puts the request id on every line of a request and on the answer', async () => {
    lines.length = 0;
    const res = await t.visitor.post('/api/auth/login', { email: ADMIN.email, password: WRONG_PASSWORD });
    const id = res.headers['x-request-id'] as string;
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    const mine = records().filter((r) => r.reqId === id);
    expect(mine.map((r) => r.msg)).toEqual(expect.arrayContaining(['incoming request', 'request completed']));
    // Every line written while serving a request names one.
    for (const r of records()) if (r.req || r.res) expect(r.reqId, JSON.stringify(r)).toBeTruthy();
    const second = await t.visitor.get('/api/health');
    expect(second.headers['x-request-id']).not.toBe(id);
  });

  it('keeps an incoming X-Request-Id only when it is a short plain token', async () => {
    lines.length = 0;
    const kept = await t.inject({ method: 'GET', url: '/api/health', headers: { 'x-request-id': 'lb-7f3a9c.01:abc_DEF' } });
    expect(kept.headers['x-request-id']).toBe('lb-7f3a9c.01:abc_DEF');
    expect(records().filter((r) => r.reqId === 'lb-7f3a9c.01:abc_DEF')).toHaveLength(2);

    for (const bad of ['x'.repeat(65), 'has space', '{"level":60}', 'a,b', '']) {
      const res = await t.inject({ method: 'GET', url: '/api/health', headers: { 'x-request-id': bad } });
      expect(res.headers['x-request-id'], bad).toMatch(/^[0-9a-f-]{36}$/);
    }
  });
});

describe('request logs at warn', () => {
  // Each request's logger is made on its first line (plugins/logging.ts): a request that writes nothing at
  // this level writes no line, and one that warns carries its request id as at any level.
  const warnLines: string[] = [];
  const warnCapture = lineSink(warnLines);
  let w: TestApp;
  beforeAll(async () => {
    w = await createTestApp({}, { logger: loggerOptions({ LOG_LEVEL: 'warn' }, warnCapture) });
  });
  afterAll(() => w?.close());

  it('writes only the warning, with the request id and no secret', async () => {
    expect((await w.visitor.get('/api/courses')).statusCode).toBe(200);
    expect((await w.visitor.post('/api/auth/login', { email: ADMIN.email, password: WRONG_PASSWORD })).statusCode).toBe(401);
    expect(warnLines).toEqual([]);

    const res = await w.inject({
      method: 'POST',
      url: '/api/payments/sandbox/hosted',
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-request-id': 'warn-check-1' },
      payload: 'orderId=unknown&password=hunter2-secret',
    });
    expect(res.statusCode).toBe(400);
    const written = warnLines.map((l) => JSON.parse(l) as Record<string, unknown>);
    expect(written).toHaveLength(1);
    expect(written[0]).toMatchObject({ level: 40, reqId: 'warn-check-1', msg: 'sandbox hosted page refused: bad or unknown order' });
    expect(warnLines.join('\n')).not.toContain('hunter2-secret');
  });

  it('gives a request the level, checks and children of a pino logger', async () => {
    warnLines.length = 0;
    const parent = Fastify({ logger: loggerOptions({ LOG_LEVEL: 'warn' }, warnCapture) as object }).log;
    const log = requestLoggerFactory(parent, { reqId: 'r-1' }, {}) as typeof parent & { isLevelEnabled(l: string): boolean };
    expect(log.level).toBe('warn');
    expect(log.isLevelEnabled('info')).toBe(false);
    expect(log.isLevelEnabled('error')).toBe(true);
    log.info('not written');
    log.debug({ password: 'x' }, 'not written');
    expect(warnLines).toEqual([]);
    log.error({ password: 'p4ss-secret' }, 'written');
    log.child({ part: 'grading' }).warn('from a child');
    const [first, second] = warnLines.map((l) => JSON.parse(l) as Record<string, unknown>);
    expect(first).toMatchObject({ level: 50, reqId: 'r-1', msg: 'written', password: '[redacted]' });
    expect(second).toMatchObject({ level: 40, reqId: 'r-1', part: 'grading', msg: 'from a child' });
    // A route with its own level gets its child at once, at that level.
    const debugLog = requestLoggerFactory(parent, { reqId: 'r-2' }, { level: 'debug' });
    debugLog.debug('at debug');
    expect(JSON.parse(warnLines[2])).toMatchObject({ level: 20, reqId: 'r-2', msg: 'at debug' });
  });
});
