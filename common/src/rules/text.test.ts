import { describe, expect, it } from 'vitest';
import { initialsOf, plural } from './text.ts';

describe('plural', () => {
  it('uses the singular for exactly one, the plural otherwise', () => {
    expect(plural(1, 'submission')).toBe('1 submission');
    expect(plural(0, 'submission')).toBe('0 submissions');
    expect(plural(2, 'minute')).toBe('2 minutes');
    expect(plural(1.5, 'mark')).toBe('1.5 marks');
    expect(plural(3, 'answer', 'answers still need')).toBe('3 answers still need');
  });
});

describe('initialsOf', () => {
  it("takes the first and last words' first characters, whole code points", () => {
    expect(initialsOf('Riya Sen')).toBe('RS');
    expect(initialsOf('  arjun ')).toBe('A');
    expect(initialsOf('')).toBe('');
    // A letter outside the Basic Multilingual Plane is one character, not half of a surrogate pair.
    expect(initialsOf('\u{10000} \u{1D49C}bc')).toBe('\u{10000}\u{1D49C}');
    expect(initialsOf('সুমন দাস')).toBe('সদ');
  });
});
