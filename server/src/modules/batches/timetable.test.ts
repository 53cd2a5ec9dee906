import { eq } from 'drizzle-orm';
import ical from 'node-ical';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, todayInIndia, weekOf } from '@app/common';
import { BATCH_MSG } from '@app/common/schemas/batches';
import { readCsv } from '../../lib/csv-read.ts';
import { createTestApp, type TestApp } from '../../../test/helpers.ts';
import { createStaffMember } from '../staff/test-fixtures.ts';
import { attendance, classSessions } from '../../db/schema.ts';

let t: TestApp;
let courseId: string;
const unknownId = '00000000-0000-4000-8000-000000000000';
beforeAll(async () => {
  t = await createTestApp();
  const course = { description: 'Law entrance', price: 25000, feeType: 'full', duration: '6 months', features: ['Mocks'] };
  courseId = (await t.admin.post('/api/courses', { ...course, name: 'CLAT Preparation' })).json()._id;
});
afterAll(() => t?.close());

let n = 0;
async function newBatch(patch: Record<string, unknown> = {}) {
  const res = await t.admin.post('/api/batches', {
    name: `Batch ${++n}`,
    course: courseId,
    centre: 'dumdum',
    academicYear: '2026-27',
    timing: 'MORNING',
    startsOn: '2026-06-01',
    endsOn: '2027-03-31',
    capacity: 40,
    ...patch,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { _id: string; name: string };
}
const klass = (patch: Record<string, unknown> = {}) => ({
  date: '2026-06-01',
  startTime: '09:00',
  endTime: '10:30',
  subject: 'Legal Reasoning',
  teacher: 'Adv. Sen',
  room: 'Room 2',
  ...patch,
});

describe('timetable', () => {
  it('creates one class, a weekly series, lists, edits and deletes them', async () => {
    const b = await newBatch();
    const one = await t.admin.post(`/api/batches/${b._id}/sessions`, klass());
    expect(one.statusCode, one.body).toBe(201);
    expect(one.json()).toEqual({
      created: 1,
      clashes: [],
      sessions: [
        {
          _id: expect.any(String),
          batch: { _id: b._id, name: b.name },
          date: '2026-06-01',
          startTime: '09:00',
          endTime: '10:30',
          subject: 'Legal Reasoning',
          teacher: 'Adv. Sen',
          room: 'Room 2',
          attendanceMarked: false,
        },
      ],
    });
    const series = await t.admin.post(
      `/api/batches/${b._id}/sessions`,
      klass({ date: '2026-06-02', subject: 'English', repeatWeeklyUntil: '2026-06-30' }),
    );
    expect(series.statusCode, series.body).toBe(201);
    expect(series.json().sessions.map((s: { date: string }) => s.date)).toEqual([
      '2026-06-02',
      '2026-06-09',
      '2026-06-16',
      '2026-06-23',
      '2026-06-30',
    ]);
    // Back to back is not an overlap.
    expect((await t.admin.post(`/api/batches/${b._id}/sessions`, klass({ startTime: '10:30', endTime: '11:30' }))).statusCode).toBe(201);
    const list = (await t.admin.get(`/api/batches/${b._id}/sessions?from=2026-06-01&to=2026-06-09`)).json().sessions;
    expect(list.map((s: { date: string; startTime: string }) => `${s.date} ${s.startTime}`)).toEqual([
      '2026-06-01 09:00',
      '2026-06-01 10:30',
      '2026-06-02 09:00',
      '2026-06-09 09:00',
    ]);
    const id = one.json().sessions[0]._id;
    const moved = await t.admin.patch(`/api/sessions/${id}`, { room: 'Hall', startTime: '08:00', endTime: '09:00' });
    expect(moved.json()).toMatchObject({ room: 'Hall', startTime: '08:00', endTime: '09:00' });
    expect((await t.admin.get('/api/sessions?date=2026-06-01')).json().sessions.length).toBe(2);
    // PostgreSQL has no year 0: such a date is the field's message, not a database error.
    const yearZero = await t.admin.get('/api/sessions?date=0000-01-01');
    expect(yearZero.statusCode).toBe(400);
    expect(yearZero.json().fields).toEqual({ date: 'Date must be a date (YYYY-MM-DD)' });
    expect((await t.admin.delete(`/api/sessions/${id}`)).statusCode).toBe(200);
    expect((await t.admin.delete(`/api/sessions/${id}`)).statusCode).toBe(404);
  });

  it('refuses reversed times, overlaps and dates outside the batch; a series is all or nothing', async () => {
    const b = await newBatch({ endsOn: '2026-06-30' });
    await t.admin.post(`/api/batches/${b._id}/sessions`, klass({ date: '2026-06-15' }));
    const count = () => t.ctx.db.$count(classSessions, eq(classSessions.batchId, b._id));
    const reversed = await t.admin.post(`/api/batches/${b._id}/sessions`, klass({ startTime: '11:00', endTime: '10:00' }));
    expect(reversed.statusCode).toBe(400);
    expect(reversed.json().fields.endTime).toBe(BATCH_MSG.endTimeBeforeStart);
    const outside = await t.admin.post(`/api/batches/${b._id}/sessions`, klass({ date: '2026-07-01' }));
    expect(outside.statusCode).toBe(400);
    expect(outside.json().message).toBe(BATCH_MSG.outsideBatch('2026-07-01', '2026-06-01', '2026-06-30'));
    const overlap = await t.admin.post(
      `/api/batches/${b._id}/sessions`,
      klass({ date: '2026-06-15', startTime: '10:00', endTime: '11:00' }),
    );
    expect(overlap.statusCode).toBe(409);
    expect(overlap.json().message).toBe(BATCH_MSG.overlaps('2026-06-15', '09:00', '10:30', 'Legal Reasoning'));
    // The third week clashes: nothing of the series is created.
    const series = await t.admin.post(`/api/batches/${b._id}/sessions`, klass({ date: '2026-06-01', repeatWeeklyUntil: '2026-06-29' }));
    expect(series.statusCode).toBe(409);
    // Running past the batch's end: refused too.
    const long = await t.admin.post(`/api/batches/${b._id}/sessions`, klass({ date: '2026-06-02', repeatWeeklyUntil: '2026-07-14' }));
    expect(long.statusCode).toBe(400);
    for (const bad of [{ date: '2026-13-01' }, { startTime: '9am' }, { subject: '' }, { repeatWeeklyUntil: '2026-05-01' }]) {
      expect((await t.admin.post(`/api/batches/${b._id}/sessions`, klass(bad))).statusCode, JSON.stringify(bad)).toBe(400);
    }
    expect(await count()).toBe(1);
    expect((await t.admin.post(`/api/batches/${unknownId}/sessions`, klass())).statusCode).toBe(404);
    // An edit into an overlap is refused and changes nothing.
    const second = (await t.admin.post(`/api/batches/${b._id}/sessions`, klass({ date: '2026-06-16' }))).json().sessions[0];
    const edit = await t.admin.patch(`/api/sessions/${second._id}`, { date: '2026-06-15' });
    expect(edit.statusCode).toBe(409);
    expect((await t.admin.patch(`/api/sessions/${second._id}`, { endTime: '08:00' })).statusCode).toBe(400);
    expect((await t.admin.patch(`/api/sessions/${unknownId}`, { room: 'x' })).statusCode).toBe(404);
    const [row] = await t.ctx.db.select().from(classSessions).where(eq(classSessions.id, second._id));
    expect(row).toMatchObject({ date: '2026-06-16', endTime: '10:30' });
  });

  it("shows the student this week's classes of their batch", async () => {
    const today = todayInIndia();
    const week = weekOf(today);
    const b = await newBatch({ startsOn: addDays(today, -30), endsOn: addDays(today, 30) });
    await t.admin.post(`/api/batches/${b._id}/sessions`, klass({ date: week.from }));
    await t.admin.post(`/api/batches/${b._id}/sessions`, klass({ date: week.to, subject: 'GK' }));
    await t.admin.post(`/api/batches/${b._id}/sessions`, klass({ date: addDays(week.to, 1), subject: 'Next week' }));
    const s = await t.createStudent({ batchId: b._id });
    const res = await s.client.get('/api/timetable/student');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ batch: { _id: b._id, name: b.name }, from: week.from, to: week.to });
    expect(res.json().sessions.map((x: { subject: string }) => x.subject)).toEqual(['Legal Reasoning', 'GK']);
    const loner = await t.createStudent();
    expect((await loner.client.get('/api/timetable/student')).json()).toMatchObject({ batch: null, sessions: [] });
    expect((await t.admin.get('/api/timetable/student')).statusCode).toBe(403);
  });
});

describe('clashes with other batches', () => {
  it('saves a class that books a teacher or a room of the same centre twice, and answers the clashes', async () => {
    const a = await newBatch();
    const b = await newBatch();
    const kasba = await newBatch({ centre: 'kasba' });
    const day = '2026-07-06';
    const inB = (
      await t.admin.post(
        `/api/batches/${b._id}/sessions`,
        klass({ date: day, startTime: '10:00', endTime: '11:00', subject: 'Torts', teacher: 'Ms. Clash', room: 'Hall 1' }),
      )
    ).json();
    expect(inB.clashes).toEqual([]);
    // The same room name at another centre is another room.
    const inKasba = await t.admin.post(
      `/api/batches/${kasba._id}/sessions`,
      klass({ date: day, startTime: '10:00', endTime: '11:00', teacher: 'Mr. Other', room: 'Hall 1' }),
    );
    expect(inKasba.json().clashes).toEqual([]);

    const bClass = {
      date: day,
      startTime: '10:00',
      endTime: '11:00',
      subject: 'Torts',
      teacher: 'Ms. Clash',
      room: 'Hall 1',
      batch: { _id: b._id, name: b.name },
      centreName: 'Dumdum Centre',
    };
    // The teacher (case and spaces ignored): saved, with the clash named.
    const teacher = await t.admin.post(
      `/api/batches/${a._id}/sessions`,
      klass({ date: day, startTime: '10:30', endTime: '11:30', teacher: '  ms. CLASH ', room: 'Room 9' }),
    );
    expect(teacher.statusCode, teacher.body).toBe(201);
    expect(teacher.json().created).toBe(1);
    expect(teacher.json().clashes).toEqual([{ ...bClass, kinds: ['teacher'] }]);
    // The room of the same centre.
    const room = await t.admin.post(
      `/api/batches/${a._id}/sessions`,
      klass({ date: day, startTime: '09:00', endTime: '10:15', teacher: 'Someone Else', room: 'hall 1' }),
    );
    expect(room.statusCode).toBe(201);
    expect(room.json().clashes).toEqual([{ ...bClass, kinds: ['room'] }]);
    // A change answers its clashes too: now both.
    const changed = await t.admin.patch(`/api/sessions/${room.json().sessions[0]._id}`, { teacher: 'Ms. Clash' });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json().clashes).toEqual([{ ...bClass, kinds: ['teacher', 'room'] }]);
    expect(changed.json().teacher).toBe('Ms. Clash');
    // Touching is not a clash; a weekly series answers every week's clash.
    const touching = await t.admin.post(
      `/api/batches/${a._id}/sessions`,
      klass({ date: '2026-07-07', startTime: '11:00', endTime: '12:00', teacher: 'Ms. Clash' }),
    );
    expect(touching.json().clashes).toEqual([]);
    await t.admin.post(
      `/api/batches/${b._id}/sessions`,
      klass({ date: '2026-07-14', startTime: '11:30', endTime: '12:30', teacher: 'Ms. Clash', room: 'Hall 1' }),
    );
    const series = await t.admin.post(
      `/api/batches/${a._id}/sessions`,
      klass({
        date: '2026-07-14',
        startTime: '12:00',
        endTime: '13:00',
        teacher: 'Mr. New',
        room: 'Hall 1',
        repeatWeeklyUntil: '2026-07-28',
      }),
    );
    expect(series.json().created).toBe(3);
    expect(series.json().clashes.map((c: { date: string; kinds: string[] }) => [c.date, c.kinds])).toEqual([['2026-07-14', ['room']]]);
  });

  it('names another centre’s batch to a centre manager only as another centre’s', async () => {
    const manager = await createStaffMember(t, 'centre_manager', { centres: ['kasba'] });
    const dumdum = await newBatch();
    const kasba = await newBatch({ centre: 'kasba' });
    await t.admin.post(`/api/batches/${dumdum._id}/sessions`, klass({ date: '2026-08-03', teacher: 'Dr. Travels', room: 'Room 1' }));
    const res = await manager.client.post(
      `/api/batches/${kasba._id}/sessions`,
      klass({ date: '2026-08-03', teacher: 'dr. travels', room: 'Room 1' }),
    );
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().clashes).toEqual([
      expect.objectContaining({ kinds: ['teacher'], batch: null, centreName: 'Dumdum Centre', teacher: 'Dr. Travels' }),
    ]);
    expect(BATCH_MSG.clash(res.json().clashes[0])).toBe(
      'Dr. Travels also teaches Legal Reasoning on 3 Aug 2026 from 09:00 to 10:30, in a batch of Dumdum Centre',
    );
  });
});

describe('attendance', () => {
  it('marks absentees, everyone else present; reports per student, session and month; CSV', async () => {
    const b = await newBatch();
    const [a1, a2, a3] = [
      await t.createStudent({ batchId: b._id, firstName: 'Asha' }),
      await t.createStudent({ batchId: b._id, firstName: 'Bina' }),
      await t.createStudent({ batchId: b._id, firstName: '=cmd' }),
    ];
    const outsider = await t.createStudent();
    const [s1, s2] = (
      await t.admin.post(`/api/batches/${b._id}/sessions`, klass({ date: '2026-06-01', repeatWeeklyUntil: '2026-06-08' }))
    ).json().sessions;
    const roster = (await t.admin.get(`/api/sessions/${s1._id}/attendance`)).json();
    expect(roster.students.every((x: { isPresent: boolean }) => x.isPresent)).toBe(true);
    expect(roster.students).toHaveLength(3);

    const notInBatch = await t.admin.put(`/api/sessions/${s1._id}/attendance`, { absent: [a1.id, outsider.id] });
    expect(notInBatch.statusCode).toBe(400);
    expect(notInBatch.json().message).toBe(BATCH_MSG.absentNotInBatch);
    expect(await t.ctx.db.$count(attendance, eq(attendance.sessionId, s1._id))).toBe(0);
    expect((await t.admin.put(`/api/sessions/${s1._id}/attendance`, { absent: 'x' })).statusCode).toBe(400);
    expect((await t.admin.put(`/api/sessions/${unknownId}/attendance`, { absent: [] })).statusCode).toBe(404);

    const marked = await t.admin.put(`/api/sessions/${s1._id}/attendance`, { absent: [a1.id] });
    expect(marked.statusCode, marked.body).toBe(200);
    expect(marked.json()).toMatchObject({ present: 2, absent: 1, session: { attendanceMarked: true } });
    await t.admin.put(`/api/sessions/${s2._id}/attendance`, { absent: [a1.id, a2.id] });
    // Marking again replaces.
    await t.admin.put(`/api/sessions/${s2._id}/attendance`, { absent: [a2.id] });

    const mine = (await a1.client.get('/api/attendance/student')).json();
    expect(mine).toMatchObject({ batch: { _id: b._id }, present: 1, absent: 1, total: 2, percentage: 50 });
    expect(mine.records.map((r: { isPresent: boolean }) => r.isPresent)).toEqual([false, true]);
    expect((await outsider.client.get('/api/attendance/student')).json()).toMatchObject({ batch: null, total: 0, percentage: null });

    const report = (await t.admin.get(`/api/attendance?batch=${b._id}&from=2026-06-01&to=2026-06-30`)).json();
    expect(report.sessionsMarked).toBe(2);
    const byName = Object.fromEntries(
      report.students.map((x: { fullName: string; percentage: number }) => [x.fullName.split(' ')[0], x.percentage]),
    );
    expect(byName).toEqual({ Asha: 50, Bina: 50, '=cmd': 100 });
    expect(report.sessions.map((x: { present: number; absent: number }) => [x.present, x.absent])).toEqual([
      [2, 1],
      [2, 1],
    ]);
    expect(report.months).toEqual([{ month: '2026-06', present: 4, absent: 2, percentage: 66.67 }]);
    const narrow = (await t.admin.get(`/api/attendance?batch=${b._id}&from=2026-06-05`)).json();
    expect(narrow.sessionsMarked).toBe(1);

    const csv = await t.admin.get(`/api/attendance?batch=${b._id}&format=csv`);
    expect(csv.headers['content-type']).toContain('text/csv');
    const rows = readCsv(csv.body);
    expect(rows[0]).toEqual(['Name', 'Registration Number', 'Present', 'Absent', 'Sessions', 'Percentage']);
    expect(rows.find((r) => r[0].includes('cmd'))?.[0]).toBe(`'=cmd ${a3.lastName}`);

    expect((await t.admin.get(`/api/attendance?batch=${unknownId}`)).statusCode).toBe(404);
    expect((await t.admin.get('/api/attendance?batch=nope')).statusCode).toBe(400);
    expect((await t.admin.get(`/api/attendance?batch=${b._id}&from=2026-07-01&to=2026-06-01`)).statusCode).toBe(400);
    expect((await a1.client.put(`/api/sessions/${s1._id}/attendance`, { absent: [] })).statusCode).toBe(403);
  });
});

describe('calendar feed', () => {
  it('gives the student a secret .ics address of their batch classes; replacing it revokes the old one', async () => {
    const b = await newBatch();
    await t.admin.post(
      `/api/batches/${b._id}/sessions`,
      klass({ date: '2026-06-03', startTime: '09:30', endTime: '11:00', room: 'Room 5' }),
    );
    const s = await t.createStudent({ batchId: b._id });
    const first = await s.client.get('/api/calendar/token');
    expect(first.statusCode).toBe(200);
    const { url } = first.json();
    expect(url).toMatch(/^http:\/\/localhost:3000\/api\/calendar\/[A-Za-z0-9_-]+\.ics$/);
    expect((await s.client.get('/api/calendar/token')).json().url).toBe(url);
    const path = new URL(url).pathname;
    const feed = await t.visitor.get(path);
    expect(feed.statusCode).toBe(200);
    expect(feed.headers['content-type']).toContain('text/calendar');
    const events = Object.values(ical.sync.parseICS(feed.body)).filter((e) => e?.type === 'VEVENT');
    expect(events).toHaveLength(1);
    const [event] = events as ical.VEvent[];
    expect(event.summary).toBe('Legal Reasoning');
    expect(event.location).toBe('Room 5');
    // 09:30 in India is 04:00 UTC.
    expect(new Date(event.start as Date).toISOString()).toBe('2026-06-03T04:00:00.000Z');
    expect(new Date(event.end as Date).toISOString()).toBe('2026-06-03T05:30:00.000Z');

    const replaced = (await s.client.post('/api/calendar/token')).json().url;
    expect(replaced).not.toBe(url);
    expect((await t.visitor.get(path)).statusCode).toBe(404);
    expect((await t.visitor.get(new URL(replaced).pathname)).statusCode).toBe(200);
    expect((await t.visitor.get('/api/calendar/short.ics')).statusCode).toBe(404);
    expect((await t.visitor.get('/api/calendar/token')).statusCode).toBe(401);
    expect((await t.admin.get('/api/calendar/token')).statusCode).toBe(403);
  });
});
