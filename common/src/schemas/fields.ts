import { z } from 'zod';
import { isStorableDate } from '../rules/dates.ts';

// The field rules the schemas share (docs/product.md section 5), one definition each: blank-to-missing,
// required text, the e-mail, the phone number and the optional date.

/** Blank: '', only white space, or null, which forms and query strings send for "not given". */
export const isBlank = (v: unknown): boolean => v === null || (typeof v === 'string' && v.trim() === '');

/** A blank value as missing (undefined): an optional field is then absent and its default applies. */
export const blankToUndefined = (v: unknown): unknown => (isBlank(v) ? undefined : v);

/** `schema` with a blank value read as missing. */
export const blankAsMissing = <T extends z.ZodType>(schema: T) => z.preprocess(blankToUndefined, schema);

/** A whole number from 1 up in a query string (a page, a page size); blank or missing is `fallback`. */
export const positiveInt = (fallback: number) =>
  z.preprocess(
    blankToUndefined,
    z.coerce.number({ error: 'Must be a number' }).int('Must be a whole number').min(1, 'Must be at least 1').default(fallback),
  );

/** Required text, trimmed: "{label} is required", "{label} is too long". */
export const text = (label: string, max: number) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .max(max, `${label} is too long`);

/** An e-mail address, trimmed and lower-cased: an account is found by it whatever case it was typed in. */
export const email = z
  .string({ error: 'Email is required' })
  .trim()
  .min(1, 'Email is required')
  .max(254, 'Email is too long')
  .pipe(z.email('Please enter a valid email address'))
  .transform((v) => v.toLowerCase());

/**
 * The phone rule: an Indian number is 10 digits (a mobile, or an STD code and a landline number), typed with
 * spaces, dashes, dots or brackets and an optional +91 or 0 in front: "98300 12345", "+91 98300-12345",
 * "098300 12345", "+91 33 2550 1201", "(033) 2550 1201". Its 10 digits, or null when it is not one.
 */
export function indianPhoneDigits(input: string | null | undefined): string | null {
  if (!input) return null;
  let digits = input.replace(/[\s\-().]/g, '');
  if (!/^\+?\d+$/.test(digits)) return null;
  digits = digits.replace(/^\+/, '');
  if (digits.length === 12 && digits.startsWith('91')) digits = digits.slice(2);
  else if (digits.length === 11 && digits.startsWith('0')) digits = digits.slice(1);
  return /^[1-9]\d{9}$/.test(digits) ? digits : null;
}

/** An Indian mobile number (the phone rule, 6 to 9 first: what SMS and WhatsApp reach) as its 10 digits, else null. */
export function indianMobile(input: string | null | undefined): string | null {
  const digits = indianPhoneDigits(input);
  return digits !== null && /^[6-9]/.test(digits) ? digits : null;
}

/** A required phone number by the phone rule, kept as it was typed (trimmed). */
export const phone = (label: string, invalid = 'Please enter a valid phone number') =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .max(20, `${label} is too long`)
    .refine((v) => indianPhoneDigits(v) !== null, invalid);

/**
 * An optional date and time (ISO 8601): absent stays absent (undefined), blank or null clears it (null),
 * anything else must be a date the database can store (`invalid` otherwise).
 */
export const optionalDate = (invalid: string) =>
  z
    .union([z.string(), z.null()])
    .optional()
    .transform((v, ctx) => {
      if (v === undefined) return undefined;
      if (v === null || v.trim() === '') return null;
      const d = new Date(v);
      if (!isStorableDate(d)) {
        ctx.addIssue({ code: 'custom', message: invalid });
        return z.NEVER;
      }
      return d;
    });
