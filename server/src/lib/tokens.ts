import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { jwtVerify, SignJWT } from 'jose';
import { USER_ROLES, type UserRole } from '@app/common/permissions';

// HS256 JSON Web Tokens through jose (docs/decisions/0020-tokens-through-jose.md): one algorithm allowed,
// audience and expiry checked; what jose accepts that we do not (another header, an audience list, a
// subject or id we never make) is refused here after it.
const ALG = 'HS256';
const HEADER = Buffer.from(JSON.stringify({ alg: ALG, typ: 'JWT' })).toString('base64url');
const AUDIENCE = 'lawcoach-api';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export type TokenClaims = { sub: string; role: UserRole; ver: number };
/** What a valid token carries: its claims, its own id (a logout revokes that id) and its expiry (seconds). */
export type VerifiedToken = TokenClaims & { jti: string; exp: number };

/**
 * The tokens verified lately, by their exact text: the auth hook verifies one on every request, and jose's
 * verify goes through WebCrypto, a trip to libuv's thread pool (where password hashing also waits), where
 * the hand-written check it replaced was one HMAC on the main thread (docs/decisions/0020-tokens-through-jose.md).
 * Only what passed every check is kept, its expiry checked again on each use; the oldest is dropped first.
 * Revocation is not affected: the user row and the revoked ids are read on every request (plugins/auth.ts).
 */
const VERIFIED_LIMIT = 10_000;

export class TokenSigner {
  private key: Promise<CryptoKey> | undefined;
  private readonly verified = new Map<string, VerifiedToken>();

  constructor(
    private readonly secret: Buffer,
    private readonly ttlSeconds: number,
  ) {}

  async sign(claims: TokenClaims, now = Date.now()): Promise<string> {
    const iat = Math.floor(now / 1000);
    const jti = randomBytes(16).toString('base64url');
    const exp = iat + this.ttlSeconds;
    const token = await new SignJWT({ role: claims.role, ver: claims.ver })
      .setProtectedHeader({ alg: ALG, typ: 'JWT' })
      .setSubject(claims.sub)
      .setJti(jti)
      .setAudience(AUDIENCE)
      .setIssuedAt(iat)
      .setExpirationTime(exp)
      .sign(await this.cryptoKey());
    // The sign-in's first request then finds its token verified.
    const mine = checked({ ...claims, jti, aud: AUDIENCE, exp });
    if (mine) this.remember(token, mine);
    return token;
  }

  /** The claims of a valid token, or null for anything tampered, expired, or of another algorithm or audience. */
  async verify(token: string, now = Date.now()): Promise<VerifiedToken | null> {
    const known = this.verified.get(token);
    if (known) {
      if (known.exp * 1000 > now) return known;
      this.verified.delete(token);
      return null;
    }
    // Algorithm allow-list: exactly our HS256 header, byte for byte (no kid, no jwk, no other order).
    if (!token.startsWith(`${HEADER}.`)) return null;
    // One spelling of a signature: jose decodes base64url leniently (the last character's two unused bits
    // are ignored), so a token with its last character changed to a neighbour would still pass.
    const signature = token.slice(token.lastIndexOf('.') + 1);
    if (Buffer.from(signature, 'base64url').toString('base64url') !== signature) return null;
    let payload: Record<string, unknown>;
    try {
      ({ payload } = await jwtVerify(token, await this.cryptoKey(), {
        algorithms: [ALG],
        audience: AUDIENCE,
        currentDate: new Date(now),
        requiredClaims: ['exp'],
      }));
    } catch {
      return null; // jose's errors (bad signature, expired, malformed) all mean "not a valid token"
    }
    const valid = checked(payload);
    if (valid) this.remember(token, valid);
    return valid;
  }

  private remember(token: string, valid: VerifiedToken) {
    if (this.verified.size >= VERIFIED_LIMIT) this.verified.delete(this.verified.keys().next().value as string);
    this.verified.set(token, valid);
  }

  /** The secret as a WebCrypto key, imported once: jose would otherwise import it again for every token. */
  private cryptoKey(): Promise<CryptoKey> {
    this.key ??= crypto.subtle.importKey('raw', new Uint8Array(this.secret), { name: 'HMAC', hash: 'SHA-256' }, false, ['sign', 'verify']);
    return this.key;
  }
}

/** What we require of a signed payload beyond jose's checks; the verified token, frozen, or null. */
function checked(payload: Record<string, unknown>): VerifiedToken | null {
  const { sub, role, ver, jti, aud, exp } = payload;
  // One audience, as we sign it: jose also accepts a list that contains it.
  if (aud !== AUDIENCE || typeof exp !== 'number') return null;
  // Only ids this server makes: anything else (a forged-looking subject signed with a leaked or test
  // secret) is simply not a valid token, never a database error.
  if (typeof sub !== 'string' || !UUID.test(sub) || typeof ver !== 'number' || !Number.isSafeInteger(ver)) return null;
  if (typeof jti !== 'string' || !/^[A-Za-z0-9_-]{16,64}$/.test(jti)) return null;
  if (!(USER_ROLES as readonly unknown[]).includes(role)) return null;
  return Object.freeze({ sub, role: role as UserRole, ver, jti, exp });
}

/** The signing secret: JWT_SECRET when set, else generated once and kept under DATA_DIR. */
export function loadSigningSecret(envSecret: string | undefined, dataDir: string | null): Buffer {
  if (envSecret) return Buffer.from(envSecret, 'utf8');
  if (!dataDir) return randomBytes(32);
  const file = path.join(dataDir, 'token-secret');
  if (fs.existsSync(file)) return readSecret(file);
  fs.mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(32);
  // Written aside, then linked into place: two servers starting at once never read a half-written
  // file, and the second one adopts the first one's secret.
  const temp = `${file}.${process.pid}.${randomBytes(4).toString('hex')}`;
  fs.writeFileSync(temp, secret.toString('base64'), { mode: 0o600 });
  try {
    fs.linkSync(temp, file);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
    return readSecret(file);
  } finally {
    fs.rmSync(temp, { force: true });
  }
  return secret;
}

function readSecret(file: string): Buffer {
  const secret = Buffer.from(fs.readFileSync(file, 'utf8').trim(), 'base64');
  // An empty or damaged file must not become an empty HMAC key that anyone could sign with.
  if (secret.length < 32) throw new Error(`${file} does not hold a valid secret: delete it to make a new one, or set JWT_SECRET`);
  return secret;
}
