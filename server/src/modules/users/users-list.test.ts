import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CSV_STUDENT_COLUMNS } from '@app/common';
import { createTestApp, type TestApp } from '../../../test/helpers.ts';
import { courses, exams, submissions, users } from '../../db/schema.ts';
import { readCsv } from '../../lib/csv-read.ts';
import { accountEmail } from '../../lib/account-email.ts';

// The admin student list: server-side search, filters, sort, paging, tiles and CSV export (docs/product.md section 2).
let t: TestApp;
const ids: Record<string, string> = {};

beforeAll(async () => {
  t = await createTestApp();
  const { db } = t.ctx;
  await db.insert(courses).values(
    ['CLAT Preparation', 'Judiciary Exam', 'Old Course'].map((name, i) => ({
      name,
      description: 'd',
      pricePaise: 100,
      duration: '1 month',
      isActive: i < 2,
    })),
  );
  const student = (p: Partial<typeof users.$inferInsert> & { email: string }) => ({
    firstName: 'Bulk',
    lastName: 'Student',
    role: 'student' as const,
    passwordHash: 'not-a-hash',
    ...p,
  });
  const rows = await db
    .insert(users)
    .values([
      student({
        firstName: 'Asha',
        lastName: 'Roy',
        email: 'a-asha@sort.test',
        phone: '9830000001',
        registrationNumber: 'LCI-2026-00001',
        courseInterest: 'CLAT Preparation',
        centreId: 'dumdum',
        createdAt: new Date('2026-01-01T00:00:00Z'),
      }),
      student({
        firstName: 'bikram',
        lastName: 'Sen',
        email: 'b-bikram@sort.test',
        phone: '9830000002',
        courseInterest: 'Judiciary Exam',
        centreId: 'kasba',
        isActive: false,
        createdAt: new Date('2026-02-01T00:00:00Z'),
      }),
      student({
        firstName: 'Chitra',
        lastName: 'Das',
        email: 'c-chitra@sort.test',
        phone: '9830000003',
        courseInterest: 'CLAT Preparation',
        centreId: 'shrirampur',
        createdAt: new Date('2025-12-01T00:00:00Z'),
      }),
      student({
        firstName: '=cmd|calc',
        lastName: 'Roy, "Jr"\nII',
        email: '@csv@csv.test',
        phone: '+91 98300',
        courseInterest: '-LSAT',
        centreId: 'kasba',
      }),
      ...Array.from({ length: 25 }, (_, i) =>
        student({
          lastName: `Number${String(i).padStart(2, '0')}`,
          email: `bulk${i}@bulk.test`,
          courseInterest: 'Bulk Course',
          centreId: 'dumdum',
        }),
      ),
    ])
    .returning();
  for (const r of rows) ids[r.firstName === 'Bulk' ? accountEmail(r) : r.firstName] = r.id;
  const [e1, e2] = await db
    .insert(exams)
    .values([1, 2].map((i) => ({ title: `Mock ${i}`, description: 'd', durationMinutes: 60, totalMarks: 50, passingMarks: 20 })))
    .returning();
  const sub = (examId: string, studentId: string, marksObtained: number) => ({
    examId,
    studentId,
    marksObtained,
    totalMarks: 50,
    startedAt: new Date(),
    status: 'EVALUATED' as const,
    isPassed: marksObtained >= 20,
  });
  await db.insert(submissions).values([sub(e1.id, ids.Asha, 30), sub(e2.id, ids.Asha, 40), sub(e1.id, ids.bikram, 45)]);
});
afterAll(() => t?.close());

type Item = { _id: string; firstName: string; examsTaken: number; averageScore: number | null; password?: string; passwordHash?: string };
const list = async (query: string) => {
  const res = await t.admin.get(`/api/users?role=student&${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { users: Item[]; total: number; page: number; totalPages: number; limit: number; stats: Record<string, unknown> };
};
const names = async (query: string) => (await list(query)).users.map((u) => u.firstName);

describe('GET /api/users?role=student', () => {
  it('pages 20 at a time by default, sorted by name', async () => {
    const first = await list('');
    expect(first.total).toBe(29);
    expect(first.users).toHaveLength(20);
    expect(first).toMatchObject({ page: 1, totalPages: 2, limit: 20 });
    const second = await list('page=2');
    expect(second.users).toHaveLength(9);
    const all = [...first.users, ...second.users].map((u) => u._id);
    expect(new Set(all).size).toBe(29);
    expect(first.users.some((u) => 'passwordHash' in u)).toBe(false);
    expect((await list('limit=5&page=3')).users).toHaveLength(5);
    expect((await list('limit=500')).limit).toBe(100);
    expect((await t.admin.get('/api/users?page=0')).statusCode).toBe(400);
    expect((await t.admin.get('/api/users?sort=age')).statusCode).toBe(400);
  });

  it('gives each student exams taken and the average of summed marks over summed totals', async () => {
    const { users: rows } = await list('search=sort.test');
    const by = Object.fromEntries(rows.map((u) => [u.firstName, u]));
    expect(by.Asha).toMatchObject({ examsTaken: 2, averageScore: 70 });
    expect(by.bikram).toMatchObject({ examsTaken: 1, averageScore: 90 });
    expect(by.Chitra).toMatchObject({ examsTaken: 0, averageScore: null });
  });

  it('searches name, e-mail, phone and registration number', async () => {
    expect(await names('search=asha roy')).toEqual(['Asha']);
    expect(await names('search=B-BIKRAM@')).toEqual(['bikram']);
    expect(await names('search=9830000003')).toEqual(['Chitra']);
    expect(await names('search=LCI-2026-00001')).toEqual(['Asha']);
    expect(await names('search=%25')).toEqual([]);
    expect(await names('search=nobody-at-all')).toEqual([]);
  });

  it('filters by status, course and centre', async () => {
    expect(await names('status=inactive')).toEqual(['bikram']);
    expect((await list('status=active')).total).toBe(28);
    expect(await names('course=CLAT%20Preparation')).toEqual(['Asha', 'Chitra']);
    expect(await names('centre=shrirampur')).toEqual(['Chitra']);
    expect((await list('centre=dumdum&course=Bulk%20Course&search=Number0')).total).toBe(10);
    expect((await t.admin.get('/api/users?centre=paris')).statusCode).toBe(400);
  });

  it('sorts by every key, both ways', async () => {
    const s = (q: string) => names(`search=sort.test&${q}`);
    expect(await s('sort=name')).toEqual(['Asha', 'bikram', 'Chitra']);
    expect(await s('sort=name&order=desc')).toEqual(['Chitra', 'bikram', 'Asha']);
    expect(await s('sort=course')).toEqual(['Asha', 'Chitra', 'bikram']);
    expect(await s('sort=course&order=desc')).toEqual(['bikram', 'Asha', 'Chitra']);
    expect(await s('sort=centre')).toEqual(['Asha', 'bikram', 'Chitra']);
    expect(await s('sort=centre&order=desc')).toEqual(['Chitra', 'bikram', 'Asha']);
    expect(await s('sort=email&order=desc')).toEqual(['Chitra', 'bikram', 'Asha']);
    expect(await s('sort=joinDate')).toEqual(['Chitra', 'Asha', 'bikram']);
    expect(await s('sort=joinDate&order=desc')).toEqual(['bikram', 'Asha', 'Chitra']);
    // A student without results comes last either way.
    expect(await s('sort=performance&order=desc')).toEqual(['bikram', 'Asha', 'Chitra']);
    expect(await s('sort=performance&order=asc')).toEqual(['Asha', 'bikram', 'Chitra']);
    expect(await s('sort=exams&order=desc')).toEqual(['Asha', 'bikram', 'Chitra']);
    expect(await s('sort=exams')).toEqual(['Chitra', 'bikram', 'Asha']);
  });

  it('answers the tiles and distributions over every student', async () => {
    const { stats } = await list('status=inactive');
    // Most students first; equal counts follow the database's collation, so compare those as a set.
    const courses = stats.courseDistribution as { course: string; count: number }[];
    expect(courses.map((c) => c.count)).toEqual([25, 2, 1, 1]);
    courses.sort((a, b) => b.count - a.count || (a.course < b.course ? -1 : 1));
    expect(stats).toEqual({
      totalStudents: 29,
      activeStudents: 28,
      coursesOffered: 2,
      activeCentres: 3,
      centreDistribution: [
        { centre: 'dumdum', name: 'Dumdum Centre', count: 26 },
        { centre: 'kasba', name: 'Kasba/Ballygunge Centre', count: 2 },
        { centre: 'shrirampur', name: 'Shrirampur Centre', count: 1 },
      ],
      courseDistribution: [
        { course: 'Bulk Course', count: 25, averageScore: null },
        { course: 'CLAT Preparation', count: 2, averageScore: 70 },
        { course: '-LSAT', count: 1, averageScore: null },
        { course: 'Judiciary Exam', count: 1, averageScore: 90 },
      ],
    });
  });
});

describe('GET /api/users/export.csv', () => {
  it('exports every filtered row with the spec columns as students.csv', async () => {
    const res = await t.admin.get('/api/users/export.csv?course=Bulk%20Course&limit=5');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe('attachment; filename="students.csv"');
    const rows = readCsv(res.body);
    expect(rows[0]).toEqual([...CSV_STUDENT_COLUMNS]);
    // The UTF-8 byte-order mark first, so that Excel on Windows reads the students' names.
    expect([...res.rawPayload.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(res.rawPayload.subarray(3).toString('utf8').split('\r\n')[0]).toBe(
      'Name,Email,Phone,Course,Centre,Status,Exams Taken,Average Score,Joined Date',
    );
    expect(rows).toHaveLength(26);
    expect(rows[1]).toEqual([
      'Bulk Number00',
      'bulk0@bulk.test',
      '',
      'Bulk Course',
      'Dumdum Centre',
      'Active',
      '0',
      'N/A',
      expect.any(String),
    ]);
  });

  it('writes figures, status and dates, sorted like the list', async () => {
    const rows = readCsv((await t.admin.get('/api/users/export.csv?search=sort.test&sort=performance&order=desc')).body);
    expect(rows.slice(1).map((r) => [r[0], r[5], r[6], r[7]])).toEqual([
      ['bikram Sen', 'Inactive', '1', '90%'],
      ['Asha Roy', 'Active', '2', '70%'],
      ['Chitra Das', 'Active', '0', 'N/A'],
    ]);
    expect(rows[2][8]).toBe('1 Jan 2026');
  });

  it('escapes commas, quotes, newlines and guards cells starting with = + - @', async () => {
    const res = await t.admin.get('/api/users/export.csv?search=csv.test');
    expect(res.body).toContain('"\'=cmd|calc Roy, ""Jr""\nII"');
    const [, row] = readCsv(res.body);
    expect(row.slice(0, 5)).toEqual(['\'=cmd|calc Roy, "Jr"\nII', "'@csv@csv.test", "'+91 98300", "'-LSAT", 'Kasba/Ballygunge Centre']);
  });

  it('is for admins only', async () => {
    const s = await t.createStudent();
    expect((await t.visitor.get('/api/users/export.csv')).statusCode).toBe(401);
    expect((await s.client.get('/api/users/export.csv')).statusCode).toBe(403);
  });
});
