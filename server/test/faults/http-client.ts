import { sleep } from './server-process.ts';

// A client as a browser's would behave while the server crashes: a call that gets no answer at all
// (connection refused, reset, cut mid-way) is sent again after a short pause; any HTTP answer is
// final and returned to the caller.

export type Answer = { status: number; body: unknown; text: string };
export type Sent = Answer & { ms: number; retries: number };

export type CallOptions = { token?: string | null; body?: unknown; headers?: Record<string, string>; timeoutMs?: number };

/** One call; throws on a network error or on timeout. */
export async function call(baseUrl: string, method: string, path: string, opts: CallOptions = {}): Promise<Answer> {
  const headers: Record<string, string> = { ...opts.headers };
  if (opts.token) headers.authorization = `Bearer ${opts.token}`;
  let payload: string | undefined;
  if (opts.body !== undefined) {
    payload = typeof opts.body === 'string' ? opts.body : JSON.stringify(opts.body);
    headers['content-type'] ??= 'application/json';
  }
  const res = await fetch(`${baseUrl}${path}`, {
    method,
    headers,
    body: payload,
    redirect: 'manual',
    signal: AbortSignal.timeout(opts.timeoutMs ?? 20_000),
  });
  const text = await res.text();
  let body: unknown = null;
  try {
    body = text ? JSON.parse(text) : null;
  } catch {
    body = text;
  }
  return { status: res.status, body, text };
}

/** Calls until an HTTP answer comes back (network errors are retried), within `deadlineMs`. */
export async function callUntilAnswered(
  baseUrl: () => string,
  method: string,
  path: string,
  opts: CallOptions & { deadlineMs?: number } = {},
): Promise<Sent> {
  const started = Date.now();
  const until = started + (opts.deadlineMs ?? 120_000);
  let retries = 0;
  for (;;) {
    try {
      const answer = await call(baseUrl(), method, path, opts);
      return { ...answer, ms: Date.now() - started, retries };
    } catch (err) {
      if (Date.now() > until) throw new Error(`${method} ${path}: no answer after ${retries} retries: ${String(err)}`);
      retries++;
      // Backs off to about a second, as a browser's retry would, so a restarting server is not
      // flooded with connection attempts.
      await sleep(Math.min(1_000, 50 * 2 ** Math.min(retries, 5)) * (0.5 + Math.random()));
    }
  }
}
