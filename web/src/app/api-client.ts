import { REQUEST_TIMEOUT_MS } from '@app/common/constants';
import { tokenStore } from './token-store.ts';

export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly code?: string,
    readonly fields?: Record<string, string>,
  ) {
    super(message);
  }
}

type Options = { method?: string; body?: unknown; signal?: AbortSignal; skipAuthRedirect?: boolean };

/**
 * The one way the web app talks to the server (SPEC.md section 7): JSON, 10 s timeout, bearer token,
 * and any 401 clears the token and goes to /login.
 */
export async function api<T>(path: string, { method = 'GET', body, signal, skipAuthRedirect }: Options = {}): Promise<T> {
  const token = tokenStore.get();
  const headers: Record<string, string> = {};
  if (body !== undefined) headers['content-type'] = 'application/json';
  if (token) headers.authorization = `Bearer ${token}`;
  const timeout = AbortSignal.timeout(REQUEST_TIMEOUT_MS);
  let res: Response;
  try {
    res = await fetch(path, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: signal ? AbortSignal.any([signal, timeout]) : timeout,
    });
  } catch (err) {
    console.error(`${method} ${path} failed`, err);
    const timedOut = (err as Error).name === 'TimeoutError';
    throw new ApiError(
      0,
      timedOut
        ? 'The server took too long to answer. Please try again.'
        : 'Could not reach the server. Check your connection and try again.',
      'NETWORK',
    );
  }
  const text = await res.text();
  let data: unknown = null;
  try {
    data = text ? JSON.parse(text) : null;
  } catch {
    data = null;
  }
  if (!res.ok) {
    const err = (data ?? {}) as { message?: string; code?: string; fields?: Record<string, string> };
    if (res.status === 401 && !skipAuthRedirect) {
      tokenStore.clear();
      if (window.location.pathname !== '/login') window.location.assign('/login');
    }
    if (res.status >= 500) console.error(`${method} ${path}: ${res.status}`, err);
    throw new ApiError(res.status, err.message ?? `Request failed (${res.status})`, err.code, err.fields);
  }
  return data as T;
}

/** The message to show for a failed call: the server's, else the spec's fallback text. */
export function errorMessage(err: unknown, fallback: string): string {
  if (err instanceof ApiError && err.message) return err.message;
  return fallback;
}
