import fc from 'fast-check';
import type { InjectOptions } from 'fastify';
import { encodeSegment, mutatedFrom, nasty, paramValue, RAW_BODIES } from './arbitraries.ts';
import type { FuzzTargets } from './fuzz-fixtures.ts';
import type { Access, ApiRoute } from './routes.ts';
import { paramNames } from './routes.ts';

// One generated request per case: who calls, path, query, body, content type and webhook signature.

export type Tokens = { student: string; admin: string };

export type Who = 'visitor' | 'student' | 'admin' | 'forged';
/** Mostly the role that reaches validation; sometimes another one or a forged token. */
const whoFor = (access: Access): fc.Arbitrary<Who> => {
  const main: Who = access === 'student' ? 'student' : access === 'admin' ? 'admin' : access === 'user' ? 'student' : 'visitor';
  const other: Who = access === 'user' ? 'admin' : main === 'visitor' ? 'student' : 'visitor';
  return fc.oneof(
    { weight: 16, arbitrary: fc.constant(main) },
    { weight: 2, arbitrary: fc.constant(other) },
    { weight: 1, arbitrary: fc.constant('forged' as Who) },
  );
};

const FORM_ROUTES = new Set(['POST /api/payments/sandbox/hosted', 'POST /api/payments/callback/:gateway']);
const printable = fc.stringMatching(/^[\x20-\x7e]{0,80}$/);

export function caseFor(r: ApiRoute, targets: FuzzTargets) {
  const { pools, reals, examples } = targets;
  const params = Object.fromEntries(paramNames(r.url).map((n) => [n, paramValue(r.schema.params, n, pools, reals(n, r.url))]));
  const hasBody = r.method !== 'GET' && r.method !== 'DELETE';
  return fc.record({
    who: whoFor(r.access as Access),
    forgedToken: printable,
    params: fc.record(params),
    query: r.schema.querystring
      ? mutatedFrom(r.schema.querystring, pools)
      : fc.dictionary(fc.string({ maxLength: 6 }), nasty, { maxKeys: 2 }),
    body: hasBody ? mutatedFrom(r.schema.body, pools, examples(r.key)) : fc.constant(undefined),
    raw: fc.oneof({ weight: 9, arbitrary: fc.constant(null) }, { weight: 1, arbitrary: fc.constantFrom(...RAW_BODIES) }),
    contentType: fc.oneof(
      { weight: 8, arbitrary: fc.constant('application/json') },
      fc.constantFrom('text/plain', 'application/x-www-form-urlencoded', 'application/json; charset=latin1', 'multipart/form-data'),
    ),
    /** Webhooks: no signature, a forged one, or a valid one over whatever the body is. */
    signature: fc.oneof(fc.constant(null), printable, fc.constant('valid')),
    eventId: fc.uuid(),
    ip: fc.ipV4(),
  });
}
export type Case = ReturnType<typeof caseFor> extends fc.Arbitrary<infer C> ? C : never;

const text = (v: unknown) => (typeof v === 'string' ? v : (JSON.stringify(v) ?? ''));

function queryString(query: unknown) {
  if (typeof query !== 'object' || query === null) return `?${encodeSegment(text(query))}`;
  const q = new URLSearchParams();
  for (const [k, v] of Object.entries(query)) for (const item of Array.isArray(v) ? v : [v]) q.append(k, text(item));
  return `?${q}`;
}

/** The request of a case; `signWebhook` signs a body as the gateway would. */
export function requestOf(r: ApiRoute, c: Case, tokens: Tokens, signWebhook: (payload: string) => string): InjectOptions {
  const url = r.url.replace(/:(\w+)/g, (_, n: string) => c.params[n]);
  const token = { visitor: null, student: tokens.student, admin: tokens.admin, forged: c.forgedToken }[c.who];
  const headers: Record<string, string> = token === null ? {} : { authorization: `Bearer ${token}` };
  const options: InjectOptions = {
    method: r.method as InjectOptions['method'],
    url: url + queryString(c.query),
    headers,
    remoteAddress: c.ip,
  };
  if (c.body === undefined) return options;
  headers['content-type'] = c.contentType;
  if (c.raw !== null) options.payload = c.raw;
  else if (FORM_ROUTES.has(r.key) && c.contentType !== 'application/json') {
    const fields = typeof c.body === 'object' && c.body !== null ? Object.entries(c.body).map(([k, v]) => [k, text(v)]) : [];
    options.payload = new URLSearchParams(fields).toString();
  } else options.payload = JSON.stringify(c.body ?? null);
  if (c.signature !== null) {
    headers['x-sandbox-signature'] = c.signature === 'valid' ? signWebhook(String(options.payload)) : c.signature;
    headers['x-sandbox-event-id'] = c.eventId;
  }
  return options;
}
