import { randomInt } from 'node:crypto';
import { hash, verify } from '@node-rs/argon2';
import { GENERATED_PASSWORD_LENGTH } from '@app/common';
import { COMMON_PASSWORDS } from './common-passwords.ts';

// argon2id with the OWASP password storage cheat sheet's first configuration: m=19 MiB, t=2, p=1.
const OPTIONS = { algorithm: 2, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export const hashPassword = (password: string) => hash(password, OPTIONS);

export async function verifyPassword(hashed: string, password: string): Promise<boolean> {
  try {
    return await verify(hashed, password);
  } catch {
    return false;
  }
}

// A fixed hash so an unknown e-mail costs the same time as a wrong password.
let dummyHash: Promise<string> | undefined;
export const burnPasswordCheck = async (password: string) => {
  dummyHash ??= hashPassword('not-a-real-password-used-for-timing');
  await verifyPassword(await dummyHash, password);
};

export const isCommonPassword = (password: string) => COMMON_PASSWORDS.has(password.toLowerCase());

const UPPER = 'ABCDEFGHJKLMNPQRSTUVWXYZ';
const LOWER = 'abcdefghijkmnopqrstuvwxyz';
const DIGITS = '23456789';
const ALPHABET = UPPER + LOWER + DIGITS;
const pick = (set: string) => set[randomInt(set.length)];
/**
 * Temporary and generated passwords: at least 16 random characters (docs/product.md section 9), always with a
 * capital, a small letter and a digit (drawn at random, then shuffled in at random places), so a generated
 * password never misses a class a person's own password must have.
 */
export function generatePassword(length = GENERATED_PASSWORD_LENGTH): string {
  const chars = [pick(UPPER), pick(LOWER), pick(DIGITS)];
  while (chars.length < length) chars.push(pick(ALPHABET));
  // Fisher-Yates with the same cryptographic source.
  for (let i = chars.length - 1; i > 0; i--) {
    const j = randomInt(i + 1);
    [chars[i], chars[j]] = [chars[j], chars[i]];
  }
  return chars.join('');
}
