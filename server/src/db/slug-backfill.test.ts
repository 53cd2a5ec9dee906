import fs from 'node:fs';
import { asc, sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { slugify } from '@app/common/schemas/courses';
import { createTestApp, type TestApp } from '../../test/helpers.ts';
import { courses } from './schema.ts';

// Migration 0024 gives every existing course its slug from its name, as the service does for a new one
// (courses/service.ts, slugFromName): run here on courses written without one.

const MIGRATION = fs.readFileSync(new URL('./migrations/0024_site_content.sql', import.meta.url), 'utf8');
/** The backfill: the statements between adding the column and making it required. */
const BACKFILL = MIGRATION.slice(
  MIGRATION.indexOf('-- Existing courses'),
  MIGRATION.indexOf('ALTER TABLE "courses" ALTER COLUMN "slug" SET NOT NULL'),
)
  .split('--> statement-breakpoint')
  .map((s) => s.trim())
  .filter(Boolean);

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

it('names each course by its name, the second of a name -2, and never two alike', async () => {
  expect(BACKFILL).toHaveLength(3);
  const names = [
    'CLAT Preparation',
    'CLAT preparation',
    'Judiciary (WB) — Mains',
    '¡¡¡',
    'CLAT Preparation 2',
    'Crème Brûlée LL.B.',
    'Admin',
  ];
  const base = new Date('2026-01-01T00:00:00Z').getTime();
  await t.ctx.db
    .insert(courses)
    .values(
      names.map((name, i) => ({ name, description: 'd', pricePaise: 100, duration: '1 month', createdAt: new Date(base + i * 1000) })),
    );
  await t.ctx.db.execute(sql`alter table courses drop constraint courses_slug_unique`);
  await t.ctx.db.execute(sql`alter table courses alter column slug drop not null`);
  await t.ctx.db.execute(sql`update courses set slug = null`);
  for (const statement of BACKFILL) await t.ctx.db.execute(sql.raw(statement));
  const rows = await t.ctx.db
    .select({ name: courses.name, slug: courses.slug, id: courses.id })
    .from(courses)
    .orderBy(asc(courses.createdAt));
  const slugs = rows.map((r) => r.slug);
  expect(slugs.slice(0, 4)).toEqual(['clat-preparation', 'clat-preparation-2', 'judiciary-wb-mains', 'course']);
  // "CLAT Preparation 2" is clat-preparation-2 by its own name, taken by the second CLAT Preparation: its id's start is added.
  expect(slugs[4]).toBe(`clat-preparation-2-${rows[4].id.slice(0, 8)}`);
  // Accented letters lose their accents, as in the service's slugify.
  expect(slugs[5]).toBe(slugify('Crème Brûlée LL.B.'));
  expect(slugs[5]).toBe('creme-brulee-ll-b');
  for (const r of rows.slice(0, 3)) expect([slugify(r.name), `${slugify(r.name)}-2`]).toContain(r.slug);
  // Not /api/courses/admin, the admin's list.
  expect(slugs[6]).toBe(`admin-${rows[6].id.slice(0, 8)}`);
  expect(new Set(slugs).size).toBe(slugs.length);
  await t.ctx.db.execute(sql`alter table courses alter column slug set not null`);
  await t.ctx.db.execute(sql`alter table courses add constraint courses_slug_unique unique (slug)`);
});
