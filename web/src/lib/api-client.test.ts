import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError, api, downloadFile } from './api-client.ts';
import { tokenStore } from './token-store.ts';

// The one client every call and download goes through (docs/product.md section 7).

const fetchMock = vi.fn<typeof fetch>();
let assigned: string[];
let saved: { name: string; type: string }[];

beforeEach(() => {
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
  assigned = [];
  // jsdom cannot navigate; a stand-in location records where the client sends the user.
  vi.stubGlobal('location', {
    pathname: '/payments',
    assign: (url: string) => {
      assigned.push(url);
    },
  });
  saved = [];
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    saved.push({ name: this.download, type: this.href.slice(0, 5) });
  });
  URL.createObjectURL = vi.fn(() => 'blob:file');
  URL.revokeObjectURL = vi.fn();
  tokenStore.set('the-token', true);
});

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  tokenStore.clear();
});

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const sentHeaders = () => new Headers(fetchMock.mock.calls[0][1]?.headers);

describe('api', () => {
  it('sends JSON with the bearer token and a time limit, and answers the parsed body', async () => {
    fetchMock.mockResolvedValue(json(200, { ok: 1 }));
    await expect(api('/api/x', { method: 'POST', body: { a: 1 } })).resolves.toEqual({ ok: 1 });
    expect(sentHeaders().get('authorization')).toBe('Bearer the-token');
    expect(sentHeaders().get('content-type')).toBe('application/json');
    expect(fetchMock.mock.calls[0][1]?.body).toBe('{"a":1}');
    expect(fetchMock.mock.calls[0][1]?.signal).toBeInstanceOf(AbortSignal);
  });

  it("throws the server's message, code and fields", async () => {
    fetchMock.mockResolvedValue(json(400, { message: 'Bad', code: 'VALIDATION', fields: { a: 'Required' } }));
    const err = (await api('/api/x').catch((e) => e)) as ApiError;
    expect(err).toMatchObject({ status: 400, message: 'Bad', code: 'VALIDATION', fields: { a: 'Required' } });
  });

  it('a 401 clears the token and goes to /login', async () => {
    fetchMock.mockResolvedValue(json(401, { message: 'Authentication required' }));
    await expect(api('/api/x')).rejects.toBeInstanceOf(ApiError);
    expect(tokenStore.get()).toBeNull();
    expect(assigned).toEqual(['/login']);
  });

  it('a network failure is a clear message, not a crash', async () => {
    fetchMock.mockRejectedValue(new TypeError('fetch failed'));
    vi.spyOn(console, 'error').mockImplementation(() => {});
    await expect(api('/api/x')).rejects.toMatchObject({
      status: 0,
      code: 'NETWORK',
      message: 'Could not reach the server. Check your connection and try again.',
    });
  });
});

describe('downloadFile', () => {
  const opts = { fallbackName: 'file.pdf', failure: 'Could not download.' };

  it("saves the answer under the server's file name, with the bearer token and a time limit", async () => {
    fetchMock.mockResolvedValue(
      new Response('%PDF', { status: 200, headers: { 'content-disposition': 'attachment; filename="receipt-42.pdf"' } }),
    );
    await downloadFile('/api/payments/1/receipt', opts);
    expect(sentHeaders().get('authorization')).toBe('Bearer the-token');
    expect(fetchMock.mock.calls[0][1]?.signal).toBeInstanceOf(AbortSignal);
    expect(saved).toEqual([{ name: 'receipt-42.pdf', type: 'blob:' }]);
  });

  it('falls back to the given name without Content-Disposition', async () => {
    fetchMock.mockResolvedValue(new Response('a,b', { status: 200 }));
    await downloadFile('/api/users/export.csv', { ...opts, fallbackName: 'students.csv' });
    expect(saved).toEqual([{ name: 'students.csv', type: 'blob:' }]);
  });

  it("throws the server's message on a refusal, else the given one, and saves nothing", async () => {
    fetchMock.mockResolvedValueOnce(json(404, { message: 'Payment not found', code: 'NOT_FOUND' }));
    await expect(downloadFile('/api/payments/1/receipt', opts)).rejects.toMatchObject({ status: 404, message: 'Payment not found' });
    fetchMock.mockResolvedValueOnce(new Response('gateway down', { status: 502 }));
    await expect(downloadFile('/api/payments/1/receipt', opts)).rejects.toMatchObject({ status: 502, message: 'Could not download.' });
    expect(saved).toEqual([]);
  });

  it('a 401 clears the token and goes to /login', async () => {
    fetchMock.mockResolvedValue(json(401, { message: 'Authentication required' }));
    await expect(downloadFile('/api/payments/1/receipt', opts)).rejects.toMatchObject({ status: 401 });
    expect(tokenStore.get()).toBeNull();
    expect(assigned).toEqual(['/login']);
  });
});
