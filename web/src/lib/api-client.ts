import { REQUEST_TIMEOUT_MS } from '@app/common/constants';
import { rememberSignOutReason } from './sign-out-reason.ts';
import { tokenStore } from './token-store.ts';

export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly code?: string,
    readonly fields?: Record<string, string>,
    /** A 401's SESSION_ENDED or ACCOUNT_DEACTIVATED. */
    readonly reason?: string,
  ) {
    super(message);
  }
}

type Options = {
  method?: string;
  body?: unknown;
  signal?: AbortSignal;
  skipAuthRedirect?: boolean;
  /** Longer than the usual 10 s for a call known to take long (a large upload). */
  timeoutMs?: number;
};

type Transport = (path: string, init: RequestInit) => Promise<Response>;
let transport: Transport = (path, init) => fetch(path, init);

/**
 * Where the calls go. In the browser, fetch to the page's own origin; the server rendering the public
 * pages (src/entry-server.tsx) sends them into the app itself, where a relative address means nothing.
 */
export function setApiTransport(next: Transport) {
  transport = next;
}

/** fetch with the bearer token and the 10 s timeout; a failure to get any answer becomes an ApiError. */
async function send(
  path: string,
  method: string,
  init: { headers?: Record<string, string>; body?: string | FormData; signal?: AbortSignal; timeoutMs?: number },
) {
  const token = tokenStore.get();
  const headers: Record<string, string> = { ...init.headers };
  if (token) headers.authorization = `Bearer ${token}`;
  const timeout = AbortSignal.timeout(init.timeoutMs ?? REQUEST_TIMEOUT_MS);
  try {
    return await transport(path, {
      method,
      headers,
      body: init.body,
      signal: init.signal ? AbortSignal.any([init.signal, timeout]) : timeout,
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
}

/**
 * Any 401 clears the token and goes to /login (docs/product.md section 7). When the server ended the
 * session (logout elsewhere, password reset, deactivation) its `reason` is kept for the sign-in page to say.
 */
function signOutOn401(status: number, reason?: string) {
  if (status !== 401 || typeof window === 'undefined') return;
  tokenStore.clear();
  rememberSignOutReason(reason);
  if (window.location.pathname !== '/login') window.location.assign('/login');
}

/**
 * The one way the web app talks to the server (docs/product.md section 7): JSON, 10 s timeout, bearer token,
 * and any 401 clears the token and goes to /login.
 */
export async function api<T>(path: string, { method = 'GET', body, signal, skipAuthRedirect, timeoutMs }: Options = {}): Promise<T> {
  const isForm = typeof FormData !== 'undefined' && body instanceof FormData;
  const res = await send(path, method, {
    // A FormData body (an upload) goes as multipart; the browser sets its content type and boundary.
    headers: body === undefined || isForm ? {} : { 'content-type': 'application/json' },
    body: body === undefined ? undefined : isForm ? body : JSON.stringify(body),
    signal,
    timeoutMs,
  });
  const text = await res.text();
  let data: unknown = null;
  try {
    data = text ? JSON.parse(text) : null;
  } catch {
    data = null;
  }
  if (!res.ok) {
    const err = (data ?? {}) as { message?: string; code?: string; fields?: Record<string, string>; reason?: string };
    if (!skipAuthRedirect) signOutOn401(res.status, err.reason);
    if (res.status >= 500) console.error(`${method} ${path}: ${res.status}`, err);
    throw new ApiError(res.status, err.message ?? `Request failed (${res.status})`, err.code, err.fields, err.reason);
  }
  return data as T;
}

/**
 * A file the server makes (a receipt PDF, a CSV export), fetched like any call and saved under the
 * name the server gives in Content-Disposition, else `fallbackName`. A refusal throws the server's
 * message, else `failure`.
 */
export async function downloadFile(
  path: string,
  { fallbackName, failure, timeoutMs }: { fallbackName: string; failure: string; timeoutMs?: number },
): Promise<void> {
  const res = await send(path, 'GET', { timeoutMs });
  if (!res.ok) {
    signOutOn401(res.status);
    const body = (await res.json().catch(() => null)) as { message?: string; code?: string } | null;
    throw new ApiError(res.status, body?.message ?? failure, body?.code);
  }
  const blob = await res.blob();
  const named = /filename="?([^";]+)"?/i.exec(res.headers.get('content-disposition') ?? '')?.[1];
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = named ?? fallbackName;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/** The message to show for a failed call: the server's, else the spec's fallback text. */
export function errorMessage(err: unknown, fallback: string): string {
  if (err instanceof ApiError && err.message) return err.message;
  return fallback;
}
