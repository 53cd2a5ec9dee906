import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers.ts';

// Notifications (docs/product-notifications.md): the channels a student chooses.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.ctx.notifier.idle();
  await t?.close();
});

describe('channel preferences', () => {
  it('start as e-mail only; SMS or WhatsApp needs a valid mobile number; saved and read back', async () => {
    const s = await t.createStudent({ phone: null });
    expect((await s.client.get('/api/notifications/preferences')).json()).toEqual({
      email: true,
      sms: false,
      whatsapp: false,
      phone: null,
    });

    const noPhone = await s.client.put('/api/notifications/preferences', { email: true, sms: true, whatsapp: false });
    expect(noPhone.statusCode).toBe(400);
    expect(noPhone.json().fields).toEqual({ phone: 'Add a mobile number to receive SMS or WhatsApp messages' });

    for (const phone of ['12345', '5830012345', '98300 1234a', '+1 202 555 0100']) {
      const bad = await s.client.put('/api/notifications/preferences', { email: true, sms: true, whatsapp: false, phone });
      expect(bad.statusCode, phone).toBe(400);
      expect(bad.json().fields).toEqual({ phone: 'Please enter a valid 10-digit Indian mobile number' });
    }
    expect((await s.client.put('/api/notifications/preferences', { email: 'yes', sms: false, whatsapp: false })).statusCode).toBe(400);
    expect((await s.client.put('/api/notifications/preferences', { email: true, sms: false })).statusCode).toBe(400);
    // Nothing changed by the refusals.
    expect((await s.client.get('/api/notifications/preferences')).json()).toEqual({
      email: true,
      sms: false,
      whatsapp: false,
      phone: null,
    });

    const ok = await s.client.put('/api/notifications/preferences', { email: false, sms: true, whatsapp: true, phone: '+91 98300-12345' });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json()).toEqual({ email: false, sms: true, whatsapp: true, phone: '9830012345' });
    expect((await s.client.get('/api/notifications/preferences')).json()).toEqual(ok.json());

    // The number on the account is kept when the body leaves it out; removing it with SMS on is refused.
    expect((await s.client.put('/api/notifications/preferences', { email: true, sms: true, whatsapp: false })).json().phone).toBe(
      '9830012345',
    );
    expect(
      (await s.client.put('/api/notifications/preferences', { email: true, sms: true, whatsapp: false, phone: null })).statusCode,
    ).toBe(400);
    expect((await s.client.put('/api/notifications/preferences', { email: true, sms: false, whatsapp: false, phone: '' })).json()).toEqual({
      email: true,
      sms: false,
      whatsapp: false,
      phone: null,
    });
  });

  it('is a student screen: an admin is refused, a visitor must sign in', async () => {
    expect((await t.admin.get('/api/notifications/preferences')).statusCode).toBe(403);
    expect((await t.visitor.get('/api/notifications/preferences')).statusCode).toBe(401);
  });
});
