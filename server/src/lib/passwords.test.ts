import { describe, expect, it } from 'vitest';
import { burnPasswordCheck, generatePassword, hashPassword, isCommonPassword, verifyPassword } from './passwords.ts';

describe('password hashing', () => {
  it('hashes with argon2id at the OWASP parameters and verifies', async () => {
    const hashed = await hashPassword('Correct-Horse-9');
    expect(hashed).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(hashed).not.toContain('Correct-Horse-9');
    expect(await verifyPassword(hashed, 'Correct-Horse-9')).toBe(true);
    expect(await verifyPassword(hashed, 'correct-horse-9')).toBe(false);
    expect(await verifyPassword(hashed, '')).toBe(false);
  });

  it('salts: the same password hashes differently each time', async () => {
    expect(await hashPassword('Same-Pass-1')).not.toBe(await hashPassword('Same-Pass-1'));
  });

  it('answers false, never throws, for a broken hash', async () => {
    expect(await verifyPassword('not-a-hash', 'x')).toBe(false);
    expect(await verifyPassword('', 'x')).toBe(false);
  });

  it('burns a check for unknown accounts without failing', async () => {
    await expect(burnPasswordCheck('anything')).resolves.toBeUndefined();
  });
});

describe('isCommonPassword', () => {
  it('refuses well-known passwords whatever their case', () => {
    for (const p of ['password', 'PASSWORD123', '123456', 'qwerty']) expect(isCommonPassword(p), p).toBe(true);
  });
  it('accepts a less predictable one', () => {
    expect(isCommonPassword('Brand-New-Pass-1')).toBe(false);
  });
});

describe('generatePassword', () => {
  it('gives 16 characters by default from an unambiguous alphabet, different every time', () => {
    const seen = new Set<string>();
    for (let i = 0; i < 200; i++) {
      const p = generatePassword();
      expect(p).toMatch(/^[A-HJ-NP-Za-km-z2-9]{16}$/);
      seen.add(p);
    }
    expect(seen.size).toBe(200);
    expect(generatePassword(24)).toHaveLength(24);
  });

  it('always has a capital, a small letter and a digit, anywhere in it', () => {
    // Without the guarantee one in eight would have no digit, and about one in 5,000 no capital or no small letter.
    const firsts = new Set<string>();
    for (let i = 0; i < 2000; i++) {
      const p = generatePassword();
      expect(p).toMatch(/[A-Z]/);
      expect(p).toMatch(/[a-z]/);
      expect(p).toMatch(/[2-9]/);
      firsts.add(/[A-Z]/.test(p[0]) ? 'upper' : /[a-z]/.test(p[0]) ? 'lower' : 'digit');
    }
    // The guaranteed characters are shuffled in, not always first.
    expect(firsts).toEqual(new Set(['upper', 'lower', 'digit']));
  });
});
