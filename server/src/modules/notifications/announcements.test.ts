import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers.ts';
import { createAdmittedStudent, createCourse } from '../payments/test-fixtures.ts';
import { mailbox } from './test-fixtures.ts';

// Notifications (docs/product-notifications.md): announcements with their count.

let t: TestApp;
let course: { _id: string; name: string; price: number };
beforeAll(async () => {
  t = await createTestApp();
  course = await createCourse(t, 24_000);
});
afterAll(async () => {
  await t?.ctx.notifier.idle();
  await t?.close();
});

describe('announcements', () => {
  it('counts before sending, and sends to exactly that many by the chosen channel', async () => {
    const opted = await t.createStudent({ centreId: 'shrirampur', phone: '9830044444' });
    await opted.client.put('/api/notifications/preferences', { email: true, sms: true, whatsapp: false });
    const noPhone = await t.createStudent({ centreId: 'shrirampur', phone: null });
    const inactive = await t.createStudent({ centreId: 'shrirampur', isActive: false });
    const emailOff = await t.createStudent({ centreId: 'shrirampur' });
    await emailOff.client.put('/api/notifications/preferences', { email: false, sms: false, whatsapp: false });
    void inactive;
    void noPhone;

    const count = (channel: string) =>
      t.admin.post('/api/notifications/broadcast/count', { audience: 'centre', audienceId: 'shrirampur', channel });
    expect((await count('email')).json()).toEqual({ recipients: 2, unreachable: 1 });
    expect((await count('sms')).json()).toEqual({ recipients: 1, unreachable: 2 });
    expect((await count('whatsapp')).json()).toEqual({ recipients: 0, unreachable: 3 });

    const sent = await t.admin.post('/api/notifications/broadcast', {
      audience: 'centre',
      audienceId: 'shrirampur',
      channel: 'sms',
      message: 'The Shrirampur centre is closed on Monday for Durga Puja.',
    });
    expect(sent.statusCode, sent.body).toBe(201);
    expect(sent.json()).toEqual({ message: 'Announcement queued for 1 recipient', recipients: 1 });
    const box = await mailbox(t, '9830044444');
    expect(box.filter((m) => m.channel === 'sms' && m.text.includes('Durga Puja'))).toHaveLength(1);

    const audit = (await t.admin.get('/api/audit')).json().entries;
    expect(audit[0]).toMatchObject({ action: 'notification.broadcast' });
  });

  it('reaches a batch and a course', async () => {
    const { student } = await createAdmittedStudent(t, course._id);
    const byCourse = await t.admin.post('/api/notifications/broadcast/count', {
      audience: 'course',
      audienceId: course._id,
      channel: 'email',
    });
    expect(byCourse.statusCode).toBe(200);
    expect(byCourse.json().recipients).toBeGreaterThanOrEqual(1);
    const send = await t.admin.post('/api/notifications/broadcast', {
      audience: 'course',
      audienceId: course._id,
      channel: 'email',
      subject: 'Timetable change',
      message: 'Classes move to 5 pm.',
    });
    expect(send.statusCode).toBe(201);
    expect(send.json().recipients).toBe(byCourse.json().recipients);
    expect((await mailbox(t, student.email)).filter((m) => m.subject === 'Timetable change')).toHaveLength(1);

    const batch = await t.admin.post('/api/batches', {
      name: `Notify batch ${Date.now()}`,
      course: course._id,
      centre: 'kasba',
      academicYear: '2026-27',
      timing: 'MORNING',
      startsOn: '2026-06-01',
      endsOn: '2027-03-31',
      capacity: 30,
    });
    if (batch.statusCode === 201) {
      const inBatch = await t.createStudent({ batchId: batch.json()._id });
      const n = await t.admin.post('/api/notifications/broadcast/count', {
        audience: 'batch',
        audienceId: batch.json()._id,
        channel: 'email',
      });
      expect(n.json()).toEqual({ recipients: 1, unreachable: 0 });
      await t.admin.post('/api/notifications/broadcast', {
        audience: 'batch',
        audienceId: batch.json()._id,
        channel: 'email',
        subject: 'Batch news',
        message: 'Hello batch',
      });
      expect((await mailbox(t, inBatch.email)).map((m) => m.subject)).toEqual(['Batch news']);
    } else {
      throw new Error(`batch: ${batch.statusCode} ${batch.body}`);
    }
  });

  it('refuses bad input with a clear 400 and sends nothing', async () => {
    const before = (await mailbox(t)).length;
    const cases: [Record<string, unknown>, string][] = [
      [{ audience: 'planet', audienceId: 'x', channel: 'email', subject: 'S', message: 'M' }, 'audience must be batch, course or centre'],
      [{ audience: 'centre', audienceId: 'mars', channel: 'email', subject: 'S', message: 'M' }, 'No such batch, course or centre'],
      [{ audience: 'batch', audienceId: 'not-a-uuid', channel: 'email', subject: 'S', message: 'M' }, 'No such batch, course or centre'],
      [
        { audience: 'course', audienceId: '00000000-0000-4000-8000-000000000000', channel: 'sms', message: 'M' },
        'No such batch, course or centre',
      ],
      [
        { audience: 'centre', audienceId: 'dumdum', channel: 'pigeon', subject: 'S', message: 'M' },
        'channel must be email, sms or whatsapp',
      ],
      [{ audience: 'centre', audienceId: 'dumdum', channel: 'email', subject: 'S', message: '   ' }, 'Message is required'],
      [{ audience: 'centre', audienceId: 'dumdum', channel: 'email', message: 'M' }, 'Subject is required'],
      [{ audience: 'centre', audienceId: 'dumdum', channel: 'sms', message: 'x'.repeat(481) }, 'Message must be at most 480 characters'],
      [
        { audience: 'centre', audienceId: 'kasba', channel: 'whatsapp', message: 'Nobody here has WhatsApp on' },
        'Nobody would receive this message',
      ],
    ];
    for (const [body, message] of cases) {
      const res = await t.admin.post('/api/notifications/broadcast', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect([res.json().message, ...Object.values(res.json().fields ?? {})]).toContain(message);
    }
    expect((await mailbox(t)).length).toBe(before);
  });
});
