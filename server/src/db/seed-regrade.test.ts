import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/helpers.ts';
import { exams } from './schema.ts';
import { seedDemoObjections } from './seed-regrade.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ SEED_DEMO: 'true' });
}, 60_000);
afterAll(() => t?.close());

describe('demo objections', () => {
  it('open a window on the ranked demo mock with objections on two questions, once', async () => {
    const [exam] = await t.ctx.db.select({ id: exams.id }).from(exams).where(eq(exams.title, 'CLAT UG Sectional Mock: Passages'));
    const view = (await t.admin.get(`/api/exams/${exam.id}`)).json();
    expect(Date.parse(view.objectionWindow.opensAt)).toBeLessThan(Date.now());
    expect(Date.parse(view.objectionWindow.closesAt)).toBeGreaterThan(Date.now());
    const groups = (await t.admin.get(`/api/exams/${exam.id}/objections`)).json();
    expect(groups.map((g: { count: number }) => g.count)).toEqual([2, 3]);
    await seedDemoObjections(t.ctx.db);
    expect((await t.admin.get(`/api/exams/${exam.id}/objections`)).json()).toEqual(groups);
    // The admin can preview a decision on them at once.
    const preview = await t.admin.post(`/api/exams/${exam.id}/regrade`, {
      decisions: [{ questionId: groups[1].questionId, action: 'drop', dropMode: 'awardAll' }],
      dryRun: true,
    });
    expect(preview.statusCode, preview.body).toBe(200);
    expect(preview.json().candidates).toBe(30);
    expect(preview.json().affected).toBeGreaterThan(0);
  });
});
