import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { createTestApp, type TestApp } from './helpers.ts';

// The single-page app's HTML: one page for every path outside /api, with the route's own chunks named
// as modulepreload links when the web build listed them (web/vite.config.ts, route-preloads.json).

const SCRIPT = `console.log(${JSON.stringify('x'.repeat(4000))});`;
let t: TestApp;
let web: FastifyInstance;
let dist: string;
beforeAll(async () => {
  t = await createTestApp();
  dist = fs.mkdtempSync(path.join(os.tmpdir(), 'lawcoach-pages-'));
  fs.mkdirSync(path.join(dist, 'assets'));
  fs.writeFileSync(
    path.join(dist, 'index.html'),
    '<!doctype html><html><head><script type="module" crossorigin src="/assets/index-abc.js"></script></head><body><div id="root"></div></body></html>',
  );
  fs.writeFileSync(path.join(dist, 'assets', 'index-abc.js'), SCRIPT);
  fs.writeFileSync(path.join(dist, 'assets', 'index-abc.js.br'), zlib.brotliCompressSync(SCRIPT));
  fs.writeFileSync(path.join(dist, 'assets', 'index-abc.js.gz'), zlib.gzipSync(SCRIPT));
  fs.writeFileSync(
    path.join(dist, 'route-preloads.json'),
    JSON.stringify({ '/login': ['assets/login-page-1.js', 'assets/eye-2.js'], '/about': [] }),
  );
  web = await buildApp({ config: t.config, dbHandle: t.ctx.dbHandle, webDist: dist });
  await web.ready();
}, 60_000);
afterAll(async () => {
  await web?.close();
  fs.rmSync(dist, { recursive: true, force: true });
  await t?.close();
});

const page = async (url: string) => {
  const res = await web.inject({ method: 'GET', url });
  expect(res.statusCode).toBe(200);
  expect(res.headers['content-type']).toMatch(/text\/html/);
  return res.body;
};
const preloadsOf = (html: string) => [...html.matchAll(/<link rel="modulepreload" crossorigin href="([^"]+)">/g)].map((m) => m[1]);

describe('the HTML page', () => {
  it("names a listed route's chunks as modulepreload links in its head, query string or not", async () => {
    for (const url of ['/login', '/login?next=%2Fadmin']) {
      const html = await page(url);
      expect(preloadsOf(html)).toEqual(['/assets/login-page-1.js', '/assets/eye-2.js']);
      expect(html.indexOf('modulepreload')).toBeLessThan(html.indexOf('</head>'));
      expect(html).toContain('<meta name="app-env" content="test">');
    }
  });

  it('is the plain page for a route without chunks of its own and for any other path', async () => {
    for (const url of ['/about', '/student/dashboard', '/no/such/page']) {
      const html = await page(url);
      expect(preloadsOf(html)).toEqual([]);
      expect(html).toContain('<script type="module" crossorigin src="/assets/index-abc.js"></script>');
    }
  });
});

describe('the built scripts', () => {
  it('go out as the precompressed file the browser accepts, and plain to one that accepts none', async () => {
    const url = '/assets/index-abc.js';
    for (const [accept, encoding, decode] of [
      ['gzip, deflate, br', 'br', zlib.brotliDecompressSync],
      ['gzip', 'gzip', zlib.gunzipSync],
    ] as const) {
      const res = await web.inject({ method: 'GET', url, headers: { 'accept-encoding': accept } });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-encoding']).toBe(encoding);
      expect(res.headers['content-type']).toMatch(/javascript/);
      expect(res.headers.vary).toMatch(/accept-encoding/i);
      expect(decode(res.rawPayload).toString()).toBe(SCRIPT);
    }
    const plain = await web.inject({ method: 'GET', url, headers: { 'accept-encoding': 'identity' } });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(SCRIPT);
  });
});
