import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.ts';
import type { Config } from '../../src/config.ts';
import { createTestApp, type TestApp } from '../helpers.ts';

// Security (docs/security-verification.md), browser security: the security headers on every kind of answer the server gives (API JSON,
// the HTML page, a static asset, a 404, an error), and HSTS only on what went out over HTTPS.

const here = path.dirname(fileURLToPath(import.meta.url));
let t: TestApp;
let dist: string;
const apps: FastifyInstance[] = [];

/** A small stand-in for web/dist (vitest runs before the web app is built). */
function makeDist() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lawcoach-dist-'));
  fs.mkdirSync(path.join(dir, 'assets'));
  fs.writeFileSync(
    path.join(dir, 'index.html'),
    '<!doctype html><html><head><script type="module" crossorigin src="/assets/index-abc123.js"></script></head><body><div id="root"></div></body></html>',
  );
  fs.writeFileSync(path.join(dir, 'assets', 'index-abc123.js'), 'console.log("app");');
  fs.writeFileSync(path.join(dir, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  return dir;
}

/** The app on the test database, serving the stand-in web app, with a route that fails (a 500). */
async function appWith(overrides: Partial<Config> = {}) {
  const app = await buildApp({ config: { ...t.config, ...overrides }, dbHandle: t.ctx.dbHandle, webDist: dist });
  app.get('/api/test-only/boom', async () => {
    throw new Error('boom');
  });
  await app.ready();
  apps.push(app);
  return app;
}

let web: FastifyInstance;
let studentToken: string;
let adminToken: string;
beforeAll(async () => {
  // One signing secret, so the stand-in apps accept the test app's tokens.
  t = await createTestApp({ JWT_SECRET: 'headers-test-secret-headers-test-secret-0123' });
  dist = makeDist();
  web = await appWith();
  const s = await t.createStudent();
  studentToken = await t.tokenFor(s.email, 'Student-Pass-9');
  adminToken = await t.tokenFor('admin@test.local', 'Admin-Password-1');
}, 60_000);
afterAll(async () => {
  for (const app of apps) await app.close();
  fs.rmSync(dist, { recursive: true, force: true });
  await t?.close();
});

/** `default-src 'self'; script-src 'self' …` → { 'default-src': ["'self'"], … } */
function directives(csp: string): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const part of csp.split(';')) {
    const [name, ...values] = part.trim().split(/\s+/);
    if (name) out[name.toLowerCase()] = values;
  }
  return out;
}

/** What every answer must carry; the list of problems, empty when all is well. */
function headerProblems(res: LightMyRequestResponse): string[] {
  const h = res.headers;
  const problems: string[] = [];
  const csp = String(h['content-security-policy'] ?? '');
  if (!csp) problems.push('no content-security-policy');
  const d = directives(csp);
  const scripts = d['script-src'] ?? d['default-src'] ?? [];
  if (scripts.length === 0) problems.push('no script-src or default-src');
  for (const bad of ["'unsafe-inline'", "'unsafe-eval'", '*', 'data:', 'http:', 'https:']) {
    if (scripts.includes(bad)) problems.push(`script-src allows ${bad}`);
  }
  const objects = d['object-src'] ?? d['default-src'] ?? [];
  if (objects.join(' ') !== "'none'") problems.push(`object-src is ${objects.join(' ') || 'unset'}`);
  if ((d['frame-ancestors'] ?? []).join(' ') !== "'none'") problems.push(`frame-ancestors is ${d['frame-ancestors'] ?? 'unset'}`);
  if (d['base-uri'] && !["'self'", "'none'"].includes(d['base-uri'].join(' '))) problems.push('base-uri too wide');
  if (h['x-content-type-options'] !== 'nosniff') problems.push(`x-content-type-options ${h['x-content-type-options']}`);
  const referrer = String(h['referrer-policy'] ?? '');
  if (!['no-referrer', 'strict-origin-when-cross-origin', 'same-origin', 'strict-origin'].includes(referrer)) {
    problems.push(`referrer-policy ${referrer || 'unset'}`);
  }
  if (String(h['x-frame-options'] ?? '').toUpperCase() !== 'DENY') problems.push(`x-frame-options ${h['x-frame-options']}`);
  if (h['x-powered-by']) problems.push('x-powered-by present');
  return problems;
}

const auth = (token: string) => ({ authorization: `Bearer ${token}` });

/** One request of each kind of answer, with the status and content type it must have. */
const KINDS: [string, InjectOptions, number, RegExp][] = [
  ['API JSON', { method: 'GET', url: '/api/health' }, 200, /application\/json/],
  ['API JSON list', { method: 'GET', url: '/api/centres' }, 200, /application\/json/],
  ['HTML page (index)', { method: 'GET', url: '/' }, 200, /text\/html/],
  ['HTML page (single-page fallback)', { method: 'GET', url: '/admin/dashboard' }, 200, /text\/html/],
  ['HEAD of the HTML page', { method: 'HEAD', url: '/about' }, 200, /text\/html/],
  ['static asset (script)', { method: 'GET', url: '/assets/index-abc123.js' }, 200, /javascript/],
  ['static file (icon)', { method: 'GET', url: '/favicon.svg' }, 200, /image\/svg\+xml/],
  ['404 of the API', { method: 'GET', url: '/api/no-such-route' }, 404, /application\/json/],
  ['404 of a non-GET page', { method: 'POST', url: '/nowhere' }, 404, /application\/json/],
  [
    '404 of a record',
    { method: 'GET', url: '/api/admission-requests/status/nobody%40test.local?phone=9800000000' },
    404,
    /application\/json/,
  ],
  ['400 bad input', { method: 'POST', url: '/api/auth/login', payload: { email: 'x' } }, 400, /application\/json/],
  [
    '400 broken JSON',
    { method: 'POST', url: '/api/auth/login', payload: '{', headers: { 'content-type': 'application/json' } },
    400,
    /json/,
  ],
  ['401 not signed in', { method: 'GET', url: '/api/auth/profile' }, 401, /application\/json/],
  ['413 body too large', { method: 'POST', url: '/api/auth/login', payload: { email: 'x'.repeat(1_100_000) } }, 413, /json/],
  ['500 error', { method: 'GET', url: '/api/test-only/boom' }, 500, /application\/json/],
  ['sandbox gateway page error (HTML)', { method: 'POST', url: '/api/payments/sandbox/hosted', payload: {} }, 400, /text\/html/],
];

describe('security headers', () => {
  it.each(KINDS)('%s carries them', async (_kind, request, status, type) => {
    const res = await web.inject(request);
    expect(res.statusCode, res.body.slice(0, 200)).toBe(status);
    expect(String(res.headers['content-type'])).toMatch(type);
    expect(headerProblems(res)).toEqual([]);
    expect(res.headers['strict-transport-security']).toBeUndefined();
  });

  it('403 for the wrong role, the CSV export and a signed-in read carry them', async () => {
    const forbidden = await web.inject({ method: 'GET', url: '/api/users', headers: auth(studentToken) });
    expect(forbidden.statusCode).toBe(403);
    expect(headerProblems(forbidden)).toEqual([]);
    const csv = await web.inject({ method: 'GET', url: '/api/users/export.csv', headers: auth(adminToken) });
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toMatch(/text\/csv/);
    expect(headerProblems(csv)).toEqual([]);
    const profile = await web.inject({ method: 'GET', url: '/api/auth/profile', headers: auth(studentToken) });
    expect(profile.statusCode).toBe(200);
    expect(headerProblems(profile)).toEqual([]);
  });

  it('the checker itself fails on a weak policy (so the checks above can fail)', () => {
    const fake = (csp: string, extra: Record<string, string> = {}) =>
      ({
        headers: {
          'content-security-policy': csp,
          'x-content-type-options': 'nosniff',
          'referrer-policy': 'no-referrer',
          'x-frame-options': 'DENY',
          ...extra,
        },
      }) as unknown as LightMyRequestResponse;
    const good = "default-src 'self'; script-src 'self'; object-src 'none'; frame-ancestors 'none'";
    expect(headerProblems(fake(good))).toEqual([]);
    expect(headerProblems(fake(good.replace("script-src 'self'", "script-src 'self' 'unsafe-inline'")))).toEqual([
      "script-src allows 'unsafe-inline'",
    ]);
    expect(headerProblems(fake("default-src 'self'; frame-ancestors 'none'"))).toEqual(["object-src is 'self'"]);
    expect(headerProblems(fake(good, { 'x-content-type-options': '' }))).toHaveLength(1);
  });

  it('the page the browser loads names its script by address: no inline script in web/index.html', () => {
    // Vite builds web/dist/index.html from this file and adds only <script src> tags; the browser journey
    // (e2e/security.spec.ts) checks the built page as served.
    const html = fs.readFileSync(path.resolve(here, '../../../web/index.html'), 'utf8');
    const scripts = [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)];
    expect(scripts.length).toBeGreaterThan(0);
    for (const [, attrs, body] of scripts) {
      expect(attrs).toMatch(/\bsrc=/);
      expect(body.trim()).toBe('');
    }
    expect(html).not.toMatch(/\son[a-z]+\s*=/i);
  });
});

describe('HSTS', () => {
  const hsts = (res: LightMyRequestResponse) => res.headers['strict-transport-security'] as string | undefined;
  const overHttps = { 'x-forwarded-proto': 'https' };

  it('is sent over HTTPS behind a trusted proxy, on JSON, HTML and error answers, for at least a year', async () => {
    const proxied = await appWith({ TRUST_PROXY: true });
    for (const url of ['/api/health', '/', '/assets/index-abc123.js', '/api/auth/profile', '/api/no-such-route']) {
      const res = await proxied.inject({ method: 'GET', url, headers: overHttps });
      const value = hsts(res);
      expect(value, url).toBeDefined();
      const maxAge = Number(/max-age=(\d+)/.exec(value ?? '')?.[1]);
      expect(maxAge, url).toBeGreaterThanOrEqual(31_536_000);
      expect(value).toContain('includeSubDomains');
      expect(headerProblems(res), url).toEqual([]);
    }
    // The same proxy saying plain HTTP: no HSTS.
    expect(hsts(await proxied.inject({ method: 'GET', url: '/api/health', headers: { 'x-forwarded-proto': 'http' } }))).toBeUndefined();
    expect(hsts(await proxied.inject({ method: 'GET', url: '/api/health' }))).toBeUndefined();
  });

  it('is not sent when the HTTPS claim comes from a client the server does not trust, nor over plain HTTP', async () => {
    expect(hsts(await web.inject({ method: 'GET', url: '/api/health', headers: overHttps }))).toBeUndefined();
    expect(hsts(await web.inject({ method: 'GET', url: '/' }))).toBeUndefined();
    // Even with an https:// PUBLIC_URL, an answer over plain HTTP carries none.
    const https = await appWith({ publicUrl: 'https://institute.example' });
    expect(hsts(await https.inject({ method: 'GET', url: '/api/health' }))).toBeUndefined();
  });
});
