import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../src/app.ts';
import { ADMIN, createTestApp, PASSWORD, type TestApp } from '../helpers.ts';

// /api/docs maps every route and field of the API (docs/operations.md): a page (Swagger UI) with the
// description as JSON at /api/docs/json, public while developing; in production every part of it, the
// page's scripts and styles included, for signed-in admins only.

let t: TestApp;
let production: FastifyInstance;
beforeAll(async () => {
  t = await createTestApp({ JWT_SECRET: 'api-docs-test-secret-Zq8Xk3Vb0Lw5Ny2Pr7' });
  // The same database and secret, built as production builds it.
  production = await buildApp({ config: { ...t.config, NODE_ENV: 'production' }, dbHandle: t.ctx.dbHandle });
  await production.ready();
});
afterAll(async () => {
  await production?.close();
  await t?.close();
});

const get = (app: FastifyInstance, url: string, token?: string) =>
  app.inject({ method: 'GET', url, headers: token ? { authorization: `Bearer ${token}` } : {} });
const docs = (app: FastifyInstance, token?: string) => get(app, '/api/docs/json', token);

/** Every part of the page: the page, its scripts and styles, the description as JSON and as YAML. */
const PARTS = [
  '/api/docs',
  '/api/docs/',
  '/api/docs/static/swagger-ui-bundle.js',
  '/api/docs/static/swagger-ui.css',
  '/api/docs/static/swagger-initializer.js',
  '/api/docs/json',
  '/api/docs/yaml',
];

describe('GET /api/docs', () => {
  it('is served to anyone outside production: the page, and the description at /api/docs/json', async () => {
    const res = await docs(t.app);
    expect(res.statusCode).toBe(200);
    expect(res.json().openapi).toMatch(/^3\./);
    const page = await get(t.app, '/api/docs');
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.body).toContain('swagger-ui-bundle.js');
    for (const url of PARTS) expect((await get(t.app, url)).statusCode, url).toBe(200);
  });

  it('in production: 401 for a visitor, 403 for a student, the description for a signed-in admin', async () => {
    const visitor = await docs(production);
    expect(visitor.statusCode).toBe(401);
    expect(visitor.body).not.toContain('openapi');
    const s = await t.createStudent();
    expect((await docs(production, await t.tokenFor(s.email, PASSWORD))).statusCode).toBe(403);
    const admin = await docs(production, await t.tokenFor(ADMIN.email, ADMIN.password));
    expect(admin.statusCode).toBe(200);
    expect(Object.keys(admin.json().paths)).toContain('/api/auth/login');
  });

  it("in production every part of the page is an admin's only: 401 for a visitor, 403 for a student, 200 for an admin", async () => {
    const s = await t.createStudent();
    const student = await t.tokenFor(s.email, PASSWORD);
    const admin = await t.tokenFor(ADMIN.email, ADMIN.password);
    for (const url of PARTS) {
      const visitor = await get(production, url);
      expect(visitor.statusCode, url).toBe(401);
      expect(visitor.body, url).not.toMatch(/swagger|openapi/i);
      expect((await get(production, url, student)).statusCode, url).toBe(403);
      expect((await get(production, url, admin)).statusCode, url).toBe(200);
    }
    const page = await get(production, '/api/docs', admin);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.body).toContain('/api/docs/static/swagger-ui-bundle.js');
  });
});
