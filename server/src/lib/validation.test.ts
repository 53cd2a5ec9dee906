import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { UNSTORABLE_TEXT_MESSAGE, validatorCompilerForStorableText } from './validation.ts';

const validate = validatorCompilerForStorableText({
  schema: z.object({ name: z.string().min(1), tags: z.array(z.string()).optional() }),
  method: 'POST',
  url: '/things',
  httpPart: 'body',
}) as (data: unknown) => { value?: unknown; error?: unknown };

const messagesOf = (r: { error?: unknown }) => JSON.stringify(r.error);

describe('the validator of every route', () => {
  it('passes storable input through the route schema', () => {
    expect(validate({ name: 'Asha', tags: ['ক', '😀'] })).toEqual({ value: { name: 'Asha', tags: ['ক', '😀'] } });
  });

  it("refuses the route schema's own errors", () => {
    const r = validate({ name: 7 });
    expect(r.value).toBeUndefined();
    expect(r.error).toBeDefined();
  });

  it.each([
    ['a NUL character', { name: 'A\u0000B' }],
    ['a lone surrogate', { name: 'A\uD800' }],
    ['a NUL deep inside', { name: 'ok', tags: ['fine', 'bad\u0000'] }],
    ['a NUL in a key', { name: 'ok', 'k\u0000': 1 }],
  ])('refuses %s with the unstorable-text message', (_what, body) => {
    const r = validate(body);
    expect(r.value).toBeUndefined();
    expect(messagesOf(r)).toContain(UNSTORABLE_TEXT_MESSAGE);
  });
});
