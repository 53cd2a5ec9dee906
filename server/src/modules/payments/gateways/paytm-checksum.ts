import { createCipheriv, createDecipheriv, createHash, randomBytes, timingSafeEqual } from 'node:crypto';

// The paytmchecksum algorithm (Paytm's published Node/PHP/Python utility), written here because the
// package is not installed: checksum = base64(AES-128-CBC(key, IV, sha256hex(data + "|" + salt) + salt))
// with a 4-character random salt. `data` is a JSON string (API bodies) or the form fields sorted by
// name and joined with "|" ("null" counts as empty), CHECKSUMHASH excluded.

const IV = '@@@@&&&&####$$$$';
const cipherFor = (key: string) => `aes-${Buffer.byteLength(key) * 8}-cbc`;

function encrypt(input: string, key: string): string {
  const cipher = createCipheriv(cipherFor(key), key, IV);
  return cipher.update(input, 'binary', 'base64') + cipher.final('base64');
}

function decrypt(encrypted: string, key: string): string | null {
  try {
    const decipher = createDecipheriv(cipherFor(key), key, IV);
    return decipher.update(encrypted, 'base64', 'binary') + decipher.final('binary');
  } catch {
    return null;
  }
}

const hashWithSalt = (data: string, salt: string) => createHash('sha256').update(`${data}|${salt}`).digest('hex') + salt;

/** The fields of a form post as Paytm signs them. */
export function paytmStringOf(params: Record<string, string>): string {
  return Object.keys(params)
    .filter((k) => k !== 'CHECKSUMHASH')
    .sort()
    .map((k) => {
      const v = params[k];
      return v == null || v.toLowerCase() === 'null' ? '' : v;
    })
    .join('|');
}

export function generatePaytmSignature(data: string | Record<string, string>, key: string, salt?: string): string {
  const text = typeof data === 'string' ? data : paytmStringOf(data);
  // 3 random bytes in base64 are exactly 4 characters, as in paytmchecksum.
  return encrypt(hashWithSalt(text, salt ?? randomBytes(3).toString('base64')), key);
}

export function verifyPaytmSignature(data: string | Record<string, string>, key: string, checksum: string): boolean {
  if (!checksum) return false;
  const text = typeof data === 'string' ? data : paytmStringOf(data);
  const decrypted = decrypt(checksum, key);
  if (!decrypted || decrypted.length < 5) return false;
  const expected = Buffer.from(hashWithSalt(text, decrypted.slice(-4)), 'binary');
  const given = Buffer.from(decrypted, 'binary');
  return expected.length === given.length && timingSafeEqual(expected, given);
}
