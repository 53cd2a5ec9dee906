import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../src/app.ts';
import { ADMIN, createTestApp, PASSWORD, type TestApp } from '../helpers.ts';

// /api/docs maps every route and field of the API (docs/operations.md): public while developing, for
// signed-in admins only in production.

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

const docs = (app: FastifyInstance, token?: string) =>
  app.inject({ method: 'GET', url: '/api/docs', headers: token ? { authorization: `Bearer ${token}` } : {} });

describe('GET /api/docs', () => {
  it('is served to anyone outside production', async () => {
    const res = await docs(t.app);
    expect(res.statusCode).toBe(200);
    expect(res.json().openapi).toMatch(/^3\./);
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
});
