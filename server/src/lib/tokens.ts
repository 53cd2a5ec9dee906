import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { USER_ROLES, type UserRole } from '@app/common/permissions';

// HS256 JSON Web Tokens, written small on purpose: one algorithm allowed, audience and expiry checked.
const HEADER = Buffer.from(JSON.stringify({ alg: 'HS256', typ: 'JWT' })).toString('base64url');
const AUDIENCE = 'lawcoach-api';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export type TokenClaims = { sub: string; role: UserRole; ver: number };
/** What a valid token carries: its claims, its own id (a logout revokes that id) and its expiry (seconds). */
export type VerifiedToken = TokenClaims & { jti: string; exp: number };
type Payload = TokenClaims & { jti: string; aud: string; iat: number; exp: number };

export class TokenSigner {
  constructor(
    private readonly secret: Buffer,
    private readonly ttlSeconds: number,
  ) {}

  sign(claims: TokenClaims, now = Date.now()): string {
    const iat = Math.floor(now / 1000);
    const payload: Payload = { ...claims, jti: randomBytes(16).toString('base64url'), aud: AUDIENCE, iat, exp: iat + this.ttlSeconds };
    const body = `${HEADER}.${Buffer.from(JSON.stringify(payload)).toString('base64url')}`;
    return `${body}.${this.mac(body)}`;
  }

  /** The claims of a valid token, or null for anything tampered, expired, or of another algorithm or audience. */
  verify(token: string, now = Date.now()): VerifiedToken | null {
    const parts = token.split('.');
    if (parts.length !== 3) return null;
    const [header, body, sig] = parts;
    if (header !== HEADER) return null; // algorithm allow-list: exactly our HS256 header
    const expected = Buffer.from(this.mac(`${header}.${body}`));
    const given = Buffer.from(sig);
    if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
    let payload: Payload;
    try {
      payload = JSON.parse(Buffer.from(body, 'base64url').toString('utf8'));
    } catch {
      return null;
    }
    if (payload.aud !== AUDIENCE || typeof payload.exp !== 'number' || payload.exp * 1000 <= now) return null;
    if (typeof payload.sub !== 'string' || typeof payload.ver !== 'number') return null;
    // Only ids this server makes: anything else (a forged-looking subject signed with a leaked or test
    // secret) is simply not a valid token, never a database error.
    if (!UUID.test(payload.sub) || !Number.isSafeInteger(payload.ver)) return null;
    if (typeof payload.jti !== 'string' || !/^[A-Za-z0-9_-]{16,64}$/.test(payload.jti)) return null;
    if (!(USER_ROLES as readonly unknown[]).includes(payload.role)) return null;
    return { sub: payload.sub, role: payload.role, ver: payload.ver, jti: payload.jti, exp: payload.exp };
  }

  private mac(data: string): string {
    return createHmac('sha256', this.secret).update(data).digest('base64url');
  }
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
