import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

describe('POST /api/uploads', () => {
  const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg==', 'base64');
  function multipart(field: string, filename: string, data: Buffer, contentType = 'image/png') {
    const boundary = '----papers-test-boundary';
    const payload = Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\nContent-Type: ${contentType}\r\n\r\n`,
      ),
      data,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
  }
  async function upload(token: string | null, body: { payload: Buffer; headers: Record<string, string> }) {
    return t.inject({
      method: 'POST',
      url: '/api/uploads',
      payload: body.payload,
      headers: { ...body.headers, ...(token ? { authorization: `Bearer ${token}` } : {}) },
    });
  }
  const adminToken = () => t.tokenFor('admin@test.local', 'Admin-Password-1');

  it('stores an image judged by its content and serves it', async () => {
    const res = await upload(await adminToken(), multipart('file', 'chart.txt', PNG, 'text/plain'));
    expect(res.statusCode, res.body).toBe(201);
    const { url } = res.json();
    expect(url).toMatch(/^\/api\/uploads\/files\/[0-9a-f-]{36}\.png$/);
    const file = await t.inject({ method: 'GET', url });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('image/png');
    expect(file.headers['x-content-type-options']).toBe('nosniff');
    expect(file.rawPayload.equals(PNG)).toBe(true);
  });

  it('refuses what is not an image, an image over 1 MB, a missing file and a non-admin', async () => {
    const token = await adminToken();
    const text = await upload(token, multipart('file', 'x.png', Buffer.from('<script>alert(1)</script>')));
    expect(text.statusCode).toBe(400);
    expect(text.json().message).toBe('Only PNG, JPEG or WebP images can be uploaded');
    expect(text.json().fields).toHaveProperty('file');
    const big = Buffer.concat([PNG, Buffer.alloc(1024 * 1024)]);
    const large = await upload(token, multipart('file', 'big.png', big));
    expect(large.statusCode).toBe(400);
    expect(large.json().message).toBe('The image is too large: at most 1 MB');
    const wrongField = await upload(token, multipart('image', 'a.png', PNG));
    expect(wrongField.statusCode).toBe(400);
    expect(wrongField.json().fields).toHaveProperty('file');
    const json = await t.admin.post('/api/uploads', { file: 'x' });
    expect(json.statusCode).toBe(400);
    const s = await t.createStudent();
    const studentToken = await t.tokenFor(s.email, 'Student-Pass-9');
    expect((await upload(studentToken, multipart('file', 'a.png', PNG))).statusCode).toBe(403);
    expect((await upload(null, multipart('file', 'a.png', PNG))).statusCode).toBe(401);
    expect((await t.inject({ method: 'GET', url: '/api/uploads/files/00000000-0000-0000-0000-000000000000.png' })).statusCode).toBe(404);
  });
});
