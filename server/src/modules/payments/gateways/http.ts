import { GatewayError } from './types.ts';

const TIMEOUT_MS = 8_000;

/** A JSON call to a gateway's API: 2xx answers its body, anything else is a GatewayError. */
export async function callGateway<T>(
  url: string,
  init: { method: 'GET' | 'POST'; headers?: Record<string, string>; body?: unknown },
): Promise<T> {
  let res: Response;
  try {
    res = await fetch(url, {
      method: init.method,
      headers: { accept: 'application/json', ...(init.body === undefined ? {} : { 'content-type': 'application/json' }), ...init.headers },
      body: init.body === undefined ? undefined : JSON.stringify(init.body),
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
  } catch (err) {
    throw new GatewayError(`gateway unreachable: ${(err as Error).message}`);
  }
  const text = await res.text();
  let json: unknown = null;
  try {
    json = text ? JSON.parse(text) : null;
  } catch {
    throw new GatewayError(`gateway answered ${res.status} with a non-JSON body`);
  }
  if (!res.ok) {
    const description = (json as { error?: { description?: string } } | null)?.error?.description ?? text.slice(0, 200);
    throw new GatewayError(`gateway answered ${res.status}: ${description}`);
  }
  return json as T;
}
