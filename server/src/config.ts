import { deflateRawSync } from 'node:zlib';
import path from 'node:path';
import { z } from 'zod';

// Environment is parsed once, here; nothing else reads process.env (docs/architecture.md, "Rules of the code").
const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'test', 'production']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// URL')
    .optional(),
  JWT_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  TOKEN_TTL_HOURS: z.coerce
    .number()
    .int()
    .min(1)
    .max(24 * 90)
    .default(24 * 7),
  ADMIN_EMAIL: z.email().optional(),
  ADMIN_PASSWORD: z.string().min(6).optional(),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'must be an smtp:// or smtps:// URL')
    .optional(),
  MAIL_FROM: z.string().default('Law Coaching Institute <no-reply@lawcoaching.local>'),
  PUBLIC_URL: z.url().optional(),
  PAYMENT_GATEWAY: z.enum(['sandbox', 'razorpay', 'paytm']).default('sandbox'),
  // Gateway credentials: optional, required when that gateway is selected (checked in loadConfig).
  RAZORPAY_KEY_ID: z.string().optional(),
  RAZORPAY_KEY_SECRET: z.string().optional(),
  RAZORPAY_WEBHOOK_SECRET: z.string().optional(),
  RAZORPAY_API_URL: z.url().default('https://api.razorpay.com'),
  PAYTM_MID: z.string().optional(),
  PAYTM_MERCHANT_KEY: z
    .string()
    .refine((v) => [16, 24, 32].includes(Buffer.byteLength(v)), 'must be the 16-character merchant key')
    .optional(),
  PAYTM_WEBSITE: z.string().default('DEFAULT'),
  PAYTM_API_URL: z.url().default('https://securegw.paytm.in'),
  // Rate limit counters shared by every instance (docs/operations.md); unset keeps them in memory.
  REDIS_URL: z
    .string()
    .regex(/^rediss?:\/\//, 'must be a redis:// or rediss:// URL')
    .optional(),
  REDIS_KEY_PREFIX: z
    .string()
    .regex(/^[A-Za-z0-9:_.-]{1,64}$/, 'must be 1 to 64 letters, digits or : _ . -')
    .default('lawcoach:rl:'),
  // S3-compatible object storage for uploaded files (docs/operations.md, "File storage"); unset: DATA_DIR/uploads.
  S3_ENDPOINT: z.url({ protocol: /^https?$/, error: 'must be the http(s):// address of the S3-compatible service' }).optional(),
  S3_BUCKET: z
    .string()
    .regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, 'must be a bucket name: 3 to 63 lower-case letters, digits, dots or hyphens')
    .optional(),
  S3_ACCESS_KEY_ID: z.string().optional(),
  S3_SECRET_ACCESS_KEY: z.string().optional(),
  S3_REGION: z
    .string()
    .regex(/^[a-z0-9-]{2,32}$/, 'must be a region name such as ap-south-1 (or auto)')
    .default('us-east-1'),
  S3_FORCE_PATH_STYLE: z
    .enum(['true', 'false'])
    .default('false')
    .transform((v) => v === 'true'),
  // SMS and WhatsApp (docs/operations.md, "SMS and WhatsApp"); unset keeps those messages in the outbox.
  SMS_PROVIDER: z.enum(['none', 'http']).default('none'),
  SMS_API_URL: z.url().optional(),
  SMS_API_KEY: z.string().optional(),
  SMS_SENDER: z
    .string()
    .regex(/^[A-Za-z0-9]{3,11}$/, 'must be the 3 to 11 letter sender ID your provider registered (for example LAWCOA)')
    .optional(),
  WHATSAPP_TOKEN: z.string().optional(),
  WHATSAPP_PHONE_NUMBER_ID: z
    .string()
    .regex(/^\d{5,20}$/, 'must be the numeric phone number ID from the WhatsApp Business settings')
    .optional(),
  WHATSAPP_API_URL: z.url().default('https://graph.facebook.com/v21.0'),
  WHATSAPP_MODE: z.enum(['template', 'text']).default('template'),
  WHATSAPP_TEMPLATE_LANGUAGE: z
    .string()
    .regex(/^[a-z]{2}(_[A-Z]{2})?$/, 'must be a language code such as en or en_US')
    .default('en'),
  NOTIFY_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(10_000),
  NOTIFY_JOB_INTERVAL_MINUTES: z.coerce
    .number()
    .int()
    .min(1)
    .max(24 * 60)
    .default(15),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  // Demo content for a fresh machine: on by default outside production, off by default in it (loadConfig).
  SEED_DEMO: z
    .enum(['true', 'false'])
    .optional()
    .transform((v) => (v === undefined ? undefined : v === 'true')),
  TRUST_PROXY: z
    .enum(['true', 'false'])
    .default('false')
    .transform((v) => v === 'true'),
});

export type Config = Omit<z.infer<typeof envSchema>, 'SEED_DEMO'> & { SEED_DEMO: boolean; dataDir: string; publicUrl: string };

export class ConfigError extends Error {}

const GATEWAY_KEYS: Partial<Record<Config['PAYMENT_GATEWAY'], (keyof z.infer<typeof envSchema>)[]>> = {
  razorpay: ['RAZORPAY_KEY_ID', 'RAZORPAY_KEY_SECRET', 'RAZORPAY_WEBHOOK_SECRET'],
  paytm: ['PAYTM_MID', 'PAYTM_MERCHANT_KEY'],
};

export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const clean = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = envSchema.safeParse(clean);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const c = parsed.data;
  const missing = (GATEWAY_KEYS[c.PAYMENT_GATEWAY] ?? []).filter((k) => !c[k]);
  if (missing.length > 0) {
    throw new ConfigError(
      `Invalid configuration:\n${missing.map((k) => `  ${k}: required when PAYMENT_GATEWAY=${c.PAYMENT_GATEWAY}`).join('\n')}`,
    );
  }
  const s3 = s3Problems(c);
  if (s3.length > 0)
    throw new ConfigError(`Invalid configuration:\n${s3.map((k) => `  ${k}: required when any S3_ variable is set`).join('\n')}`);
  const channelProblems = notificationProblems(c);
  if (channelProblems.length > 0) {
    throw new ConfigError(`Invalid configuration:\n${channelProblems.map(([k, why]) => `  ${k}: ${why}`).join('\n')}`);
  }
  const unsafe = productionProblems(c);
  if (unsafe.length > 0) {
    throw new ConfigError(
      `Refusing to start with NODE_ENV=production (see docs/operations.md):\n${unsafe.map(([k, why]) => `  ${k}: ${why}`).join('\n')}`,
    );
  }
  return {
    ...c,
    // A production site shows no invented courses or announcements unless asked to; demo staff accounts
    // it never gets (db/seed.ts).
    SEED_DEMO: c.SEED_DEMO ?? c.NODE_ENV !== 'production',
    dataDir: path.resolve(c.DATA_DIR),
    publicUrl: (c.PUBLIC_URL ?? `http://localhost:${c.PORT}`).replace(/\/$/, ''),
  };
}

const S3_KEYS = ['S3_ENDPOINT', 'S3_BUCKET', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'] as const;

/** Object storage is all or nothing: with one of its four settings given, the others are missing ones. */
function s3Problems(c: z.infer<typeof envSchema>): string[] {
  if (!S3_KEYS.some((k) => c[k])) return [];
  return S3_KEYS.filter((k) => !c[k]);
}

/** The object storage settings, when configured (docs/operations.md, "File storage"). */
export function s3OptionsOf(c: Config) {
  if (!c.S3_ENDPOINT || !c.S3_BUCKET || !c.S3_ACCESS_KEY_ID || !c.S3_SECRET_ACCESS_KEY) return null;
  return {
    endpoint: c.S3_ENDPOINT,
    bucket: c.S3_BUCKET,
    accessKeyId: c.S3_ACCESS_KEY_ID,
    secretAccessKey: c.S3_SECRET_ACCESS_KEY,
    region: c.S3_REGION,
    forcePathStyle: c.S3_FORCE_PATH_STYLE,
  };
}

/** SMS_PROVIDER=http needs its URL, key and sender; WhatsApp needs its token and phone number ID together. */
function notificationProblems(c: z.infer<typeof envSchema>): [string, string][] {
  const problems: [string, string][] = [];
  if (c.SMS_PROVIDER === 'http') {
    for (const k of ['SMS_API_URL', 'SMS_API_KEY', 'SMS_SENDER'] as const) {
      if (!c[k]) problems.push([k, 'required when SMS_PROVIDER=http']);
    }
  }
  if (c.WHATSAPP_TOKEN && !c.WHATSAPP_PHONE_NUMBER_ID) problems.push(['WHATSAPP_PHONE_NUMBER_ID', 'required when WHATSAPP_TOKEN is set']);
  if (!c.WHATSAPP_TOKEN && c.WHATSAPP_PHONE_NUMBER_ID) problems.push(['WHATSAPP_TOKEN', 'required when WHATSAPP_PHONE_NUMBER_ID is set']);
  return problems;
}

const MIN_SECRET_BITS = 128;

/**
 * An estimate of a secret's randomness: the smaller of its length times the Shannon entropy of its
 * characters and the size it compresses to. A repeated or patterned value ("aaaa…", "0123456789…",
 * "abcabc…") scores far below a random one of the same length; a random 48-character base64 or
 * 64-character hex value scores well above 128 bits.
 */
export function estimatedEntropyBits(secret: string): number {
  return Math.min(shannonBits(secret), deflateRawSync(Buffer.from(secret, 'utf8'), { level: 9 }).length * 8);
}

function shannonBits(secret: string): number {
  const chars = [...secret];
  const counts = new Map<string, number>();
  for (const ch of chars) counts.set(ch, (counts.get(ch) ?? 0) + 1);
  let perChar = 0;
  for (const n of counts.values()) {
    const p = n / chars.length;
    perChar -= p * Math.log2(p);
  }
  return perChar * chars.length;
}

/**
 * What development forgives and production must not (docs/operations.md): mail kept instead of sent,
 * play money, a secret generated onto one machine's disk, the embedded database (docs/operations.md)
 * and e-mailed links over plain HTTP.
 */
function productionProblems(c: z.infer<typeof envSchema>): [string, string][] {
  if (c.NODE_ENV !== 'production') return [];
  const problems: [string, string][] = [];
  if (!c.DATABASE_URL) problems.push(['DATABASE_URL', 'required in production (the embedded database is not for production)']);
  if (!c.JWT_SECRET) problems.push(['JWT_SECRET', 'required in production (at least 32 random characters, the same on every instance)']);
  else if (estimatedEntropyBits(c.JWT_SECRET) < MIN_SECRET_BITS) {
    problems.push([
      'JWT_SECRET',
      `too predictable (about ${Math.floor(estimatedEntropyBits(c.JWT_SECRET))} bits of randomness, at least ${MIN_SECRET_BITS} needed): ` +
        'use a random value such as the output of `openssl rand -base64 48`',
    ]);
  }
  if (!c.SMTP_URL) problems.push(['SMTP_URL', 'required in production (without it e-mails are never sent)']);
  if (c.PAYMENT_GATEWAY === 'sandbox')
    problems.push(['PAYMENT_GATEWAY', 'must be razorpay or paytm in production (sandbox takes no real money)']);
  if (!c.PUBLIC_URL?.startsWith('https://')) problems.push(['PUBLIC_URL', 'must be the https:// address of the site in production']);
  return problems;
}
