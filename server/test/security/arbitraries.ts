import fc from 'fast-check';
import { z } from 'zod';

// fast-check arbitraries for the fuzzer: values from a route's own zod schema (through its JSON
// Schema), and the mutations that break them.

type JsonSchema = {
  type?: string | string[];
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  const?: unknown;
  enum?: unknown[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: JsonSchema | boolean;
  items?: JsonSchema;
  minItems?: number;
  maxItems?: number;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  format?: string;
  pattern?: string;
};

/** Real values the fuzzer mixes in, so that generated requests also reach past "not found". */
export type Pools = { ids: string[]; strings: string[]; emails: string[] };

const HUGE = 100_000;
const NASTY_STRINGS = [
  '',
  ' ',
  '\u0000',
  'a\u0000b',
  '\u202Eevil\u202C.pdf',
  '\u200F\u200E',
  '\uFEFF',
  '\uD800',
  'Ω≈ç√∫˜µ≤≥÷',
  '🙂👩‍👩‍👧‍👦',
  'مرحبا بالعالم',
  "' or 1=1 --",
  "'; drop table users; --",
  '" OR ""="',
  '1); select pg_sleep(3); --',
  '<script>alert(1)</script>',
  '<img src=x onerror=alert(1)>',
  "=cmd|' /c calc'!A1",
  // Template injection probes, as text.
  // biome-ignore lint/suspicious/noTemplateCurlyInString: the literal text is the probe.
  '{{7*7}}${7*7}',
  '../../../../etc/passwd',
  '%00%2e%2e%2f',
  '-271821-04-20T00:00:00Z',
  '+275760-09-13T00:00:00.000Z',
  '0000-01-01',
  '2024-02-30',
  'NaN',
  'Infinity',
  '-Infinity',
  '1e309',
  '-1e309',
  '0x1F',
  '  42  ',
  '-0',
  '9'.repeat(400),
  'null',
  'true',
  '[]',
  '__proto__',
  'constructor',
  'a'.repeat(HUGE),
  'é'.repeat(HUGE / 2),
  '\u0000'.repeat(HUGE / 10),
];

/** Values of the wrong kind, out of range or hostile. */
export const nasty: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom(...NASTY_STRINGS) },
  {
    weight: 3,
    arbitrary: fc.constantFrom<unknown>(
      null,
      true,
      false,
      0,
      -1,
      0.5,
      -0.0001,
      1e308,
      -1e308,
      2 ** 31,
      2 ** 53 + 2,
      5e-324,
      [],
      {},
      [null],
      [[[[]]]],
    ),
  },
  { weight: 1, arbitrary: fc.constantFrom<unknown>({ $gt: '' }, { toString: 'x' }, ['a', 'b'], { a: { b: { c: 'd' } } }) },
  { weight: 2, arbitrary: fc.string({ unit: 'binary', maxLength: 40 }) },
  { weight: 1, arbitrary: fc.integer() },
  { weight: 1, arbitrary: fc.double() },
);

/** Whole bodies that are not what any route reads. */
export const RAW_BODIES = [
  '',
  'null',
  '[]',
  '"text"',
  '42',
  '{"a":',
  '{"__proto__":{"role":"admin"}}',
  '{"constructor":{"prototype":{"isAdmin":true}}}',
  '\u0000',
  `{"a":"${'b'.repeat(HUGE)}"}`,
  `${'['.repeat(5000)}${']'.repeat(5000)}`,
];

const uuidLike = (pools: Pools) => fc.oneof(fc.uuid(), fc.constantFrom(...pools.ids));
const idLike = (name: string) => /(^id$|Id$|^course$|^examId$)/.test(name);

function stringArb(s: JsonSchema, name: string, pools: Pools): fc.Arbitrary<string> {
  if (s.format === 'uuid') return uuidLike(pools);
  if (/email/i.test(name)) return fc.oneof(fc.emailAddress(), fc.constantFrom(...pools.emails));
  if (idLike(name)) return fc.oneof(uuidLike(pools), fc.constantFrom(...pools.strings));
  if (/(date|time)$/i.test(name)) {
    const near = fc.date({ min: new Date('2000-01-01'), max: new Date('2100-01-01'), noInvalidDate: true });
    return fc.oneof(near, fc.date({ noInvalidDate: true })).map((d) => d.toISOString());
  }
  if (s.pattern) return fc.stringMatching(new RegExp(s.pattern), { size: 'xsmall' });
  return fc.string({ minLength: s.minLength ?? 0, maxLength: Math.max(s.minLength ?? 0, Math.min(s.maxLength ?? 30, 30)) });
}

const INT32 = 2 ** 31 - 1;
const clampInt = (v: number | undefined, fallback: number) => Math.max(-INT32, Math.min(INT32, v ?? fallback));

/** Values that satisfy (most of) a JSON Schema. */
function fromJsonSchema(s: JsonSchema, pools: Pools, name = ''): fc.Arbitrary<unknown> {
  const alternatives = s.anyOf ?? s.oneOf;
  if (alternatives) return fc.oneof(...alternatives.map((a) => fromJsonSchema(a, pools, name)));
  if ('const' in s) return fc.constant(s.const);
  if (s.enum) return fc.constantFrom(...s.enum);
  const types = [s.type ?? 'any'].flat();
  if (types.length > 1) return fc.oneof(...types.map((type) => fromJsonSchema({ ...s, type }, pools, name)));
  switch (types[0]) {
    case 'object': {
      if (s.properties) {
        const model = Object.fromEntries(Object.entries(s.properties).map(([k, v]) => [k, fromJsonSchema(v, pools, k)]));
        return fc.record(model, { requiredKeys: s.required ?? [] });
      }
      const values = typeof s.additionalProperties === 'object' ? fromJsonSchema(s.additionalProperties, pools) : nasty;
      return fc.dictionary(fc.oneof(fc.constantFrom(...pools.ids), fc.string({ maxLength: 12 })), values, { maxKeys: 4 });
    }
    case 'array':
      return fc.array(fromJsonSchema(s.items ?? {}, pools, name), { minLength: s.minItems ?? 0, maxLength: Math.min(s.maxItems ?? 4, 4) });
    case 'string':
      return stringArb(s, name, pools);
    case 'integer':
      return fc.integer({ min: clampInt(s.minimum, -1000), max: clampInt(s.maximum, 100_000) });
    case 'number': {
      const [min, max] = [s.minimum ?? -1e6, s.maximum ?? 1e6];
      const whole = fc.integer({ min: clampInt(Math.ceil(min), 0), max: clampInt(Math.floor(max), 0) });
      return fc.oneof(whole, fc.double({ min, max, noNaN: true, noDefaultInfinity: true }));
    }
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    default:
      return nasty;
  }
}

/** Values for a zod schema as the route would accept them (input side), or {} when there is none. */
export function fromZod(schema: unknown, pools: Pools): fc.Arbitrary<unknown> {
  if (!schema) return fc.constant({});
  const json = z.toJSONSchema(schema as z.ZodType, { io: 'input', unrepresentable: 'any' }) as JsonSchema;
  return fromJsonSchema(json, pools);
}

type Mutation = { kind: 'none' | 'replace' | 'drop' | 'extra' | 'whole'; path: number[]; value: unknown; key: string };

const mutationArb: fc.Arbitrary<Mutation> = fc.record({
  kind: fc.oneof(
    { weight: 3, arbitrary: fc.constant('none' as const) },
    { weight: 4, arbitrary: fc.constant('replace' as const) },
    { weight: 2, arbitrary: fc.constant('drop' as const) },
    { weight: 2, arbitrary: fc.constant('extra' as const) },
    { weight: 1, arbitrary: fc.constant('whole' as const) },
  ),
  path: fc.array(fc.nat(), { minLength: 1, maxLength: 5 }),
  value: nasty,
  key: fc.constantFrom('role', 'isActive', 'status', 'amount', 'marks', 'totalMarks', 'registrationNumber', '_id', 'x', ''),
});

const isContainer = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null;

/** Applies one mutation somewhere inside a (copied) value. */
function mutate(value: unknown, m: Mutation): unknown {
  if (m.kind === 'none') return value;
  if (m.kind === 'whole' || !isContainer(value)) return m.value;
  const root = structuredClone(value) as Record<string, unknown>;
  let node = root;
  for (const [depth, n] of m.path.entries()) {
    const keys = Object.keys(node);
    if (keys.length === 0) break;
    const key = keys[n % keys.length];
    const child = node[key];
    if (depth < m.path.length - 1 && isContainer(child) && Object.keys(child).length > 0) {
      node = child;
      continue;
    }
    if (m.kind === 'replace') node[key] = m.value;
    if (m.kind === 'drop') delete node[key];
    break;
  }
  if (m.kind === 'extra') node[m.key] = m.value;
  return root;
}

/** A value from the schema or one of the valid examples, mutated (or not). */
export function mutatedFrom(schema: unknown, pools: Pools, examples: fc.Arbitrary<unknown>[] = []) {
  const base = examples.length
    ? fc.oneof({ weight: 1, arbitrary: fromZod(schema, pools) }, { weight: 2, arbitrary: fc.oneof(...examples) })
    : fromZod(schema, pools);
  return fc.tuple(base, mutationArb).map(([value, m]) => mutate(value, m));
}

/** Already-encoded path segments that no well-formed client sends: bad escapes, invalid UTF-8. */
const RAW_SEGMENTS = ['%', '%zz', '%00', '%ED%A0%80', '%C0%AF', '%FF%FE', '..', '%2e%2e', '%2F', '.', '%20'];

/** A path parameter (encoded): a real or schema-shaped value, or a malformed one. */
export const paramValue = (schema: unknown, name: string, pools: Pools, reals: string[]): fc.Arbitrary<string> =>
  fc.oneof(
    { weight: 4, arbitrary: fc.constantFrom(...reals).map(encodeURIComponent) },
    { weight: 2, arbitrary: fc.constantFrom(...pools.ids, ...pools.strings, ...pools.emails).map(encodeURIComponent) },
    { weight: 3, arbitrary: fromZod(schema, pools).map((p) => encodeSegment(String((p as Record<string, unknown>)?.[name] ?? ''))) },
    { weight: 3, arbitrary: nasty.map((v) => encodeSegment((typeof v === 'string' ? v : (JSON.stringify(v) ?? '')).slice(0, 300))) },
    { weight: 1, arbitrary: fc.constantFrom(...RAW_SEGMENTS) },
  );

/** encodeURIComponent, but a lone surrogate is sent as the invalid UTF-8 a careless client would send. */
export function encodeSegment(v: string): string {
  return [...v].map((ch) => (/[\uD800-\uDFFF]/.test(ch) ? '%ED%A0%80' : encodeURIComponent(ch))).join('');
}
