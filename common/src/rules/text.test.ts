import { describe, expect, it } from 'vitest';
import { plural } from './text.ts';

describe('plural', () => {
  it('uses the singular for exactly one, the plural otherwise', () => {
    expect(plural(1, 'submission')).toBe('1 submission');
    expect(plural(0, 'submission')).toBe('0 submissions');
    expect(plural(2, 'minute')).toBe('2 minutes');
    expect(plural(1.5, 'mark')).toBe('1.5 marks');
    expect(plural(3, 'answer', 'answers still need')).toBe('3 answers still need');
  });
});
