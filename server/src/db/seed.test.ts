import { count, eq, inArray } from 'drizzle-orm';
import { ENQUIRY_STAGES } from '@app/common/schemas/enquiries';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/helpers.ts';
import { seed } from './seed.ts';
import { academicYearOf } from './seed-batches.ts';
import { NO_PASSWORD } from '../modules/guardians/accounts.ts';
import {
  announcements,
  attendance,
  batches,
  classSessions,
  courses,
  enquiries,
  enquiryActivities,
  exams,
  galleryImages,
  studentGuardians,
  users,
} from './schema.ts';
import { DEMO_PARENT } from './seed-parents.ts';
import { SAMPLE_ENQUIRY_NOTE } from './seed-enquiries.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ SEED_DEMO: 'true' });
});
afterAll(() => t?.close());

describe('demo seed', () => {
  it('creates the three centres of docs/product.md with their ids and names', async () => {
    const centres = (await t.visitor.get('/api/centres')).json();
    expect(Object.fromEntries(centres.map((c: { id: string; name: string }) => [c.id, c.name]))).toEqual({
      dumdum: 'Dumdum Centre',
      shrirampur: 'Shrirampur Centre',
      kasba: 'Kasba/Ballygunge Centre',
    });
    for (const c of centres) {
      expect(c.address.length).toBeGreaterThan(10);
      expect(c.phone).toMatch(/^\+91/);
    }
  });

  it('creates the four courses of docs/product.md section 9 as rows', async () => {
    const list = (await t.visitor.get('/api/courses')).json();
    const byName = Object.fromEntries(list.map((c: { name: string; price: number; duration: string }) => [c.name, [c.price, c.duration]]));
    expect(byName).toEqual({
      'CLAT Preparation': [25000, '6 months'],
      'AILET Preparation': [22000, '5 months'],
      'LSAT Preparation': [20000, '4 months'],
      'Judiciary Exam': [30000, '8 months'],
    });
    // Two demo courses have plans other than the default four monthly installments (docs/product.md section 11).
    const plans = Object.fromEntries(
      list.map((c: { name: string; feePlan: { installments: number; dueDates?: string[] } }) => [c.name, c.feePlan]),
    );
    expect(plans['CLAT Preparation']).toEqual({ installments: 4 });
    expect(plans['Judiciary Exam']).toEqual({ installments: 8 });
    expect(plans['AILET Preparation'].installments).toBe(3);
    expect(plans['AILET Preparation'].dueDates).toHaveLength(3);
    expect(plans['AILET Preparation'].dueDates.every((d: string) => d.endsWith('-10'))).toBe(true);
  });

  it('creates announcements of several types, priorities and audiences', async () => {
    const rows = await t.ctx.db.select().from(announcements);
    expect(new Set(rows.map((a) => a.type)).size).toBeGreaterThanOrEqual(4);
    expect(new Set(rows.map((a) => a.priority)).size).toBeGreaterThanOrEqual(3);
    expect(new Set(rows.map((a) => a.targetAudience))).toEqual(new Set(['all', 'students', 'admin']));
    const publicLatest = (await t.visitor.get('/api/announcements?limit=5')).json();
    expect(publicLatest).toHaveLength(5);
    expect(publicLatest.every((a: { targetAudience: string }) => a.targetAudience === 'all')).toBe(true);
  });

  it('fills the gallery in all five categories with resized images served by their generated key', async () => {
    const images = (await t.visitor.get('/api/gallery')).json();
    expect(new Set(images.map((i: { category: string }) => i.category))).toEqual(
      new Set(['Academic', 'Faculty', 'Students', 'Events', 'Achievement']),
    );
    // Each seeded photo has its copies for srcset (docs/decisions/0024-site-images-library.md).
    for (const image of images) expect(image.variants.length).toBeGreaterThan(0);
    const copy = await t.visitor.get(images[0].variants[0].url);
    expect(copy.statusCode).toBe(200);
    expect(copy.headers['content-type']).toBe('image/webp');
    const file = await t.visitor.get(images[0].url);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('image/webp');
    expect(file.headers['x-content-type-options']).toBe('nosniff');
    expect((await t.visitor.get('/api/gallery/files/..%2F..%2Fetc%2Fpasswd')).statusCode).toBe(404);
  });

  it('writes the site content and the labelled sample toppers and testimonials', async () => {
    const home = (await t.visitor.get('/api/site/home')).json();
    expect(home.hero.headline).toBe('Coaching for CLAT, the judiciary and your law degree');
    expect(home.whyChooseUs).toHaveLength(6);
    expect((await t.visitor.get('/api/site/about')).json().achievements).toHaveLength(4);
    expect((await t.visitor.get('/api/site/faq')).json().items.length).toBeGreaterThan(0);
    const toppers = (await t.visitor.get('/api/site/toppers')).json();
    expect(toppers).toHaveLength(3);
    expect(toppers.every((x: { quote: string }) => x.quote.includes('Sample entry'))).toBe(true);
    expect((await t.visitor.get('/api/site/testimonials')).json()).toHaveLength(2);
    const clat = (await t.visitor.get('/api/courses/clat-preparation')).json();
    expect(clat.toppers.map((x: { name: string }) => x.name)).toEqual(['Ananya Ghosh']);
  });

  it('adds a demo exam whose question marks add up to its total, and a CLAT-style mock with passages', async () => {
    const list = (await t.admin.get('/api/exams')).json();
    // The short mock (newest) and the CLAT UG sectional mock (docs/product-papers.md, Demo data), then a
    // practice set and a mock scheduled for tomorrow (docs/product-batches.md).
    expect(list).toHaveLength(4);
    expect(list[0].audience.courses).toHaveLength(1);
    const practice = list.find((e: { mode: string }) => e.mode === 'practice');
    expect(practice).toMatchObject({ openToAll: true });
    const scheduled = list.find((e: { opensAt: string | null }) => e.opensAt !== null);
    expect(Date.parse(scheduled.opensAt)).toBeGreaterThan(Date.now());
    expect(scheduled.audience.batches).toHaveLength(1);
    const mock = (await t.admin.get(`/api/exams/${list[1]._id}`)).json();
    expect(mock.sections).toHaveLength(5);
    expect(mock.sections.every((s: { passages: unknown[] }) => s.passages.length === 1)).toBe(true);
    expect(mock).toMatchObject({ negativeMarks: 0.25, resultMode: 'rank', passingMarks: null });
    expect(mock.questions.reduce((s: number, q: { marks: number }) => s + q.marks, 0)).toBe(mock.totalMarks);
    const exam = (await t.admin.get(`/api/exams/${list[0]._id}`)).json();
    const sum = exam.questions.reduce((s: number, q: { marks: number }) => s + q.marks, 0);
    expect(sum).toBe(exam.totalMarks);
    expect(exam.questions.some((q: { type: string }) => q.type === 'descriptive')).toBe(true);
  });

  it('adds a batch per course and centre, each with this week of classes', async () => {
    const list = (await t.admin.get('/api/batches')).json().batches;
    expect(list).toHaveLength(4 * 3);
    const pairs = new Set(list.map((b: { course: string; centre: string }) => `${b.course}/${b.centre}`));
    expect(pairs.size).toBe(12);
    for (const b of list) {
      const sessions = (await t.admin.get(`/api/batches/${b._id}/sessions`)).json().sessions;
      expect(sessions.length, b.name).toBeGreaterThan(0);
    }
  });

  it('names the academic year from April to March', () => {
    expect(academicYearOf('2026-03-31')).toBe('2025-26');
    expect(academicYearOf('2026-04-01')).toBe('2026-27');
    expect(academicYearOf('2099-12-01')).toBe('2099-00');
  });

  it('adds labelled sample enquiries in every stage, centre and several sources; the Kasba counsellor owns Kasba’s', async () => {
    const rows = await t.ctx.db.select().from(enquiries);
    expect(rows.length).toBeGreaterThan(10);
    expect(rows.every((r) => r.notes.startsWith(SAMPLE_ENQUIRY_NOTE))).toBe(true);
    expect(new Set(rows.map((r) => r.stage))).toEqual(new Set(ENQUIRY_STAGES));
    expect(new Set(rows.map((r) => r.centreId))).toEqual(new Set(['dumdum', 'kasba', 'shrirampur']));
    expect(new Set(rows.map((r) => r.source)).size).toBeGreaterThan(4);
    expect(rows.filter((r) => r.stage === 'lost').every((r) => r.lostReason && r.lostAt)).toBe(true);
    const [counsellor] = await t.ctx.db.select().from(users).where(eq(users.email, 'counsellor.kasba@lawcoaching.local'));
    expect(counsellor).toMatchObject({ role: 'counsellor' });
    expect(rows.filter((r) => r.centreId === 'kasba').every((r) => r.ownerId === counsellor.id)).toBe(true);
    const [{ n }] = await t.ctx.db.select({ n: count() }).from(enquiryActivities);
    expect(n).toBeGreaterThan(rows.length);
  });

  it('adds a labelled sample parent of two demo candidates, with a password and a week of attendance (one absence)', async () => {
    const [parent] = await t.ctx.db.select().from(users).where(eq(users.phone, DEMO_PARENT.phone));
    expect(parent).toMatchObject({ role: 'parent', email: null, firstName: expect.stringContaining('Rita') });
    expect(`${parent.firstName} ${parent.lastName}`).toContain('sample');
    expect(parent.passwordHash).not.toBe(NO_PASSWORD);
    const lines = await t.ctx.db.select().from(studentGuardians).where(eq(studentGuardians.parentId, parent.id));
    expect(lines).toHaveLength(2);
    const marks = await t.ctx.db
      .select({ isPresent: attendance.isPresent })
      .from(attendance)
      .where(
        inArray(
          attendance.studentId,
          lines.map((l) => l.studentId),
        ),
      );
    // This week's classes held so far are marked (none early on a Monday), the elder son's last one absent.
    expect(marks.filter((m) => !m.isPresent).length).toBe(marks.length > 0 ? 1 : 0);
  });

  it('is safe to run again: nothing is duplicated', async () => {
    const before = await counts();
    await seed(t.ctx, { demo: true });
    expect(await counts()).toEqual(before);
  });
});

async function counts() {
  const n = async (
    table:
      | typeof courses
      | typeof announcements
      | typeof galleryImages
      | typeof exams
      | typeof users
      | typeof batches
      | typeof classSessions
      | typeof enquiries
      | typeof enquiryActivities,
  ) => (await t.ctx.db.select({ n: count() }).from(table))[0].n;
  return [
    await n(courses),
    await n(announcements),
    await n(galleryImages),
    await n(exams),
    await n(users),
    await n(batches),
    await n(classSessions),
    await n(enquiries),
    await n(enquiryActivities),
  ];
}
