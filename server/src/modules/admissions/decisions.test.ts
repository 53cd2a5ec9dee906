import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMISSION_MSG } from '@app/common/schemas/admissions';
import type { TestApp } from '../../../test/helpers.ts';
import { admissionRequests, auditLog, mailOutbox, users } from '../../db/schema.ts';
import { application, startAdmissionsApp, submitAs } from './admissions-fixture.ts';

// The admin's side of admission requests: listing, approving (the student account), rejecting, deleting.

let t: TestApp;
let courseId: string;

beforeAll(async () => {
  ({ t, courseId } = await startAdmissionsApp());
});
afterAll(() => t?.close());

const submit = (patch: Record<string, unknown> = {}) => submitAs(t, courseId, patch);
/** The phone of formFor's requests, as the status lookup is asked for it. */
const PHONE = '9830011111';

describe('admin decisions', () => {
  it('lists requests newest first, filtered by status', async () => {
    const a = await submit();
    const b = await submit();
    await t.admin.patch(`/api/admission-requests/admin/${b._id}/reject`, {});
    const all = (await t.admin.get('/api/admission-requests/admin')).json().requests as {
      _id: string;
      createdAt: string;
      status: string;
    }[];
    expect(all.findIndex((r) => r._id === b._id)).toBeLessThan(all.findIndex((r) => r._id === a._id));
    const times = all.map((r) => r.createdAt);
    expect([...times].sort().reverse()).toEqual(times);
    const pending = (await t.admin.get('/api/admission-requests/admin?status=pending')).json().requests as {
      _id: string;
      status: string;
    }[];
    expect(pending.every((r) => r.status === 'pending')).toBe(true);
    expect(pending.some((r) => r._id === a._id)).toBe(true);
    expect(pending.some((r) => r._id === b._id)).toBe(false);
    const rejected = (await t.admin.get('/api/admission-requests/admin?status=rejected')).json().requests as { _id: string }[];
    expect(rejected.some((r) => r._id === b._id)).toBe(true);
    expect((await t.admin.get('/api/admission-requests/admin?status=lost')).statusCode).toBe(400);
  });

  it('approval creates the student once, with numbers, batch year, centre and course; the student signs in', async () => {
    const r = await submit({ ...application });
    const res = await t.admin.patch(`/api/admission-requests/admin/${r._id}/approve`, { adminNotes: 'Welcome' });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.message).toBe(ADMISSION_MSG.approved);
    expect(body.user.email).toBe(r.email);
    expect(body.user.temporaryPassword).toHaveLength(16);
    expect(body.user.registrationNumber).toMatch(/^LCI-20\d\d-\d{5}$/);
    expect(body.emailSent).toBe(true);
    // No SMTP configured: the mail is kept in the dev outbox and its text is shown to the admin.
    expect(body.emailPreview).toContain(body.user.temporaryPassword);
    expect(body.notice).toMatch(/only once/);
    expect(body.request).toMatchObject({ status: 'approved', adminNotes: 'Welcome', userId: body.user._id, decidedBy: 'Institute Admin' });
    expect(body.request.admissionNumber).toMatch(/^ADM-20\d\d-\d{5}$/);
    expect(body.request.batchYear).toMatch(/^20\d\d-\d\d$/);

    const [user] = await t.ctx.db.select().from(users).where(eq(users.email, r.email));
    expect(user).toMatchObject({
      firstName: 'Asha',
      lastName: 'Kumari Roy',
      role: 'student',
      phone: '+91 98300 11111',
      education: 'Class 12',
      centreId: 'kasba',
      courseInterest: 'CLAT Preparation',
      isActive: true,
    });
    const [mail] = await t.ctx.db.select().from(mailOutbox).where(eq(mailOutbox.to, r.email));
    expect(mail.text).toContain(body.user.temporaryPassword);
    expect(mail.text).toContain(body.user.registrationNumber);
    const audit = await t.ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'admission.approve'), eq(auditLog.entityId, r._id)));
    expect(audit).toHaveLength(1);
    expect(audit[0].before).toMatchObject({ status: 'pending' });
    expect(audit[0].after).toMatchObject({ status: 'approved', userId: user.id });

    const login = await t.visitor.post('/api/auth/login', { email: r.email, password: body.user.temporaryPassword });
    expect(login.statusCode).toBe(200);
    const mine = await t.withToken(login.json().token).get('/api/admissions/student');
    expect(mine.statusCode).toBe(200);
    expect(mine.json()).toEqual({
      admissionId: body.request.admissionNumber,
      course: { _id: courseId, name: 'CLAT Preparation', fees: 25000, feeType: 'full', duration: '6 months' },
      batchPreference: 'WEEKEND',
      batchYear: body.request.batchYear,
      centre: expect.objectContaining({ id: 'kasba', name: 'Kasba/Ballygunge Centre' }),
      admissionDate: body.request.approvedAt,
      status: 'APPROVED',
    });
  });

  it('gives every approval its own registration and admission number', async () => {
    const a = await submit();
    const b = await submit();
    const [ra, rb] = await Promise.all([a, b].map((r) => t.admin.patch(`/api/admission-requests/admin/${r._id}/approve`, {})));
    expect([ra.statusCode, rb.statusCode]).toEqual([200, 200]);
    expect(ra.json().user.registrationNumber).not.toBe(rb.json().user.registrationNumber);
    expect(ra.json().request.admissionNumber).not.toBe(rb.json().request.admissionNumber);
  });

  it('two approvals at once create exactly one account', async () => {
    const r = await submit();
    const answers = await Promise.all([1, 2].map(() => t.admin.patch(`/api/admission-requests/admin/${r._id}/approve`, {})));
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
    expect(await t.ctx.db.$count(users, eq(users.email, r.email))).toBe(1);
  });

  it('approve and reject only a pending request', async () => {
    const approved = await submit();
    await t.admin.patch(`/api/admission-requests/admin/${approved._id}/approve`, {});
    for (const action of ['approve', 'reject']) {
      const res = await t.admin.patch(`/api/admission-requests/admin/${approved._id}/${action}`, {});
      expect(res.statusCode).toBe(409);
      expect(res.json().message).toBe('This admission request has already been approved.');
    }
    const rejected = await submit();
    expect((await t.admin.patch(`/api/admission-requests/admin/${rejected._id}/reject`, {})).statusCode).toBe(200);
    const again = await t.admin.patch(`/api/admission-requests/admin/${rejected._id}/approve`, {});
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('This admission request has already been rejected.');
    expect(await t.ctx.db.$count(users, eq(users.email, rejected.email))).toBe(0);
    const missing = await t.admin.patch('/api/admission-requests/admin/00000000-0000-4000-8000-000000000000/approve', {});
    expect(missing.statusCode).toBe(404);
  });

  it('approving an e-mail that already has an account answers 409 and creates nothing', async () => {
    const r = await submit();
    await t.createStudent({ email: r.email });
    const res = await t.admin.patch(`/api/admission-requests/admin/${r._id}/approve`, {});
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(ADMISSION_MSG.approveAccountExists);
    const [row] = await t.ctx.db.select().from(admissionRequests).where(eq(admissionRequests.id, r._id));
    expect(row.status).toBe('pending');
  });

  it('rejection records notes and mails the applicant, without the internal note', async () => {
    const r = await submit();
    const res = await t.admin.patch(`/api/admission-requests/admin/${r._id}/reject`, { adminNotes: 'Rejected from dashboard' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      message: ADMISSION_MSG.rejected,
      emailSent: true,
      request: { status: 'rejected', adminNotes: 'Rejected from dashboard', noteIsForApplicant: false },
    });
    // The dashboard's note is internal: neither the status lookup nor the mail carries it.
    const status = (await t.visitor.get(`/api/admission-requests/status/${r.email}?phone=${encodeURIComponent(PHONE)}`)).json();
    expect(status).toMatchObject({ status: 'rejected', adminNotes: null });
    const [mail] = await t.ctx.db.select().from(mailOutbox).where(eq(mailOutbox.to, r.email));
    expect(mail.text).not.toContain('Rejected from dashboard');
    expect(mail.html).not.toContain('Rejected from dashboard');
    expect(await t.ctx.db.$count(auditLog, and(eq(auditLog.action, 'admission.reject'), eq(auditLog.entityId, r._id)))).toBe(1);
  });

  it('a note the admin marks for the applicant reaches them: in the mail and on the status lookup', async () => {
    const r = await submit();
    const body = { adminNotes: 'Please apply again for the January batch.', noteIsForApplicant: true };
    const res = await t.admin.patch(`/api/admission-requests/admin/${r._id}/reject`, body);
    expect(res.json().request).toMatchObject({ adminNotes: body.adminNotes, noteIsForApplicant: true });
    const [mail] = await t.ctx.db.select().from(mailOutbox).where(eq(mailOutbox.to, r.email));
    expect(mail.text).toContain(body.adminNotes);
    const status = (await t.visitor.get(`/api/admission-requests/status/${r.email}?phone=${encodeURIComponent(PHONE)}`)).json();
    expect(status.adminNotes).toBe(body.adminNotes);
  });

  it('approving from the dashboard mails the credentials without the internal note; a note for the applicant is mailed', async () => {
    const internal = await submit();
    await t.admin.patch(`/api/admission-requests/admin/${internal._id}/approve`, { adminNotes: 'Approved from dashboard' });
    const [welcome] = await t.ctx.db.select().from(mailOutbox).where(eq(mailOutbox.to, internal.email));
    expect(welcome.subject).toMatch(/Welcome/);
    expect(welcome.text).not.toContain('Approved from dashboard');
    const status = (await t.visitor.get(`/api/admission-requests/status/${internal.email}?phone=${encodeURIComponent(PHONE)}`)).json();
    expect(status).toMatchObject({ status: 'approved', adminNotes: null });

    const told = await submit();
    const note = 'Classes start on 5 January at the Kasba centre.';
    await t.admin.patch(`/api/admission-requests/admin/${told._id}/approve`, { adminNotes: note, noteIsForApplicant: true });
    const [mail] = await t.ctx.db.select().from(mailOutbox).where(eq(mailOutbox.to, told.email));
    expect(mail.text).toContain(note);
  });

  it('answers 400 for a noteIsForApplicant that is not true or false, and decides nothing', async () => {
    const r = await submit();
    const res = await t.admin.patch(`/api/admission-requests/admin/${r._id}/reject`, { adminNotes: 'x', noteIsForApplicant: 'yes' });
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toEqual({ noteIsForApplicant: 'noteIsForApplicant must be true or false' });
    const [row] = await t.ctx.db.select().from(admissionRequests).where(eq(admissionRequests.id, r._id));
    expect(row.status).toBe('pending');
  });

  it('delete removes a request in any status but not the student account', async () => {
    const r = await submit();
    const approve = await t.admin.patch(`/api/admission-requests/admin/${r._id}/approve`, {});
    const res = await t.admin.delete(`/api/admission-requests/admin/${r._id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe(ADMISSION_MSG.deleted);
    expect((await t.admin.get(`/api/admission-requests/admin/${r._id}`)).statusCode).toBe(404);
    expect(await t.ctx.db.$count(users, eq(users.id, approve.json().user._id))).toBe(1);
    expect((await t.admin.delete(`/api/admission-requests/admin/${r._id}`)).statusCode).toBe(404);
    const audit = await t.ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'admission.delete'), eq(auditLog.entityId, r._id)));
    expect(audit[0].before).toMatchObject({ email: r.email });
  });
});
