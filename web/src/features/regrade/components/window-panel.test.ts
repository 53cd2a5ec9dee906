import { REGRADE_MESSAGES } from '@app/common/schemas/regrade';
import { describe, expect, it } from 'vitest';
import { windowForm } from './window-panel.tsx';

const messages = (input: unknown) => {
  const r = windowForm.safeParse(input);
  return r.success ? {} : Object.fromEntries(r.error.issues.map((i) => [i.path.join('.'), i.message]));
};

describe('objection window form schema (India-time inputs -> the server rule)', () => {
  it('reads both inputs as India time', () => {
    const w = windowForm.parse({ opensAt: '2026-12-01T10:00', closesAt: '2026-12-03T18:30' });
    expect(w.opensAt.toISOString()).toBe('2026-12-01T04:30:00.000Z');
    expect(w.closesAt.toISOString()).toBe('2026-12-03T13:00:00.000Z');
  });

  it('asks for both times', () => {
    expect(messages({ opensAt: '', closesAt: '' })).toEqual({
      opensAt: REGRADE_MESSAGES.windowTime,
      closesAt: REGRADE_MESSAGES.windowTime,
    });
  });

  it('refuses a window that closes before it opens', () => {
    expect(messages({ opensAt: '2026-12-03T10:00', closesAt: '2026-12-01T10:00' })).toEqual({ closesAt: REGRADE_MESSAGES.windowOrder });
  });
});
