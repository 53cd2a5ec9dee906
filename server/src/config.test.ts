import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig, s3OptionsOf } from './config.ts';

/** The message of the ConfigError that loading this environment throws. */
function failureOf(env: Record<string, string>): string {
  try {
    loadConfig(env);
  } catch (err) {
    expect(err).toBeInstanceOf(ConfigError);
    return (err as Error).message;
  }
  throw new Error(`expected ${JSON.stringify(env)} to be refused`);
}

describe('loadConfig', () => {
  it('has working defaults for a fresh machine', () => {
    const c = loadConfig({});
    expect(c).toMatchObject({
      NODE_ENV: 'development',
      PORT: 3000,
      HOST: '0.0.0.0',
      PAYMENT_GATEWAY: 'sandbox',
      SEED_DEMO: true,
      TRUST_PROXY: false,
      TOKEN_TTL_HOURS: 168,
      publicUrl: 'http://localhost:3000',
    });
    expect(c.DATABASE_URL).toBeUndefined(); // embedded PGlite
    expect(c.SMTP_URL).toBeUndefined(); // mails kept for /dev/mailbox
    expect(c.dataDir).toBe(path.resolve('./data'));
  });

  it('reads and converts the values it is given', () => {
    const c = loadConfig({
      PORT: '8080',
      DATABASE_URL: 'postgresql://u:p@db:5432/app',
      SMTP_URL: 'smtps://user:pass@mail.example.com:465',
      PUBLIC_URL: 'https://institute.example.com/',
      DATA_DIR: '/var/lib/app',
      SEED_DEMO: 'false',
      TRUST_PROXY: 'true',
      TOKEN_TTL_HOURS: '12',
    });
    expect(c).toMatchObject({
      PORT: 8080,
      DATABASE_URL: 'postgresql://u:p@db:5432/app',
      SMTP_URL: 'smtps://user:pass@mail.example.com:465',
      SEED_DEMO: false,
      TRUST_PROXY: true,
      TOKEN_TTL_HOURS: 12,
      dataDir: '/var/lib/app',
      publicUrl: 'https://institute.example.com',
    });
    expect(loadConfig({ PORT: '4000' }).publicUrl).toBe('http://localhost:4000');
  });

  it('treats an empty variable as unset', () => {
    const c = loadConfig({ DATABASE_URL: '', SMTP_URL: '', PORT: '' });
    expect([c.DATABASE_URL, c.SMTP_URL, c.PORT]).toEqual([undefined, undefined, 3000]);
  });

  it('refuses a bad value with a ConfigError naming the variable', () => {
    const cases: [Record<string, string>, string][] = [
      [{ PORT: 'abc' }, 'PORT'],
      [{ PORT: '70000' }, 'PORT'],
      [{ PORT: '3000.5' }, 'PORT'],
      [{ DATABASE_URL: 'mysql://x' }, 'DATABASE_URL'],
      [{ SMTP_URL: 'http://mail' }, 'SMTP_URL'],
      [{ JWT_SECRET: 'short' }, 'JWT_SECRET'],
      [{ NODE_ENV: 'staging' }, 'NODE_ENV'],
      [{ ADMIN_EMAIL: 'not-an-email' }, 'ADMIN_EMAIL'],
      [{ ADMIN_PASSWORD: '123' }, 'ADMIN_PASSWORD'],
      [{ PUBLIC_URL: 'localhost' }, 'PUBLIC_URL'],
      [{ PAYMENT_GATEWAY: 'stripe' }, 'PAYMENT_GATEWAY'],
      [{ LOG_LEVEL: 'loud' }, 'LOG_LEVEL'],
      [{ SEED_DEMO: 'yes' }, 'SEED_DEMO'],
      [{ TOKEN_TTL_HOURS: '0' }, 'TOKEN_TTL_HOURS'],
      [{ REDIS_URL: 'http://cache:6379' }, 'REDIS_URL'],
      [{ REDIS_KEY_PREFIX: 'has spaces' }, 'REDIS_KEY_PREFIX'],
    ];
    for (const [env, name] of cases) {
      const message = failureOf(env);
      expect(message, JSON.stringify(env)).toMatch(new RegExp(`\\b${name}\\b`));
    }
    expect(failureOf({ DATABASE_URL: 'mysql://x' })).toContain('must be a postgres:// URL');
  });

  it('names every bad variable at once', () => {
    const message = failureOf({ PORT: 'abc', DATABASE_URL: 'mysql://x', SMTP_URL: 'ftp://y' });
    for (const name of ['PORT', 'DATABASE_URL', 'SMTP_URL']) expect(message).toContain(name);
  });

  it('never repeats a secret value in its message', () => {
    const message = failureOf({ JWT_SECRET: 'tiny-secret', PORT: 'abc' });
    expect(message).not.toContain('tiny-secret');
  });
});

// Everything production needs, so each case below removes or spoils exactly one thing.
const PRODUCTION: Record<string, string> = {
  NODE_ENV: 'production',
  DATABASE_URL: 'postgres://app@db:5432/app',
  // `openssl rand -base64 48`
  JWT_SECRET: 'q3Jv8XkS0bN2wYtR5mLp9ZcHd7GfUe1aVi4oKs6TnBy3Mx0PlQwErTy8UiOp',
  SMTP_URL: 'smtp://user:pass@mail.example.com:587',
  PUBLIC_URL: 'https://institute.example.com',
  PAYMENT_GATEWAY: 'razorpay',
  RAZORPAY_KEY_ID: 'rzp_live_key',
  RAZORPAY_KEY_SECRET: 'razorpay-secret',
  RAZORPAY_WEBHOOK_SECRET: 'webhook-secret',
};

describe('JWT_SECRET randomness in production', () => {
  it('refuses a long but predictable secret with a clear message, and accepts random ones', () => {
    for (const weak of ['a'.repeat(32), 'a'.repeat(200), 'ab'.repeat(40), '0123456789'.repeat(4), 'passwordpasswordpasswordpassword']) {
      const message = failureOf({ ...PRODUCTION, JWT_SECRET: weak });
      expect(message, weak).toMatch(/JWT_SECRET: too predictable \(about \d+ bits of randomness, at least 128 needed\)/);
      expect(message).toContain('openssl rand -base64 48');
      expect(message).not.toContain(weak);
    }
    for (let i = 0; i < 20; i++) {
      for (const random of [randomBytes(48).toString('base64'), randomBytes(32).toString('hex'), randomBytes(32).toString('base64url')]) {
        expect(() => loadConfig({ ...PRODUCTION, JWT_SECRET: random }), random).not.toThrow();
      }
    }
  });

  it('leaves development alone: any secret of 32 characters is taken there', () => {
    expect(loadConfig({ JWT_SECRET: 'a'.repeat(32) }).JWT_SECRET).toBe('a'.repeat(32));
  });
});

describe('loadConfig in production', () => {
  it('starts with a complete production configuration', () => {
    const c = loadConfig(PRODUCTION);
    expect(c).toMatchObject({ NODE_ENV: 'production', PAYMENT_GATEWAY: 'razorpay', publicUrl: 'https://institute.example.com' });
    expect(
      loadConfig({ ...PRODUCTION, PAYMENT_GATEWAY: 'paytm', PAYTM_MID: 'mid', PAYTM_MERCHANT_KEY: 'k'.repeat(16) }).PAYMENT_GATEWAY,
    ).toBe('paytm');
  });

  it('refuses to start without what production needs, naming it', () => {
    const cases: [Record<string, string>, string, string][] = [
      [{ SMTP_URL: '' }, 'SMTP_URL', 'required in production'],
      [{ PAYMENT_GATEWAY: 'sandbox' }, 'PAYMENT_GATEWAY', 'must be razorpay or paytm'],
      [{ JWT_SECRET: '' }, 'JWT_SECRET', 'required in production'],
      [{ JWT_SECRET: 'y'.repeat(31) }, 'JWT_SECRET', 'at least 32 characters'],
      [{ JWT_SECRET: 'a'.repeat(32) }, 'JWT_SECRET', 'too predictable'],
      [{ DATABASE_URL: '' }, 'DATABASE_URL', 'embedded database is not for production'],
      [{ PUBLIC_URL: '' }, 'PUBLIC_URL', 'https://'],
      [{ PUBLIC_URL: 'http://institute.example.com' }, 'PUBLIC_URL', 'https://'],
      [{ RAZORPAY_KEY_SECRET: '' }, 'RAZORPAY_KEY_SECRET', 'required when PAYMENT_GATEWAY=razorpay'],
      [{ RAZORPAY_WEBHOOK_SECRET: '' }, 'RAZORPAY_WEBHOOK_SECRET', 'required when PAYMENT_GATEWAY=razorpay'],
      [{ PAYMENT_GATEWAY: 'paytm' }, 'PAYTM_MID', 'required when PAYMENT_GATEWAY=paytm'],
      [{ PAYMENT_GATEWAY: 'paytm', PAYTM_MID: 'mid' }, 'PAYTM_MERCHANT_KEY', 'required when PAYMENT_GATEWAY=paytm'],
    ];
    for (const [change, name, why] of cases) {
      const message = failureOf({ ...PRODUCTION, ...change });
      expect(message, JSON.stringify(change)).toMatch(new RegExp(`\\b${name}\\b.*${why.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')}`));
    }
  });

  it('names every missing piece at once, and never a secret value', () => {
    const message = failureOf({ NODE_ENV: 'production', SMTP_URL: 'smtp://user:mail-pass@mail.example.com' });
    expect(message).toContain('Refusing to start with NODE_ENV=production');
    for (const name of ['DATABASE_URL', 'JWT_SECRET', 'PAYMENT_GATEWAY', 'PUBLIC_URL']) expect(message).toContain(name);
    expect(message).not.toMatch(/\bSMTP_URL\b/);
    expect(message).not.toContain('mail-pass');
  });

  it('seeds no demo content unless SEED_DEMO=true is set; development and test seed it by default', () => {
    expect(loadConfig(PRODUCTION).SEED_DEMO).toBe(false);
    expect(loadConfig({ ...PRODUCTION, SEED_DEMO: 'true' }).SEED_DEMO).toBe(true);
    for (const NODE_ENV of ['development', 'test']) {
      expect(loadConfig({ NODE_ENV }).SEED_DEMO, NODE_ENV).toBe(true);
      expect(loadConfig({ NODE_ENV, SEED_DEMO: 'false' }).SEED_DEMO, NODE_ENV).toBe(false);
    }
  });

  it('keeps development and test as forgiving as before', () => {
    for (const NODE_ENV of ['development', 'test']) {
      const c = loadConfig({ NODE_ENV });
      expect([c.DATABASE_URL, c.JWT_SECRET, c.SMTP_URL, c.PAYMENT_GATEWAY, c.publicUrl]).toEqual([
        undefined,
        undefined,
        undefined,
        'sandbox',
        'http://localhost:3000',
      ]);
    }
  });
});

describe('S3-compatible object storage settings', () => {
  const s3 = {
    S3_ENDPOINT: 'https://s3.ap-south-1.amazonaws.com',
    S3_BUCKET: 'lawcoach-files',
    S3_ACCESS_KEY_ID: 'AKIAEXAMPLE',
    S3_SECRET_ACCESS_KEY: 'secret-example-key',
  };

  it('is off by default and on with all four settings, with a region and the addressing style', () => {
    expect(s3OptionsOf(loadConfig({}))).toBeNull();
    expect(s3OptionsOf(loadConfig(s3))).toEqual({
      endpoint: s3.S3_ENDPOINT,
      bucket: 'lawcoach-files',
      accessKeyId: 'AKIAEXAMPLE',
      secretAccessKey: 'secret-example-key',
      region: 'us-east-1',
      forcePathStyle: false,
    });
    const minio = loadConfig({ ...s3, S3_ENDPOINT: 'http://127.0.0.1:9000', S3_REGION: 'ap-south-1', S3_FORCE_PATH_STYLE: 'true' });
    expect(s3OptionsOf(minio)).toMatchObject({ region: 'ap-south-1', forcePathStyle: true });
  });

  it('refuses a partial or bad configuration, naming each variable, never the secret', () => {
    const partial = failureOf({ S3_BUCKET: 'lawcoach-files' });
    for (const name of ['S3_ENDPOINT', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY']) expect(partial).toContain(name);
    expect(partial).not.toMatch(/S3_BUCKET:/);
    expect(failureOf({ ...s3, S3_SECRET_ACCESS_KEY: '' })).toContain('S3_SECRET_ACCESS_KEY: required');
    expect(failureOf({ ...s3, S3_ENDPOINT: 'ftp://files' })).toMatch(/\bS3_ENDPOINT\b/);
    expect(failureOf({ ...s3, S3_BUCKET: 'Bad_Bucket' })).toMatch(/\bS3_BUCKET\b/);
    expect(failureOf({ ...s3, S3_REGION: 'India South' })).toMatch(/\bS3_REGION\b/);
    expect(failureOf({ ...s3, S3_FORCE_PATH_STYLE: 'yes' })).toMatch(/\bS3_FORCE_PATH_STYLE\b/);
    expect(failureOf({ ...s3, S3_BUCKET: 'x' })).not.toContain(s3.S3_SECRET_ACCESS_KEY);
  });
});
