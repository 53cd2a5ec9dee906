import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

export const hmacHex = (secret: string | Buffer, data: string | Buffer) => createHmac('sha256', secret).update(data).digest('hex');

/** Constant-time comparison of two hex/ASCII signatures. */
export function safeEqual(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

/** Paise to the gateways' "1234.50" rupee strings, and back (null for anything malformed). */
export const paiseToAmount = (paise: number) => (paise / 100).toFixed(2);
export function amountToPaise(value: string | undefined | null): number | null {
  if (!value || !/^\d{1,12}(\.\d{1,2})?$/.test(value.trim())) return null;
  return Math.round(Number(value.trim()) * 100);
}

export const randomId = (prefix: string, bytes = 9) => `${prefix}${randomBytes(bytes).toString('base64url').replace(/[-_]/g, 'x')}`;

export const headerOf = (headers: Record<string, string | string[] | undefined>, name: string): string | null => {
  const v = headers[name.toLowerCase()];
  return Array.isArray(v) ? (v[0] ?? null) : (v ?? null);
};
