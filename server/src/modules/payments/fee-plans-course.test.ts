import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers.ts';
import { auditLog, courses } from '../../db/schema.ts';
import { courseBody } from './test-fixtures.ts';

// Fee plans per course (docs/product.md section 11, "Fee plans"): the plan an admin gives a course.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

describe('a course’s fee plan', () => {
  it('defaults to four monthly installments and answers the plan it was given', async () => {
    const plain = await t.admin.post('/api/courses', courseBody());
    expect(plain.statusCode, plain.body).toBe(201);
    expect(plain.json().feePlan).toEqual({ installments: 4 });

    const three = await t.admin.post('/api/courses', courseBody({ feePlan: { installments: 3 } }));
    expect(three.json().feePlan).toEqual({ installments: 3 });
    const listed = await t.admin.post(
      '/api/courses',
      courseBody({ feePlan: { installments: 3, dueDates: ['2027-01-05', '2027-02-05', '2027-04-01'] } }),
    );
    expect(listed.statusCode, listed.body).toBe(201);
    expect(listed.json().feePlan).toEqual({ installments: 3, dueDates: ['2027-01-05', '2027-02-05', '2027-04-01'] });
    // null due dates read as none: monthly.
    expect((await t.admin.post('/api/courses', courseBody({ feePlan: { installments: 12, dueDates: null } }))).json().feePlan).toEqual({
      installments: 12,
    });
    // The admin list and the public list show it.
    const admin = (await t.admin.get('/api/courses/admin')).json() as { _id: string; feePlan: unknown }[];
    expect(admin.find((c) => c._id === listed.json()._id)?.feePlan).toEqual(listed.json().feePlan);
    const pub = (await t.visitor.get('/api/courses')).json() as { _id: string; feePlan: unknown }[];
    expect(pub.find((c) => c._id === three.json()._id)?.feePlan).toEqual({ installments: 3 });
  });

  it('an update without a plan keeps the plan; with one replaces it (audited)', async () => {
    const c = (await t.admin.post('/api/courses', courseBody({ feePlan: { installments: 6 } }))).json();
    const renamed = await t.admin.put(`/api/courses/${c._id}`, courseBody({ name: 'Renamed plan course' }));
    expect(renamed.json().feePlan).toEqual({ installments: 6 });
    const replaced = await t.admin.put(
      `/api/courses/${c._id}`,
      courseBody({ feePlan: { installments: 2, dueDates: ['2027-06-01', '2027-07-01'] } }),
    );
    expect(replaced.statusCode, replaced.body).toBe(200);
    expect(replaced.json().feePlan).toEqual({ installments: 2, dueDates: ['2027-06-01', '2027-07-01'] });
    const back = await t.admin.put(`/api/courses/${c._id}`, courseBody({ feePlan: { installments: 2 } }));
    expect(back.json().feePlan).toEqual({ installments: 2 });
    const audit = await t.ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'course.update'), eq(auditLog.entityId, c._id)));
    expect(audit.map((e) => (e.after as { feePlan: unknown }).feePlan)).toContainEqual({
      installments: 2,
      dueDates: ['2027-06-01', '2027-07-01'],
    });
  });

  it('refuses a bad plan with a 400 naming the field, and saves nothing', async () => {
    const existing = (await t.admin.post('/api/courses', courseBody({ feePlan: { installments: 5 } }))).json();
    const before = await t.ctx.db.$count(courses);
    const cases: [unknown, string, string][] = [
      [{ installments: 0 }, 'feePlan.installments', 'The number of installments must be a whole number from 1 to 12'],
      [{ installments: 13 }, 'feePlan.installments', 'The number of installments must be a whole number from 1 to 12'],
      [{ installments: 2.5 }, 'feePlan.installments', 'The number of installments must be a whole number from 1 to 12'],
      [{ installments: 'many' }, 'feePlan.installments', 'The number of installments must be a whole number from 1 to 12'],
      [{}, 'feePlan.installments', 'The number of installments must be a whole number from 1 to 12'],
      [
        { installments: 2, dueDates: ['2027-02-01', '2027-01-01'] },
        'feePlan.dueDates',
        'Due dates must be strictly increasing: each one later than the one before',
      ],
      [
        { installments: 2, dueDates: ['2027-02-01', '2027-02-01'] },
        'feePlan.dueDates',
        'Due dates must be strictly increasing: each one later than the one before',
      ],
      [
        { installments: 3, dueDates: ['2027-01-01', '2027-02-01'] },
        'feePlan.dueDates',
        'Due dates: give exactly 3 dates, one per installment',
      ],
      [{ installments: 1, dueDates: [] }, 'feePlan.dueDates', 'Due dates: give exactly 1 date, one per installment'],
      [
        { installments: 2, dueDates: ['2027-01-01', '2027-02-30'] },
        'feePlan.dueDates.1',
        'Each due date must be a real date written YYYY-MM-DD',
      ],
      [
        { installments: 2, dueDates: ['01/01/2027', '2027-02-01'] },
        'feePlan.dueDates.0',
        'Each due date must be a real date written YYYY-MM-DD',
      ],
      [{ installments: 2, dueDates: '2027-01-01' }, 'feePlan.dueDates', 'Due dates must be a list of dates'],
      ['four', 'feePlan', 'The fee plan must be an object: { installments, dueDates? }'],
    ];
    for (const [feePlan, field, message] of cases) {
      const res = await t.admin.post('/api/courses', courseBody({ feePlan }));
      expect(res.statusCode, JSON.stringify(feePlan)).toBe(400);
      expect(res.json().fields[field], JSON.stringify(res.json())).toBe(message);
      const put = await t.admin.put(`/api/courses/${existing._id}`, courseBody({ feePlan }));
      expect(put.statusCode, JSON.stringify(feePlan)).toBe(400);
    }
    expect(await t.ctx.db.$count(courses)).toBe(before);
    const [row] = await t.ctx.db.select().from(courses).where(eq(courses.id, existing._id));
    expect(row.feePlan).toEqual({ installments: 5 });
  });
});
