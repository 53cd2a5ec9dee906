import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import { buildApp } from '../src/app.ts';
import { ADMIN, createTestApp, type TestApp } from './helpers.ts';

// The public pages rendered on the server (server/src/plugins/web-pages.ts), with a stand-in for the
// renderer web/src/entry-server.tsx builds: it reads the courses through the app, as the real one's query
// hooks do, and counts its renders, so the cache per content version can be seen.

type Renders = { count: number; fail: boolean };
const renders = (): Renders => (globalThis as unknown as { __renders: Renders }).__renders;

const RENDERER = `
globalThis.__renders ??= { count: 0, fail: false };
export const isServerRendered = (p) => p === '/' || p === '/courses/none' || p === '/admission-request';
export async function renderPage(url, origin, transport) {
  globalThis.__renders.count++;
  if (globalThis.__renders.fail) throw new Error('render failed');
  if (url.startsWith('/courses/none')) return { kind: 'shell', status: 404 };
  const courses = await (await transport('/api/courses', {})).json();
  return {
    kind: 'html',
    status: 200,
    head: '<title>Home | ' + origin + '</title>',
    body: '<main>' + courses.map((c) => c.name).join(', ') + ' at ' + url + '</main>',
    data: '<script type="application/json" id="server-data">{"queries":[]}</script>',
  };
}
`;

let t: TestApp;
let web: FastifyInstance;
let dir: string;
beforeAll(async () => {
  t = await createTestApp();
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lawcoach-rendered-'));
  const dist = path.join(dir, 'dist');
  fs.mkdirSync(path.join(dist, 'assets'), { recursive: true });
  fs.writeFileSync(
    path.join(dist, 'index.html'),
    '<!doctype html><html><head><meta name="description" content="shell"><title>Shell</title><script type="module" crossorigin src="/assets/index-abc.js"></script></head><body><div id="root"></div></body></html>',
  );
  fs.writeFileSync(path.join(dist, 'assets', 'index-abc.js'), 'console.log(1)');
  fs.writeFileSync(path.join(dir, 'renderer.mjs'), RENDERER);
  web = await buildApp({ config: t.config, dbHandle: t.ctx.dbHandle, webDist: dist, webRenderer: path.join(dir, 'renderer.mjs') });
  await web.ready();
}, 60_000);
afterAll(async () => {
  await web?.close();
  fs.rmSync(dir, { recursive: true, force: true });
  await t?.close();
});
beforeEach(() => {
  if (renders()) renders().fail = false;
});

const get = (url: string, headers: Record<string, string> = {}) => web.inject({ method: 'GET', url, headers });

describe('a server-rendered page', () => {
  it('is the shell with the page head in place of its own, the HTML in #root and the data after it', async () => {
    const res = await get('/');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/text\/html/);
    const html = res.body;
    expect(html).toContain(`<title>Home | ${t.config.publicUrl}</title>`);
    expect(html).not.toContain('<title>Shell</title>');
    expect(html).not.toContain('content="shell"');
    expect(html).toMatch(/<div id="root"><main>[^<]* at \/<\/main><\/div><script type="application\/json" id="server-data">/);
    expect(html).toContain('<script type="module" crossorigin src="/assets/index-abc.js"></script>');
  });

  it('is rendered once per content version: a write to the courses renders it again with the change', async () => {
    // The clock stands still, so the pages' 2 s lifetime does not end within the test.
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-12-07T10:00:00.500Z'));
    onTestFinished(() => {
      vi.useRealTimers();
    });
    await get('/');
    const before = renders().count;
    for (let i = 0; i < 3; i++) expect((await get('/')).statusCode).toBe(200);
    expect(renders().count).toBe(before);

    // A write through this app's services moves its content version (ctx.caches.publicReads).
    const login = await web.inject({ method: 'POST', url: '/api/auth/login', payload: ADMIN });
    const { token } = login.json() as { token: string };
    const name = `Mains answer writing ${Date.now()}`;
    const created = await web.inject({
      method: 'POST',
      url: '/api/courses',
      headers: { authorization: `Bearer ${token}` },
      payload: { name, description: 'Answers.', price: 9000, feeType: 'full', duration: '2 months', features: ['Weekly answers'] },
    });
    expect(created.statusCode, created.body).toBe(201);
    const after = await get('/');
    expect(renders().count).toBe(before + 1);
    expect(after.body).toContain(name);

    // Older than the public reads' lifetime, the page asks its answers again: the same, it is kept...
    vi.setSystemTime(new Date('2026-12-07T10:00:02.600Z'));
    await get('/');
    expect(renders().count).toBe(before + 1);
    // ...changed by another instance (here the test's other app, whose writes move only its own version),
    // it is rendered again as soon as the API shows the change.
    const adminToken = await t.tokenFor(ADMIN.email, ADMIN.password);
    const other = await t.app.inject({
      method: 'POST',
      url: '/api/courses',
      headers: { authorization: `Bearer ${adminToken}` },
      payload: {
        name: `${name} elsewhere`,
        description: 'Answers.',
        price: 9000,
        feeType: 'full',
        duration: '2 months',
        features: ['Weekly answers'],
      },
    });
    expect(other.statusCode, other.body).toBe(201);
    expect((await get('/')).body).not.toContain(`${name} elsewhere`);
    vi.setSystemTime(new Date('2026-12-07T10:00:05.000Z'));
    expect((await get('/')).body).toContain(`${name} elsewhere`);
    expect(renders().count).toBe(before + 2);
  });

  it('is kept per address with its query string: each is rendered with its own', async () => {
    const a = await get('/admission-request?course=a');
    const b = await get('/admission-request?course=b');
    expect(a.body).toContain('at /admission-request?course=a');
    expect(b.body).toContain('at /admission-request?course=b');
  });

  it('goes compressed to a browser that accepts brotli or gzip, plain to one that accepts neither', async () => {
    const plain = (await get('/')).body;
    const br = await get('/', { 'accept-encoding': 'gzip, deflate, br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toMatch(/accept-encoding/);
    expect(zlib.brotliDecompressSync(br.rawPayload).toString()).toBe(plain);
    const gz = await get('/', { 'accept-encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gz.rawPayload).toString()).toBe(plain);
  });

  it('is the shell with the status the renderer gives when the browser should render it (no such course)', async () => {
    const res = await get('/courses/none');
    expect(res.statusCode).toBe(404);
    expect(res.body).toContain('<div id="root"></div>');
    expect(res.body).toContain('<title>Shell</title>');
  });

  it('is the shell for the browser to render when rendering fails, and the failure is not kept', async () => {
    renders().fail = true;
    const res = await get('/admission-request?course=failing');
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<div id="root"></div>');
    renders().fail = false;
    expect((await get('/admission-request?course=failing')).body).toContain('at /admission-request?course=failing');
  });

  it('is not rendered for an address the renderer does not list', async () => {
    const before = renders().count;
    const res = await get('/admin/dashboard');
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<div id="root"></div>');
    expect(renders().count).toBe(before);
  });
});
