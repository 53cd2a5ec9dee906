import { addDays, todayInIndia } from '@app/common/rules/dates';
import { and, asc, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENQUIRY_MSG, type EnquiryDetail } from '@app/common/schemas/enquiries';
import { SITE_MSG } from '@app/common/schemas/site';
import { createTestApp, type TestApp } from '../../../test/helpers.ts';
import { auditLog, enquiries, mailOutbox, users } from '../../db/schema.ts';
import { createStaffMember } from '../staff/test-fixtures.ts';
import { deskBody, enquiryRow, freshPhone, recordEnquiry } from './test-fixtures.ts';

// The admissions desk's API (docs/product-admissions-desk.md): recording and merging, the scope of a
// centre's counsellor, the changes and the activity log, the lists and every refusal.

let t: TestApp;
let kasba: Awaited<ReturnType<typeof createStaffMember>>;
let dumdumCounsellor: Awaited<ReturnType<typeof createStaffMember>>;
let student: Awaited<ReturnType<TestApp['createStudent']>>;
let adminId: string;

beforeAll(async () => {
  t = await createTestApp();
  kasba = await createStaffMember(t, 'counsellor', { centres: ['kasba'], firstName: 'Kasba', lastName: 'Counsellor' });
  dumdumCounsellor = await createStaffMember(t, 'counsellor', { centres: ['dumdum'] });
  student = await t.createStudent();
  [{ id: adminId }] = await t.ctx.db.select({ id: users.id }).from(users).where(eq(users.email, 'admin@test.local'));
}, 60_000);
afterAll(() => t?.close());

const detail = async (id: string, client = t.admin) => {
  const res = await client.get(`/api/enquiries/${id}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as EnquiryDetail;
};
const rowsOfPhone = (digits: string) => t.ctx.db.select().from(enquiries).where(eq(enquiries.phoneDigits, digits));

describe('recording an enquiry at the desk', () => {
  it('answers 201; the owner defaults to whoever records it; the creation is logged and audited', async () => {
    const res = await kasba.client.post('/api/enquiries', deskBody({ name: 'Mitali Das', notes: 'Wants a weekend batch' }));
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ merged: false, message: ENQUIRY_MSG.created });
    const d = await detail(res.json()._id, kasba.client);
    expect(d).toMatchObject({
      name: 'Mitali Das',
      stage: 'new',
      source: 'walk_in',
      centre: { id: 'kasba' },
      owner: { _id: kasba.id, name: 'Kasba Counsellor' },
      notes: 'Wants a weekend batch',
      stale: false,
      lostReason: null,
    });
    expect(d.activities.map((a) => a.kind)).toEqual(['created']);
    const audit = await t.ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'enquiry.create'), eq(auditLog.entityId, d._id)));
    expect(audit).toHaveLength(1);
  });

  it('takes an owner who works at the centre, and refuses anyone else naming owner', async () => {
    const ok = await t.admin.post('/api/enquiries', deskBody({ owner: kasba.id }));
    expect(ok.statusCode, ok.body).toBe(201);
    expect((await detail(ok.json()._id)).owner?._id).toBe(kasba.id);
    const faculty = await createStaffMember(t, 'faculty');
    const inactive = await createStaffMember(t, 'counsellor', { centres: ['kasba'] });
    await t.ctx.db.update(users).set({ isActive: false }).where(eq(users.id, inactive.id));
    for (const owner of [faculty.id, dumdumCounsellor.id, inactive.id, student.id, '00000000-0000-4000-8000-000000000000', 'someone']) {
      const res = await t.admin.post('/api/enquiries', deskBody({ owner }));
      expect(res.statusCode, owner).toBe(400);
      expect(res.json().fields.owner).toBe(ENQUIRY_MSG.ownerNotCounsellor);
    }
  });

  it('lists who may own an enquiry of a centre: active admins and that centre’s managers and counsellors', async () => {
    const manager = await createStaffMember(t, 'centre_manager', { centres: ['kasba'], firstName: 'Kasba', lastName: 'Manager' });
    const gone = await createStaffMember(t, 'counsellor', { centres: ['kasba'], firstName: 'Gone', lastName: 'Counsellor' });
    await t.ctx.db.update(users).set({ isActive: false }).where(eq(users.id, gone.id));
    const res = await kasba.client.get('/api/enquiries/owners?centre=kasba');
    expect(res.statusCode, res.body).toBe(200);
    const ids = res.json().owners.map((o: { _id: string }) => o._id);
    expect(ids).toEqual(expect.arrayContaining([adminId, kasba.id, manager.id]));
    expect(ids).not.toContain(gone.id);
    expect(ids).not.toContain(dumdumCounsellor.id);
    expect(res.json().owners.find((o: { _id: string }) => o._id === manager.id)).toEqual({
      _id: manager.id,
      name: 'Kasba Manager',
      role: 'centre_manager',
    });
    // Every name offered is one the desk accepts as owner.
    for (const owner of ids) expect((await kasba.client.post('/api/enquiries', deskBody({ owner }))).statusCode).toBe(201);
    // Another centre's staff are not the caller's to list; a bad centre is 400; a student 403, a visitor 401.
    expect((await kasba.client.get('/api/enquiries/owners?centre=dumdum')).statusCode).toBe(403);
    expect((await t.admin.get('/api/enquiries/owners?centre=dumdum')).json().owners.map((o: { _id: string }) => o._id)).toContain(
      dumdumCounsellor.id,
    );
    expect((await t.admin.get('/api/enquiries/owners?centre=mars')).statusCode).toBe(400);
    expect((await student.client.get('/api/enquiries/owners?centre=kasba')).statusCode).toBe(403);
    expect((await t.visitor.get('/api/enquiries/owners?centre=kasba')).statusCode).toBe(401);
  });

  it('refuses bad input with 400 naming each field, and stores nothing', async () => {
    const before = await t.ctx.db.$count(enquiries);
    const res = await t.admin.post('/api/enquiries', {
      name: '',
      phone: '12',
      email: 'nope',
      centre: 'mars',
      source: 'pigeon',
      course: 'x',
      nextFollowUp: '2026-02-30',
    });
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json().fields).sort()).toEqual(['centre', 'course', 'email', 'name', 'nextFollowUp', 'phone', 'source']);
    for (const nextFollowUp of ['tomorrow', '2026-13-01', '1800-01-01']) {
      const bad = await t.admin.post('/api/enquiries', deskBody({ nextFollowUp }));
      expect(bad.statusCode, nextFollowUp).toBe(400);
      expect(bad.json().fields.nextFollowUp).toBeDefined();
    }
    const course = await t.admin.post('/api/enquiries', deskBody({ course: '00000000-0000-4000-8000-000000000000' }));
    expect(course.statusCode).toBe(400);
    expect(course.json().fields.course).toBe(ENQUIRY_MSG.courseNotFound);
    expect(await t.ctx.db.$count(enquiries)).toBe(before);
  });
});

describe('merging', () => {
  it('joins an open enquiry with the same phone in another format: details fill the gaps, the words go to the notes', async () => {
    const digits = freshPhone();
    const first = await recordEnquiry(t.admin, { phone: digits, email: undefined, classYear: undefined, notes: 'First call' });
    const before = await enquiryRow(t, first);
    const again = await t.admin.post(
      '/api/enquiries',
      deskBody({
        name: 'Riya S.',
        phone: `+91 ${digits.slice(0, 5)} ${digits.slice(5)}`,
        email: 'Riya.New@Example.com',
        classYear: 'Class 11',
        source: 'phone',
        notes: 'Asked about fees',
      }),
    );
    expect(again.statusCode, again.body).toBe(201);
    expect(again.json()).toEqual({ _id: first, merged: true, message: ENQUIRY_MSG.merged });
    expect(await rowsOfPhone(digits)).toHaveLength(1);
    const row = await enquiryRow(t, first);
    expect(row).toMatchObject({ name: 'Riya Sen', email: 'riya.new@example.com', classYear: 'Class 11', source: 'walk_in' });
    expect(row.notes).toMatch(/^First call\n\n\d{4}-\d{2}-\d{2} \(Phone\): Asked about fees$/);
    expect(row.lastActivityAt.getTime()).toBeGreaterThanOrEqual(before.lastActivityAt.getTime());
    const d = await detail(first);
    expect(d.activities[0].kind).toBe('merged');
    // 0-prefixed, too.
    const third = await t.admin.post('/api/enquiries', deskBody({ phone: `0${digits}` }));
    expect(third.json()).toMatchObject({ _id: first, merged: true });
  });

  it('joins by e-mail in another case; the visitor is answered the same whether it merged or not', async () => {
    const email = `Meera-${Date.now()}@Example.com`;
    const first = await recordEnquiry(t.admin, { email: email.toLowerCase(), centre: 'kasba' });
    const answers = [];
    for (const phone of [freshPhone(), freshPhone()]) {
      const res = await t.visitor.post('/api/public/enquiries', {
        name: 'Meera',
        phone,
        email: email.toUpperCase(),
        message: 'Evening batch?',
      });
      expect(res.statusCode, res.body).toBe(201);
      answers.push(res.json());
    }
    expect(answers.map((a) => Object.keys(a).sort())).toEqual([
      ['_id', 'message'],
      ['_id', 'message'],
    ]);
    expect(answers.every((a) => a._id === first && a.message === SITE_MSG.enquirySent)).toBe(true);
    const row = await enquiryRow(t, first);
    expect(row.notes).toContain('(Contact page): Evening batch?');
    expect(row.source).toBe('walk_in');
    expect((await detail(first)).activities.filter((a) => a.kind === 'merged')).toHaveLength(2);
  });

  it('never merges into an admitted or lost enquiry: a new one starts', async () => {
    const phone = freshPhone();
    const lost = await recordEnquiry(t.admin, { phone });
    expect((await t.admin.patch(`/api/enquiries/${lost}`, { stage: 'lost', lostReason: 'fees' })).statusCode).toBe(200);
    const second = await t.admin.post('/api/enquiries', deskBody({ phone }));
    expect(second.json()).toMatchObject({ merged: false });
    expect(second.json()._id).not.toBe(lost);
    await t.ctx.db.update(enquiries).set({ stage: 'admitted', admittedAt: new Date() }).where(eq(enquiries.id, second.json()._id));
    const third = await t.visitor.post('/api/public/enquiries', { name: 'Riya', phone, message: 'Again' });
    expect(third.statusCode).toBe(201);
    expect([lost, second.json()._id]).not.toContain(third.json()._id);
    expect(await rowsOfPhone(phone)).toHaveLength(3);
  });

  it('a desk merges only into an enquiry it can open: another centre’s stays theirs', async () => {
    const phone = freshPhone();
    const dumdum = await recordEnquiry(t.admin, { phone, centre: 'dumdum' });
    const res = await kasba.client.post('/api/enquiries', deskBody({ phone, centre: 'kasba' }));
    expect(res.json()).toMatchObject({ merged: false });
    expect(res.json()._id).not.toBe(dumdum);
  });
});

describe('the contact page', () => {
  it('stores a contact_page enquiry and mails it through the outbox', async () => {
    const res = await t.visitor.post('/api/public/enquiries', {
      name: 'Kabir Sen',
      phone: '98300 12345',
      email: 'Kabir@Example.com',
      centre: 'kasba',
      message: 'Is there a weekend CLAT batch?',
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({ _id: expect.any(String), message: SITE_MSG.enquirySent });
    const mails = await t.ctx.db.select().from(mailOutbox).where(like(mailOutbox.subject, 'Website enquiry from Kabir Sen%'));
    expect(mails.length).toBeGreaterThan(0);
    expect(mails[0].text).toContain('Is there a weekend CLAT batch?');
    expect(mails[0].text).toContain('Kasba/Ballygunge Centre');
    const d = await detail(res.json()._id);
    expect(d).toMatchObject({
      source: 'contact_page',
      stage: 'new',
      email: 'kabir@example.com',
      message: 'Is there a weekend CLAT batch?',
      owner: null,
    });
    expect((await kasba.client.get(`/api/enquiries/${d._id}`)).statusCode).toBe(200);
  });

  it('refuses bad input naming the field', async () => {
    const res = await t.visitor.post('/api/public/enquiries', {
      name: '',
      phone: '12',
      email: 'nope',
      course: 'x',
      centre: 'mars',
      message: '',
    });
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json().fields).sort()).toEqual(['centre', 'course', 'email', 'message', 'name', 'phone']);
    const unknownCourse = await t.visitor.post('/api/public/enquiries', {
      name: 'A',
      phone: '9830012399',
      course: '00000000-0000-4000-8000-000000000000',
      message: 'Hi',
    });
    expect(unknownCourse.statusCode).toBe(400);
    expect(unknownCourse.json().fields.course).toBeDefined();
  });
});

describe('whose enquiries', () => {
  let dumdum: string;
  beforeAll(async () => {
    dumdum = await recordEnquiry(t.admin, { centre: 'dumdum', name: 'Dumdum Person' });
  });

  it('a Kasba counsellor gets 404 on a Dumdum enquiry for reading, changing and logging', async () => {
    const reads = [
      await kasba.client.get(`/api/enquiries/${dumdum}`),
      await kasba.client.patch(`/api/enquiries/${dumdum}`, { notes: 'mine now' }),
      await kasba.client.post(`/api/enquiries/${dumdum}/activities`, { kind: 'call', outcome: 'Hello' }),
    ];
    for (const res of reads) {
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toBe(ENQUIRY_MSG.notFound);
    }
    const row = await enquiryRow(t, dumdum);
    expect(row.notes).toBe('');
    expect(row.stage).toBe('new');
    expect((await dumdumCounsellor.client.get(`/api/enquiries/${dumdum}`)).statusCode).toBe(200);
  });

  it('a Kasba counsellor cannot record one for Dumdum: 403', async () => {
    const res = await kasba.client.post('/api/enquiries', deskBody({ centre: 'dumdum' }));
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe(ENQUIRY_MSG.centreOutOfScope);
  });

  it('lists only Kasba’s for the Kasba counsellor, and every centre’s for an admin', async () => {
    const mine = (await kasba.client.get('/api/enquiries?limit=100')).json();
    expect(mine.enquiries.length).toBeGreaterThan(0);
    expect(mine.enquiries.every((e: { centre: { id: string } | null }) => e.centre?.id === 'kasba')).toBe(true);
    const asked = (await kasba.client.get('/api/enquiries?centre=dumdum')).json();
    expect(asked.enquiries).toEqual([]);
    const all = (await t.admin.get('/api/enquiries?limit=100')).json();
    expect(all.enquiries.some((e: { _id: string }) => e._id === dumdum)).toBe(true);
  });

  it('an unknown id is 404 for an admin too; a student gets 403 and a visitor 401 everywhere', async () => {
    expect((await t.admin.get('/api/enquiries/00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
    const calls = [
      (c: TestApp['admin']) => c.get('/api/enquiries'),
      (c: TestApp['admin']) => c.post('/api/enquiries', deskBody()),
      (c: TestApp['admin']) => c.get(`/api/enquiries/${dumdum}`),
      (c: TestApp['admin']) => c.patch(`/api/enquiries/${dumdum}`, { notes: 'x' }),
      (c: TestApp['admin']) => c.post(`/api/enquiries/${dumdum}/activities`, { kind: 'note', outcome: 'x' }),
      (c: TestApp['admin']) => c.get('/api/enquiries/funnel?from=2026-01-01&to=2026-01-31'),
      (c: TestApp['admin']) => c.get('/api/enquiries/funnel.csv?from=2026-01-01&to=2026-01-31'),
    ];
    const faculty = await createStaffMember(t, 'faculty');
    for (const call of calls) {
      expect((await call(student.client)).statusCode).toBe(403);
      expect((await call(faculty.client)).statusCode).toBe(403);
      expect((await call(t.visitor)).statusCode).toBe(401);
    }
  });
});

describe('changing an enquiry', () => {
  it('a stage stamps its own column once, skipped ones stay empty; logged and audited; last activity moves', async () => {
    const id = await recordEnquiry(kasba.client);
    const before = await enquiryRow(t, id);
    const res = await kasba.client.patch(`/api/enquiries/${id}`, { stage: 'visited' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().stage).toBe('visited');
    const row = await enquiryRow(t, id);
    expect(row.visitedAt).not.toBeNull();
    expect([row.contactedAt, row.counsellingBookedAt, row.appliedAt]).toEqual([null, null, null]);
    expect(row.lastActivityAt.getTime()).toBeGreaterThanOrEqual(before.lastActivityAt.getTime());
    expect(res.json().activities[0]).toMatchObject({ kind: 'stage', outcome: 'New → Visited', by: { _id: kasba.id } });
    const stamp = row.visitedAt?.getTime();
    await kasba.client.patch(`/api/enquiries/${id}`, { stage: 'contacted' });
    await kasba.client.patch(`/api/enquiries/${id}`, { stage: 'visited' });
    expect((await enquiryRow(t, id)).visitedAt?.getTime()).toBe(stamp);
    const audits = await t.ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'enquiry.update'), eq(auditLog.entityId, id)))
      // In the order they were written: without an order PostgreSQL may return them in any.
      .orderBy(asc(auditLog.createdAt));
    expect(audits).toHaveLength(3);
    expect(audits[0].before).toMatchObject({ stage: 'new' });
    expect(audits[0].after).toMatchObject({ stage: 'visited' });
  });

  it('lost needs its reason (400 naming lostReason); with it, the follow-up ends', async () => {
    const id = await recordEnquiry(t.admin, { nextFollowUp: addDays(todayInIndia(), 2) });
    const bad = await t.admin.patch(`/api/enquiries/${id}`, { stage: 'lost' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields.lostReason).toBe(ENQUIRY_MSG.lostReasonRequired);
    expect((await enquiryRow(t, id)).stage).toBe('new');
    const ok = await t.admin.patch(`/api/enquiries/${id}`, { stage: 'lost', lostReason: 'distance' });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json()).toMatchObject({ stage: 'lost', lostReason: 'distance', nextFollowUp: null, stale: false });
    expect((await enquiryRow(t, id)).lostAt).not.toBeNull();
  });

  it('changes owner, follow-up, notes and class; refuses a bad owner, date or stage with 400', async () => {
    const id = await recordEnquiry(t.admin);
    const day = addDays(todayInIndia(), 3);
    const res = await t.admin.patch(`/api/enquiries/${id}`, {
      owner: kasba.id,
      nextFollowUp: day,
      notes: 'Call after 6 pm',
      classYear: 'Class 11',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ owner: { _id: kasba.id }, nextFollowUp: day, notes: 'Call after 6 pm', classYear: 'Class 11' });
    expect((await t.admin.patch(`/api/enquiries/${id}`, { owner: null, nextFollowUp: null })).json()).toMatchObject({
      owner: null,
      nextFollowUp: null,
    });
    const cases: [Record<string, unknown>, string][] = [
      [{ owner: dumdumCounsellor.id }, 'owner'],
      [{ owner: 'nobody' }, 'owner'],
      [{ nextFollowUp: '2026-02-29' }, 'nextFollowUp'],
      [{ nextFollowUp: 'soon' }, 'nextFollowUp'],
      [{ stage: 'enrolled' }, 'stage'],
      [{ stage: 'lost', lostReason: 'weather' }, 'lostReason'],
      [{ notes: 'x'.repeat(2001) }, 'notes'],
    ];
    for (const [body, field] of cases) {
      const bad = await t.admin.patch(`/api/enquiries/${id}`, body);
      expect(bad.statusCode, JSON.stringify(body)).toBe(400);
      expect(bad.json().fields[field], JSON.stringify(body)).toBeDefined();
    }
    expect((await t.admin.patch('/api/enquiries/not-an-id', { notes: 'x' })).statusCode).toBeLessThan(500);
  });
});

describe('the activity log', () => {
  it('a call on a new enquiry contacts it and sets the follow-up; answers 201 with the activities newest first', async () => {
    const id = await recordEnquiry(kasba.client);
    const tomorrow = addDays(todayInIndia(), 1);
    const res = await kasba.client.post(`/api/enquiries/${id}/activities`, {
      kind: 'call',
      outcome: 'Will visit on Saturday',
      nextFollowUp: tomorrow,
    });
    expect(res.statusCode, res.body).toBe(201);
    const d = res.json() as EnquiryDetail;
    expect(d).toMatchObject({ stage: 'contacted', nextFollowUp: tomorrow });
    expect(d.activities.map((a) => a.kind)).toEqual(['stage', 'call', 'created']);
    expect(d.activities[1]).toMatchObject({
      outcome: 'Will visit on Saturday',
      nextFollowUp: tomorrow,
      by: { _id: kasba.id, name: 'Kasba Counsellor' },
    });
    expect((await enquiryRow(t, id)).contactedAt).not.toBeNull();
    // A second call keeps the stage.
    const again = await kasba.client.post(`/api/enquiries/${id}/activities`, { kind: 'whatsapp', outcome: 'Sent the fee chart' });
    expect(again.json().stage).toBe('contacted');
  });

  it('a visit moves it to visited; a note moves nothing; bad bodies are 400', async () => {
    const id = await recordEnquiry(t.admin);
    expect((await t.admin.post(`/api/enquiries/${id}/activities`, { kind: 'note', outcome: 'Prefers mornings' })).json().stage).toBe('new');
    const visit = await t.admin.post(`/api/enquiries/${id}/activities`, { kind: 'visit', outcome: 'Came with her father' });
    expect(visit.json().stage).toBe('visited');
    const row = await enquiryRow(t, id);
    expect(row.visitedAt).not.toBeNull();
    expect(row.contactedAt).toBeNull();
    for (const body of [
      { kind: 'email', outcome: 'x' },
      { kind: 'call', outcome: '' },
      { kind: 'call', outcome: 'x', nextFollowUp: '31-12-2026' },
    ]) {
      expect((await t.admin.post(`/api/enquiries/${id}/activities`, body)).statusCode, JSON.stringify(body)).toBe(400);
    }
  });
});

describe('the lists', () => {
  it('follow-ups due today and overdue (India’s calendar), owner=me, newest first', async () => {
    const today = todayInIndia();
    const dueToday = await recordEnquiry(kasba.client, { nextFollowUp: today });
    const overdue = await recordEnquiry(kasba.client, { nextFollowUp: addDays(today, -3) });
    const later = await recordEnquiry(kasba.client, { nextFollowUp: addDays(today, 2) });
    const overdueLost = await recordEnquiry(kasba.client, { nextFollowUp: addDays(today, -1) });
    await t.ctx.db.update(enquiries).set({ stage: 'lost', lostReason: 'fees' }).where(eq(enquiries.id, overdueLost));
    const ids = async (query: string) =>
      ((await kasba.client.get(`/api/enquiries?${query}&limit=100`)).json().enquiries as { _id: string }[]).map((e) => e._id);
    expect(await ids('due=today')).toContain(dueToday);
    expect(await ids('due=today')).not.toContain(overdue);
    const late = await ids('due=overdue');
    expect(late).toContain(overdue);
    expect(late).not.toContain(dueToday);
    expect(late).not.toContain(later);
    expect(late).not.toContain(overdueLost);
    const mine = await ids('owner=me');
    expect(mine.slice(0, 4)).toEqual([overdueLost, later, overdue, dueToday]);
    expect(await ids(`owner=${adminId}`)).not.toContain(dueToday);
  });

  it('searches name, phone and e-mail, LIKE characters taken literally; pages; flags stale ones', async () => {
    const phone = freshPhone();
    const id = await recordEnquiry(t.admin, { name: 'Zeenat 100% Khan', phone, email: 'zeenat_k@example.com' });
    const find = async (q: string) => (await t.admin.get(`/api/enquiries?q=${encodeURIComponent(q)}`)).json();
    expect((await find('zeenat')).enquiries.map((e: { _id: string }) => e._id)).toContain(id);
    expect((await find('100%')).enquiries.map((e: { _id: string }) => e._id)).toEqual([id]);
    expect((await find('0% K')).total).toBe(1);
    expect((await find('zeenat_k@')).total).toBe(1);
    expect((await find('%')).enquiries.map((e: { _id: string }) => e._id)).toEqual([id]);
    expect((await find(`${phone.slice(0, 5)} ${phone.slice(5)}`)).total).toBe(1);
    expect((await find(`+91 ${phone.slice(0, 5)}-${phone.slice(5)}`)).total).toBe(1);
    const page = (await t.admin.get('/api/enquiries?limit=2&page=2')).json();
    expect(page).toMatchObject({ page: 2, limit: 2 });
    expect(page.totalPages).toBe(Math.ceil(page.total / 2));
    await t.ctx.db
      .update(enquiries)
      .set({ lastActivityAt: new Date(Date.now() - 8 * 86_400_000) })
      .where(eq(enquiries.id, id));
    expect((await detail(id)).stale).toBe(true);
    for (const q of ['stage=won', 'due=weekly', 'owner=someone', 'centre=mars', 'page=0', 'limit=x']) {
      expect((await t.admin.get(`/api/enquiries?${q}`)).statusCode, q).toBe(400);
    }
    expect((await t.admin.get('/api/enquiries?limit=1000')).json().limit).toBe(100);
  });
});
