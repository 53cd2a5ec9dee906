import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeAnswer, type FakeRequest, startFakeServer } from '../../../test/fake-gateways/http-server.ts';
import { createTestApp, type TestApp } from '../../../test/helpers.ts';
import { notificationOutbox } from '../../db/schema.ts';
import { loadConfig } from '../../config.ts';
import { createAdapters } from './adapters.ts';
import { MAX_ATTEMPTS, Notifier } from './notifier.ts';

// The SMS and WhatsApp adapters against fake providers on loopback (docs/operations.md, "SMS and
// WhatsApp"): the requests they make, a provider's error and a provider that never answers (retried
// with back-off, then failed and shown so), and two senders never sending one message twice.

let answer: (req: FakeRequest) => FakeAnswer = () => ({ status: 200, json: {} });
let fake: Awaited<ReturnType<typeof startFakeServer>>;
/** A provider that takes the connection and never answers. */
let hanging: http.Server;
let hangingUrl: string;
let t: TestApp;

const SMS_KEY = 'sms-key-123';
const WA_TOKEN = 'wa-token-456';

beforeAll(async () => {
  fake = await startFakeServer((req) => answer(req));
  hanging = http.createServer(() => {});
  await new Promise<void>((resolve) => hanging.listen(0, '127.0.0.1', resolve));
  hangingUrl = `http://127.0.0.1:${(hanging.address() as AddressInfo).port}`;
  t = await createTestApp({
    SMS_PROVIDER: 'http',
    SMS_API_URL: `${fake.url}/api/v5/sms`,
    SMS_API_KEY: SMS_KEY,
    SMS_SENDER: 'LAWCOA',
    WHATSAPP_TOKEN: WA_TOKEN,
    WHATSAPP_PHONE_NUMBER_ID: '1098765432',
    WHATSAPP_API_URL: `${fake.url}/v21.0`,
    NOTIFY_TIMEOUT_MS: '300',
  });
});
afterAll(async () => {
  await t?.ctx.notifier.idle();
  await t?.close();
  await fake?.close();
  hanging?.closeAllConnections();
  await new Promise((r) => hanging?.close(r));
});

const ok: typeof answer = (req) =>
  req.path.endsWith('/messages')
    ? { status: 200, json: { messaging_product: 'whatsapp', messages: [{ id: `wamid.${fake.requests.length}` }] } }
    : { status: 200, json: { type: 'success', request_id: `req-${fake.requests.length}` } };

async function studentWith(channels: { sms: boolean; whatsapp: boolean }, phone: string) {
  const s = await t.createStudent({ centreId: 'kasba', phone });
  const res = await s.client.put('/api/notifications/preferences', { email: true, ...channels });
  expect(res.statusCode, res.body).toBe(200);
  return s;
}
const broadcast = (channel: string, message: string) =>
  t.admin.post('/api/notifications/broadcast', { audience: 'centre', audienceId: 'kasba', channel, message });
const rowsTo = (to: string) => t.ctx.db.select().from(notificationOutbox).where(eq(notificationOutbox.to, to));
const makeDue = (id: string) =>
  t.ctx.db
    .update(notificationOutbox)
    .set({ nextAttemptAt: new Date(Date.now() - 1000) })
    .where(eq(notificationOutbox.id, id));

describe('SMS over the HTTP provider', () => {
  it('posts the JSON message with the key, sender, number with 91 and our reference; marked sent with the provider id', async () => {
    answer = ok;
    const s = await studentWith({ sms: true, whatsapp: false }, '98300 55501');
    const res = await broadcast('sms', 'Mock test on Sunday at 10 am.');
    expect(res.statusCode, res.body).toBe(201);
    await t.ctx.notifier.idle();
    const [row] = await rowsTo('9830055501');
    expect(row).toMatchObject({ channel: 'sms', status: 'sent', attempts: 1, lastError: null, userId: s.id });
    const req = fake.requests.find((r) => r.path === '/api/v5/sms' && r.body.includes(row.id));
    expect(req).toBeDefined();
    expect(req?.method).toBe('POST');
    expect(req?.headers.authkey).toBe(SMS_KEY);
    expect(req?.headers['content-type']).toBe('application/json');
    expect(JSON.parse(req?.body ?? '{}')).toEqual({
      sender: 'LAWCOA',
      to: '919830055501',
      message: 'Law Coaching Institute: Mock test on Sunday at 10 am.',
      reference: row.id,
    });
    expect(row.providerMessageId).toMatch(/^req-\d+$/);
    // Sent once; the worker finds nothing to do.
    expect(await t.ctx.notifier.drain()).toBe(0);
    expect(fake.requests.filter((r) => r.body.includes(row.id))).toHaveLength(1);
  });

  it('an error answer is retried with back-off and sent once the provider is back; never twice', async () => {
    answer = () => ({ status: 500, json: { type: 'error', message: 'Service temporarily unavailable' } });
    await studentWith({ sms: true, whatsapp: false }, '9830055502');
    await broadcast('sms', 'Second notice');
    await t.ctx.notifier.idle();
    let [row] = await rowsTo('9830055502');
    expect(row).toMatchObject({ status: 'pending', attempts: 1, lastError: 'SMS provider answered 500: Service temporarily unavailable' });
    const wait = row.nextAttemptAt.getTime() - Date.now();
    expect(wait).toBeGreaterThan(20_000);
    expect(wait).toBeLessThanOrEqual(30_000);

    // Not due yet: the worker leaves it alone.
    answer = ok;
    expect(await t.ctx.notifier.drain()).toBe(0);
    // A 200 that says it failed is a failure too.
    answer = () => ({ status: 200, json: { type: 'error', message: 'Invalid sender ID' } });
    await makeDue(row.id);
    expect(await t.ctx.notifier.drain()).toBe(0);
    [row] = await rowsTo('9830055502');
    expect(row).toMatchObject({ status: 'pending', attempts: 2, lastError: 'SMS provider answered 200: Invalid sender ID' });
    expect(row.nextAttemptAt.getTime() - Date.now()).toBeGreaterThan(50_000);

    answer = ok;
    await makeDue(row.id);
    expect(await t.ctx.notifier.drain()).toBe(1);
    [row] = await rowsTo('9830055502');
    expect(row).toMatchObject({ status: 'sent', attempts: 3, lastError: null });
    expect(await t.ctx.notifier.drain()).toBe(0);
    expect(fake.requests.filter((r) => r.body.includes(row.id) && r.path === '/api/v5/sms')).toHaveLength(3);
  });

  it('two senders draining at the same moment send a due message once', async () => {
    answer = () => ({ status: 503, json: { message: 'busy' } });
    await studentWith({ sms: true, whatsapp: false }, '9830055503');
    await broadcast('sms', 'Third notice');
    await t.ctx.notifier.idle();
    const [row] = await rowsTo('9830055503');
    answer = ok;
    await makeDue(row.id);
    const other = new Notifier(t.ctx.db, t.ctx.notifier.adapters, { warn: () => {} });
    const sent = await Promise.all([t.ctx.notifier.drain(), other.drain(), other.drain()]);
    expect(sent.reduce((a, b) => a + b, 0)).toBe(1);
    const okRequests = fake.requests.filter((r) => r.body.includes(row.id));
    // One failed first attempt and one successful send.
    expect(okRequests).toHaveLength(2);
    expect((await rowsTo('9830055503'))[0]).toMatchObject({ status: 'sent', attempts: 2 });
  });
});

describe('WhatsApp Cloud API', () => {
  it('sends the approved template with its body parameters to /{phone-number-id}/messages with the bearer token', async () => {
    answer = ok;
    await studentWith({ sms: false, whatsapp: true }, '+91 98300 55504');
    expect((await broadcast('whatsapp', 'Results of Mock 3 are out.')).statusCode).toBe(201);
    await t.ctx.notifier.idle();
    const [row] = await rowsTo('9830055504');
    expect(row).toMatchObject({ channel: 'whatsapp', status: 'sent', attempts: 1 });
    expect(row.providerMessageId).toMatch(/^wamid\./);
    const req = fake.requests.filter((r) => r.path === '/v21.0/1098765432/messages').at(-1);
    expect(req?.headers.authorization).toBe(`Bearer ${WA_TOKEN}`);
    expect(JSON.parse(req?.body ?? '{}')).toEqual({
      messaging_product: 'whatsapp',
      recipient_type: 'individual',
      to: '919830055504',
      type: 'template',
      template: {
        name: 'announcement',
        language: { code: 'en' },
        components: [
          {
            type: 'body',
            parameters: [
              { type: 'text', text: 'Announcement' },
              { type: 'text', text: 'Results of Mock 3 are out.' },
            ],
          },
        ],
      },
    });
  });

  it('a provider that never answers times out; after the last attempt the message is failed and shown so, and can be sent again', async () => {
    const app2 = await createTestApp({
      WHATSAPP_TOKEN: WA_TOKEN,
      WHATSAPP_PHONE_NUMBER_ID: '1098765432',
      WHATSAPP_API_URL: hangingUrl,
      WHATSAPP_MODE: 'text',
      NOTIFY_TIMEOUT_MS: '200',
    });
    try {
      const s = await app2.createStudent({ centreId: 'kasba', phone: '9830055505' });
      await s.client.put('/api/notifications/preferences', { email: true, sms: false, whatsapp: true });
      const sent = await app2.admin.post('/api/notifications/broadcast', {
        audience: 'centre',
        audienceId: 'kasba',
        channel: 'whatsapp',
        message: 'Hello',
      });
      expect(sent.statusCode).toBe(201);
      await app2.ctx.notifier.idle();
      const rows = () => app2.ctx.db.select().from(notificationOutbox).where(eq(notificationOutbox.to, '9830055505'));
      let [row] = await rows();
      expect(row).toMatchObject({ status: 'pending', attempts: 1, lastError: 'no answer within 200 ms' });
      for (let i = 2; i <= MAX_ATTEMPTS; i++) {
        await app2.ctx.db
          .update(notificationOutbox)
          .set({ nextAttemptAt: new Date(Date.now() - 1000) })
          .where(eq(notificationOutbox.id, row.id));
        expect(await app2.ctx.notifier.drain()).toBe(0);
        [row] = await rows();
        expect(row.attempts).toBe(i);
      }
      expect(row).toMatchObject({ status: 'failed', attempts: MAX_ATTEMPTS, lastError: 'no answer within 200 ms' });
      // Failed is final for the worker: it is never lost, and never sent again on its own.
      await app2.ctx.db
        .update(notificationOutbox)
        .set({ nextAttemptAt: new Date(Date.now() - 1000) })
        .where(eq(notificationOutbox.id, row.id));
      expect(await app2.ctx.notifier.drain()).toBe(0);
      expect((await rows())[0].attempts).toBe(MAX_ATTEMPTS);

      const view = (await app2.admin.get('/api/notifications/outbox?status=failed')).json();
      expect(view.counts.failed).toBe(1);
      expect(view.items).toEqual([
        expect.objectContaining({
          _id: row.id,
          channel: 'whatsapp',
          to: '9830055505',
          status: 'failed',
          lastError: 'no answer within 200 ms',
        }),
      ]);
      const retry = await app2.admin.post(`/api/notifications/outbox/${row.id}/retry`);
      expect(retry.statusCode).toBe(200);
      expect(retry.json().message).toBe('The message will be sent again');
      await app2.ctx.notifier.idle();
      // Tried again at once (the provider still hangs): counted afresh, pending its next retry.
      expect((await rows())[0]).toMatchObject({ status: 'pending', attempts: 1, lastError: 'no answer within 200 ms' });
    } finally {
      await app2.ctx.notifier.idle();
      await app2.close();
    }
  });

  it('text mode sends the plain text', async () => {
    const { WhatsAppCloudAdapter } = await import('./adapters.ts');
    const a = new WhatsAppCloudAdapter({ apiUrl: fake.url, token: 'x', phoneNumberId: '1', mode: 'text', language: 'en', timeoutMs: 500 });
    expect(a.body({ id: 'i', to: '9830000000', text: 'Hi', template: { name: 'n', params: [] } })).toEqual({
      messaging_product: 'whatsapp',
      recipient_type: 'individual',
      to: '919830000000',
      type: 'text',
      text: { preview_url: false, body: 'Hi' },
    });
  });
});

describe('configuration', () => {
  it('refuses an SMS provider without its URL, key and sender, and WhatsApp without both of its settings, naming them', () => {
    expect(() => loadConfig({ SMS_PROVIDER: 'http' })).toThrow(
      /SMS_API_URL: required when SMS_PROVIDER=http[\s\S]*SMS_API_KEY: required[\s\S]*SMS_SENDER: required/,
    );
    expect(() => loadConfig({ SMS_PROVIDER: 'textlocal' })).toThrow(/SMS_PROVIDER/);
    expect(() => loadConfig({ SMS_PROVIDER: 'http', SMS_API_URL: 'http://x.test', SMS_API_KEY: 'k', SMS_SENDER: 'LAW COACHING' })).toThrow(
      /SMS_SENDER: must be the 3 to 11 letter sender ID/,
    );
    expect(() => loadConfig({ WHATSAPP_TOKEN: 't' })).toThrow(/WHATSAPP_PHONE_NUMBER_ID: required when WHATSAPP_TOKEN is set/);
    expect(() => loadConfig({ WHATSAPP_PHONE_NUMBER_ID: '12345' })).toThrow(/WHATSAPP_TOKEN: required/);
    expect(() => loadConfig({ WHATSAPP_TOKEN: 't', WHATSAPP_PHONE_NUMBER_ID: 'abc' })).toThrow(
      /WHATSAPP_PHONE_NUMBER_ID: must be the numeric/,
    );
    const c = loadConfig({});
    expect(c).toMatchObject({ SMS_PROVIDER: 'none', WHATSAPP_API_URL: 'https://graph.facebook.com/v21.0', WHATSAPP_MODE: 'template' });
    expect(createAdapters(c)).toEqual({ sms: null, whatsapp: null });
  });

  it('without a provider, every channel is kept in the outbox and shown in the dev mailbox with its channel', async () => {
    const plain = await createTestApp();
    try {
      expect(plain.ctx.notifier.sends('sms')).toBe(false);
      expect(plain.ctx.notifier.sends('whatsapp')).toBe(false);
      const s = await plain.createStudent({ centreId: 'kasba', phone: '9830055506' });
      await s.client.put('/api/notifications/preferences', { email: true, sms: true, whatsapp: true });
      for (const channel of ['sms', 'whatsapp']) {
        expect(
          (
            await plain.admin.post('/api/notifications/broadcast', {
              audience: 'centre',
              audienceId: 'kasba',
              channel,
              message: `By ${channel}`,
            })
          ).statusCode,
        ).toBe(201);
      }
      const box = (await plain.admin.get('/api/dev/mailbox?to=9830055506')).json();
      expect(box.map((m: { channel: string; status: string; text: string }) => [m.channel, m.status, m.text]).sort()).toEqual([
        ['sms', 'kept', 'Law Coaching Institute: By sms'],
        ['whatsapp', 'kept', 'Law Coaching Institute: By whatsapp'],
      ]);
    } finally {
      await plain.close();
    }
  });
});
