import { count, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/helpers.ts';
import { seed } from './seed.ts';
import { DEMO_STAFF } from './seed-staff.ts';
import { courses, users } from './schema.ts';

// Demo staff have generated passwords printed at the start that creates them (docs/operations.md): never
// in production, where the journal keeps them and the accounts would open the back office.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

const demoStaffRows = () =>
  t.ctx.db
    .select({ email: users.email })
    .from(users)
    .where(
      inArray(
        users.email,
        DEMO_STAFF.map((s) => s.email),
      ),
    );

describe('demo staff', () => {
  it('a production start with SEED_DEMO=true seeds the demo content without any demo staff account', async () => {
    const production = { ...t.ctx, config: { ...t.ctx.config, NODE_ENV: 'production' as const, SEED_DEMO: true } };
    const started = await seed(production, { demo: true });
    expect(started.demoStaff ?? []).toEqual([]);
    expect(await demoStaffRows()).toEqual([]);
    // The demo content itself is there, as asked.
    const [{ n }] = await t.ctx.db.select({ n: count() }).from(courses);
    expect(n).toBeGreaterThan(0);
    // So is the admin, the one account a start makes.
    expect(started.adminEmail).toBe(t.config.ADMIN_EMAIL);
  });

  it('outside production the same seed adds them, once', async () => {
    const first = await seed(t.ctx, { demo: true });
    expect(first.demoStaff?.map((s) => s.email).sort()).toEqual(DEMO_STAFF.map((s) => s.email).sort());
    expect((await seed(t.ctx, { demo: true })).demoStaff).toEqual([]);
    expect(await demoStaffRows()).toHaveLength(DEMO_STAFF.length);
  });
});
