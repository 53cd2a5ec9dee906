import { createHmac, createSign, generateKeyPairSync } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadSigningSecret, TokenSigner } from './tokens.ts';

const secret = Buffer.from('unit-test-secret-unit-test-secret!!');
const claims = { sub: '0b6f6c1e-2f7a-4c43-9a0e-6d1a3c1f9e11', role: 'student' as const, ver: 3 };
/** What verify answers for a token of `claims`: the claims, its own id and its expiry. */
const verified = expect.objectContaining({ ...claims, jti: expect.stringMatching(/^[A-Za-z0-9_-]{22}$/) });
const JTI = 'AAAAAAAAAAAAAAAAAAAAAA';
const decode = (part: string) => JSON.parse(Buffer.from(part, 'base64url').toString('utf8'));

describe('TokenSigner', () => {
  const signer = new TokenSigner(secret, 3600);

  it('signs an HS256 token with audience, issue and expiry times, and verifies it', async () => {
    const now = Date.UTC(2025, 0, 1, 10, 0, 0);
    const token = await signer.sign(claims, now);
    const [header, payload] = token.split('.');
    expect(decode(header)).toEqual({ alg: 'HS256', typ: 'JWT' });
    const decoded = decode(payload);
    expect(decoded).toEqual({ ...claims, jti: expect.any(String), aud: 'lawcoach-api', iat: now / 1000, exp: now / 1000 + 3600 });
    expect(await signer.verify(token, now)).toEqual({ ...claims, jti: decoded.jti, exp: now / 1000 + 3600 });
    expect(await signer.verify(token, now + 3599_000)).toEqual(verified);
    // Each token has its own id (a logout revokes that one token).
    expect(decode((await signer.sign(claims, now)).split('.')[1]).jti).not.toBe(decoded.jti);
  });

  it('refuses a token at and after its expiry', async () => {
    const now = Date.UTC(2025, 0, 1);
    const token = await signer.sign(claims, now);
    expect(await signer.verify(token, now + 3600_000)).toBeNull();
    expect(await signer.verify(token, now + 10 * 3600_000)).toBeNull();
  });

  it('refuses a token of another secret', async () => {
    const other = new TokenSigner(Buffer.from('another-secret-another-secret-!!!!'), 3600);
    expect(await signer.verify(await other.sign(claims))).toBeNull();
  });

  it('refuses any changed character', async () => {
    const token = await signer.sign(claims);
    for (let i = 0; i < token.length; i++) {
      if (token[i] === '.') continue;
      const changed = token.slice(0, i) + (token[i] === 'x' ? 'y' : 'x') + token.slice(i + 1);
      expect(await signer.verify(changed), `position ${i}`).toBeNull();
    }
  });

  it('refuses a signature spelt another way: the last character changed to one that decodes the same', async () => {
    const token = await new TokenSigner(secret, 3600).sign(claims);
    const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
    const last = alphabet.indexOf(token.at(-1) ?? '');
    // The last of 43 characters carries 4 bits of the 32-byte signature: its 3 neighbours decode the same.
    for (const k of [1, 2, 3]) expect(await signer.verify(token.slice(0, -1) + alphabet[last ^ k]), alphabet[last ^ k]).toBeNull();
    expect(await signer.verify(token)).toEqual(verified);
  });

  it('a token verified once is refused once it expires, and a token not ours is never remembered as verified', async () => {
    const now = Date.UTC(2025, 0, 1);
    const token = await new TokenSigner(secret, 3600).sign(claims, now);
    const reader = new TokenSigner(secret, 3600);
    expect(await reader.verify(token, now + 1000)).toEqual(verified);
    expect(await reader.verify(token, now + 3600_000)).toBeNull();
    expect(await reader.verify(token, now + 1000)).toEqual(verified);
    // Signed here with claims verify refuses (a subject that is no UUID): refused all the same.
    expect(await signer.verify(await signer.sign({ ...claims, sub: 'not-a-uuid' }))).toBeNull();
  });

  it('refuses malformed tokens without throwing', async () => {
    for (const bad of ['', 'a', 'a.b', 'a.b.c', '...', `${await signer.sign(claims)}.extra`, 'é.é.é']) {
      expect(await signer.verify(bad)).toBeNull();
    }
  });
});

describe('loadSigningSecret', () => {
  const dirs: string[] = [];
  const tempDir = () => {
    const d = fs.mkdtempSync(path.join(os.tmpdir(), 'secret-test-'));
    dirs.push(d);
    return d;
  };
  afterAll(() => {
    for (const d of dirs) fs.rmSync(d, { recursive: true, force: true });
  });

  it('uses JWT_SECRET when set', () => {
    expect(loadSigningSecret('s'.repeat(40), tempDir()).toString()).toBe('s'.repeat(40));
  });

  it('generates a secret once and keeps it under the data folder, readable by the owner only', async () => {
    const dir = tempDir();
    const first = loadSigningSecret(undefined, dir);
    expect(first.length).toBe(32);
    const file = path.join(dir, 'token-secret');
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    expect(loadSigningSecret(undefined, dir).equals(first)).toBe(true);
    // Tokens survive a restart: a new signer with the kept secret accepts the old token.
    const token = await new TokenSigner(first, 60).sign(claims);
    expect(await new TokenSigner(loadSigningSecret(undefined, dir), 60).verify(token)).toEqual(verified);
  });

  it('creates the data folder when missing', () => {
    const dir = path.join(tempDir(), 'nested', 'data');
    expect(loadSigningSecret(undefined, dir).length).toBe(32);
    expect(fs.existsSync(path.join(dir, 'token-secret'))).toBe(true);
  });

  it('gives a random secret when there is nowhere to keep it', () => {
    expect(loadSigningSecret(undefined, null).equals(loadSigningSecret(undefined, null))).toBe(false);
  });
});

describe('loadSigningSecret with a damaged or shared file', () => {
  it('refuses an empty or short secret file instead of signing with it', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'secret-test-'));
    try {
      fs.writeFileSync(path.join(dir, 'token-secret'), '');
      expect(() => loadSigningSecret(undefined, dir)).toThrow(/token-secret does not hold a valid secret/);
      fs.writeFileSync(path.join(dir, 'token-secret'), Buffer.from('short').toString('base64'));
      expect(() => loadSigningSecret(undefined, dir)).toThrow(/JWT_SECRET/);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('leaves no temporary file behind', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'secret-test-'));
    try {
      loadSigningSecret(undefined, dir);
      expect(fs.readdirSync(dir)).toEqual(['token-secret']);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('TokenSigner algorithm allow-list', () => {
  const signer = new TokenSigner(secret, 3600);
  const b64 = (v: unknown) => Buffer.from(JSON.stringify(v)).toString('base64url');
  const payload = () =>
    b64({ ...claims, jti: JTI, aud: 'lawcoach-api', iat: Math.floor(Date.now() / 1000), exp: Math.floor(Date.now() / 1000) + 60 });
  /** Signed with our secret as HMAC-SHA256 whatever the header claims: only the header differs. */
  const withHeader = (header: unknown) => {
    const body = `${b64(header)}.${payload()}`;
    return `${body}.${createHmac('sha256', secret).update(body).digest('base64url')}`;
  };

  it('accepts only its own HS256 header', async () => {
    expect(await signer.verify(withHeader({ alg: 'HS256', typ: 'JWT' }))).toEqual(expect.objectContaining({ ...claims, jti: JTI }));
    for (const alg of ['none', 'None', 'HS384', 'HS512', 'RS256', 'ES256', 'PS256', 'hs256', '']) {
      expect(await signer.verify(withHeader({ alg, typ: 'JWT' })), alg).toBeNull();
    }
    // Unsigned (alg none, empty signature) and a header asking for a key of its own choosing.
    expect(await signer.verify(`${b64({ alg: 'none', typ: 'JWT' })}.${payload()}.`)).toBeNull();
    expect(await signer.verify(withHeader({ alg: 'HS256', typ: 'JWT', jwk: { kty: 'oct', k: 'AA' } }))).toBeNull();
    expect(await signer.verify(withHeader({ alg: 'HS256', typ: 'JWT', kid: '../../etc/passwd' }))).toBeNull();
  });

  it('refuses an RS256 token signed with a real RSA key', async () => {
    const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
    const body = `${b64({ alg: 'RS256', typ: 'JWT' })}.${payload()}`;
    const sig = createSign('RSA-SHA256').update(body).sign(privateKey).toString('base64url');
    expect(await signer.verify(`${body}.${sig}`)).toBeNull();
  });

  it('refuses a token of another audience or without one', async () => {
    const sign = (p: Record<string, unknown>) => {
      const body = `${b64({ alg: 'HS256', typ: 'JWT' })}.${b64(p)}`;
      return `${body}.${createHmac('sha256', secret).update(body).digest('base64url')}`;
    };
    const exp = Math.floor(Date.now() / 1000) + 60;
    expect(await signer.verify(sign({ ...claims, jti: JTI, aud: 'lawcoach-api', exp }))).toEqual({ ...claims, jti: JTI, exp });
    expect(await signer.verify(sign({ ...claims, jti: JTI, aud: 'other-api', exp }))).toBeNull();
    expect(await signer.verify(sign({ ...claims, jti: JTI, aud: ['lawcoach-api'], exp }))).toBeNull();
    expect(await signer.verify(sign({ ...claims, jti: JTI, exp }))).toBeNull();
  });

  it('refuses, without throwing, a validly signed token whose subject is not a UUID or that has no id', async () => {
    const sign = (p: Record<string, unknown>) => {
      const body = `${b64({ alg: 'HS256', typ: 'JWT' })}.${b64(p)}`;
      return `${body}.${createHmac('sha256', secret).update(body).digest('base64url')}`;
    };
    const exp = Math.floor(Date.now() / 1000) + 60;
    for (const sub of ['a'.repeat(36), '-'.repeat(36), 'not-a-uuid', '0b6f6c1e-2f7a-4c43-9a0e-6d1a3c1f9e1', '', "x' or '1'='1"]) {
      expect(await signer.verify(sign({ ...claims, sub, jti: JTI, aud: 'lawcoach-api', exp })), sub).toBeNull();
    }
    expect(await signer.verify(sign({ ...claims, aud: 'lawcoach-api', exp }))).toBeNull();
  });
});
