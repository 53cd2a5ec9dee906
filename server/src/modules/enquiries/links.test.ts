import { addDays } from '@app/common/rules/dates';
import { eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../../test/helpers.ts';
import { enquiries, mailOutbox, notificationSends, users } from '../../db/schema.ts';
import { formFor, startAdmissionsApp } from '../admissions/admissions-fixture.ts';
import { hourInIndia, JOBS } from '../notifications/jobs.ts';
import { runJob } from '../notifications/test-fixtures.ts';
import { createStaffMember } from '../staff/test-fixtures.ts';
import { DIGEST_KIND } from './digest.ts';
import { enquiryRow, freshPhone, recordEnquiry } from './test-fixtures.ts';

// Where the desk meets the rest (docs/product-admissions-desk.md): an admission request moves its enquiry
// to applied and its approval to admitted; the morning digest of follow-ups, once a day per owner.

let t: TestApp;
let courseId: string;
let kasba: Awaited<ReturnType<typeof createStaffMember>>;

beforeAll(async () => {
  ({ t, courseId } = await startAdmissionsApp());
  kasba = await createStaffMember(t, 'counsellor', { centres: ['kasba'], firstName: 'Kasba', lastName: 'Counsellor' });
}, 60_000);
afterAll(() => t?.close());

describe('admissions', () => {
  it('a request with the phone of an open enquiry moves it to applied; the approval to admitted', async () => {
    const phone = freshPhone();
    const id = await recordEnquiry(kasba.client, { phone, email: undefined });
    const res = await t.visitor.post('/api/admission-requests', formFor(courseId, { phone: `+91 ${phone}` }));
    expect(res.statusCode, res.body).toBe(201);
    const requestId = res.json().request._id as string;
    let row = await enquiryRow(t, id);
    expect(row).toMatchObject({ stage: 'applied', admissionRequestId: requestId });
    expect(row.appliedAt).not.toBeNull();
    expect(row.contactedAt).toBeNull();
    const approved = await t.admin.patch(`/api/admission-requests/admin/${requestId}/approve`, { adminNotes: 'Welcome' });
    expect(approved.statusCode, approved.body).toBe(200);
    row = await enquiryRow(t, id);
    expect(row).toMatchObject({ stage: 'admitted', studentId: approved.json().user._id, nextFollowUp: null });
    expect(row.admittedAt).not.toBeNull();
    const detail = (await kasba.client.get(`/api/enquiries/${id}`)).json();
    expect(detail.activities.slice(0, 2).map((a: { outcome: string }) => a.outcome)).toEqual([
      'Applied → Admitted: the admission was approved',
      'New → Applied: an admission request was sent',
    ]);
  });

  it('matches by e-mail in another case too, and leaves a lost or admitted enquiry alone', async () => {
    const email = `Applicant-${Date.now()}@Example.com`;
    const open = await recordEnquiry(t.admin, { email: email.toLowerCase() });
    const lostPhone = freshPhone();
    const lost = await recordEnquiry(t.admin, { phone: lostPhone });
    await t.admin.patch(`/api/enquiries/${lost}`, { stage: 'lost', lostReason: 'timing' });
    await t.visitor.post('/api/admission-requests', formFor(courseId, { email: email.toUpperCase() }));
    expect((await enquiryRow(t, open)).stage).toBe('applied');
    await t.visitor.post('/api/admission-requests', formFor(courseId, { phone: lostPhone }));
    expect((await enquiryRow(t, lost)).stage).toBe('lost');
  });

  it('a request matching no enquiry creates none', async () => {
    const before = await t.ctx.db.$count(enquiries);
    const res = await t.visitor.post('/api/admission-requests', formFor(courseId, { phone: freshPhone() }));
    expect(res.statusCode).toBe(201);
    expect(await t.ctx.db.$count(enquiries)).toBe(before);
  });
});

describe('the morning digest', () => {
  const day = '2031-06-10';
  const mailsTo = (email: string) => t.ctx.db.select().from(mailOutbox).where(eq(mailOutbox.to, email));

  it('mails each owner their follow-ups due today and overdue, once a day', async () => {
    const today = await recordEnquiry(kasba.client, { name: 'Due Today', nextFollowUp: day });
    const overdue = await recordEnquiry(kasba.client, { name: 'Overdue One', nextFollowUp: addDays(day, -2) });
    await recordEnquiry(kasba.client, { name: 'Later One', nextFollowUp: addDays(day, 1) });
    const lost = await recordEnquiry(kasba.client, { name: 'Lost One' });
    await t.ctx.db.update(enquiries).set({ stage: 'lost', lostReason: 'fees', nextFollowUp: day }).where(eq(enquiries.id, lost));
    const other = await createStaffMember(t, 'counsellor', { centres: ['kasba'] });
    await recordEnquiry(other.client, { name: 'Other Owner', nextFollowUp: day });

    const run = await runJob(t, 'enquiry-follow-ups', `${day}T08:00:00+05:30`);
    expect(run.statusCode, run.body).toBe(200);
    expect(run.json()).toMatchObject({ job: 'enquiry-follow-ups' });
    expect(run.json().messages).toBeGreaterThanOrEqual(2);
    const mine = await mailsTo(kasba.email);
    expect(mine).toHaveLength(1);
    expect(mine[0].subject).toContain('2 enquiries');
    expect(mine[0].text).toContain('Due Today');
    expect(mine[0].text).toContain('Overdue One');
    expect(mine[0].text).toContain(`/admin/enquiries/${today}`);
    expect(mine[0].text).toContain(`/admin/enquiries/${overdue}`);
    expect(mine[0].text).not.toContain('Later One');
    expect(mine[0].text).not.toContain('Lost One');
    expect(mine[0].text).not.toContain('Other Owner');
    expect(await mailsTo(other.email)).toHaveLength(1);

    // Later the same day, and from a second instance at once: nothing more.
    const again = await runJob(t, 'enquiry-follow-ups', `${day}T18:00:00+05:30`);
    expect(again.json()).toMatchObject({ reminders: 0, messages: 0 });
    await Promise.all([
      JOBS['enquiry-follow-ups'](t.ctx, new Date(`${day}T19:00:00+05:30`)),
      JOBS['enquiry-follow-ups'](t.ctx, new Date(`${day}T19:00:00+05:30`)),
    ]);
    expect(await mailsTo(kasba.email)).toHaveLength(1);
    const keys = await t.ctx.db.select().from(notificationSends).where(eq(notificationSends.kind, DIGEST_KIND));
    expect(keys.filter((k) => k.subjectId === kasba.id && k.stage === day)).toHaveLength(1);

    // The next morning the still-open ones come again.
    await runJob(t, 'enquiry-follow-ups', `${addDays(day, 1)}T08:30:00+05:30`);
    const next = await mailsTo(kasba.email);
    expect(next).toHaveLength(2);
    expect(next.find((m) => m.subject.includes('3 enquiries'))?.text).toContain('Later One');
  });

  it('an inactive owner gets nothing; the scheduler starts it at 08:00 in India', async () => {
    const gone = await createStaffMember(t, 'counsellor', { centres: ['kasba'] });
    await recordEnquiry(gone.client, { nextFollowUp: '2031-07-01' });
    await t.ctx.db.update(users).set({ isActive: false }).where(eq(users.id, gone.id));
    await runJob(t, 'enquiry-follow-ups', '2031-07-01T09:00:00+05:30');
    expect(await mailsTo(gone.email)).toHaveLength(0);
    expect(await t.ctx.db.select().from(mailOutbox).where(like(mailOutbox.subject, 'Follow-ups for%'))).not.toHaveLength(0);
    expect(hourInIndia(new Date('2031-07-01T02:29:00Z'))).toBe(7);
    expect(hourInIndia(new Date('2031-07-01T02:30:00Z'))).toBe(8);
  });
});
