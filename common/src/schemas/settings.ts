import { z } from 'zod';
import { hasTwoDecimals } from '../rules/rounding.ts';
import { blankToUndefined, email, phone, text } from './fields.ts';

// The institute's profile (docs/product.md section 15): who the institute is on the
// public site, on receipts and on invoices. Edited by an admin at /admin/settings.

export const DEFAULT_SAC = '999293'; // commercial training or coaching services
export const DEFAULT_GST_RATE = 18;
export const GST_RATE_MAX = 28;
export const DEFAULT_INVOICE_PREFIX = 'LCI';
export const MAX_EXTRA_PHONES = 4;

const GSTIN_CHARS = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ';
const GSTIN_FORMAT = /^[0-9]{2}[A-Z]{5}[0-9]{4}[A-Z][1-9A-Z]Z[0-9A-Z]$/;
const PAN_FORMAT = /^[A-Z]{5}[0-9]{4}[A-Z]$/;

/**
 * The GSTIN's 15th character: the mod-36 check digit of the first 14 (each character's value 0-35,
 * weighted 1 and 2 alternately from the left, a product's base-36 digits summed).
 */
export function gstinCheckDigit(first14: string): string {
  let sum = 0;
  for (let i = 0; i < 14; i++) {
    const product = GSTIN_CHARS.indexOf(first14[i]) * (i % 2 === 0 ? 1 : 2);
    sum += Math.floor(product / 36) + (product % 36);
  }
  return GSTIN_CHARS[(36 - (sum % 36)) % 36];
}

export const isValidGstin = (v: string) => GSTIN_FORMAT.test(v) && gstinCheckDigit(v) === v[14];

/** Blank (or absent) means "not set": stored as null. */
const blankToNull = (v: unknown) => blankToUndefined(v) ?? null;
const upper = (v: unknown) => (typeof v === 'string' ? v.trim().toUpperCase() : v);

/** A phone of the institute, its message naming which (the main one, an extra one). */
const officePhone = (label: string) => phone(label, `${label}: please enter a valid phone number`);

const gstin = z.preprocess(
  (v) => upper(blankToNull(v)),
  z
    .string({ error: 'GSTIN must be text' })
    .length(15, 'GSTIN must be 15 characters')
    .regex(GSTIN_FORMAT, 'GSTIN must be a state code, the PAN, an entity code, Z and a check digit (like 19AAACL1234C1Z2)')
    .refine((v) => gstinCheckDigit(v) === v[14], 'GSTIN check digit is wrong: please check the number')
    .nullable(),
);

const pan = z.preprocess(
  (v) => upper(blankToNull(v)),
  z.string({ error: 'PAN must be text' }).regex(PAN_FORMAT, 'PAN must be 5 letters, 4 digits and a letter (like AAACL1234C)').nullable(),
);

/** The social networks the footer links to, with the sites a link to each may point at. */
export const SOCIAL_NETWORKS = {
  facebook: { label: 'Facebook', hosts: ['facebook.com', 'fb.com'] },
  instagram: { label: 'Instagram', hosts: ['instagram.com'] },
  youtube: { label: 'YouTube', hosts: ['youtube.com', 'youtu.be'] },
  whatsapp: { label: 'WhatsApp', hosts: ['wa.me', 'whatsapp.com'] },
} as const;
export type SocialNetwork = keyof typeof SOCIAL_NETWORKS;
export const SOCIAL_NETWORK_KEYS = Object.keys(SOCIAL_NETWORKS) as SocialNetwork[];

/** True when `url` is an http(s) link to a page (not the bare home page) on one of `hosts` or their subdomains. */
export function isSocialLink(url: string, hosts: readonly string[]) {
  let u: URL;
  try {
    u = new URL(url);
  } catch {
    return false;
  }
  if (u.protocol !== 'https:' && u.protocol !== 'http:') return false;
  if (u.username || u.password) return false;
  const host = u.hostname.toLowerCase();
  const onSite = hosts.some((h) => host === h || host.endsWith(`.${h}`));
  return onSite && u.pathname.replace(/\/+$/, '') !== '';
}

const socialLink = (network: SocialNetwork) => {
  const { label, hosts } = SOCIAL_NETWORKS[network];
  return z.preprocess(
    blankToNull,
    z
      .string({ error: `${label} link must be text` })
      .trim()
      .max(300, `${label} link is too long`)
      .refine(
        (v) => isSocialLink(v, hosts),
        `${label} link must be an http(s) address of a page on ${hosts[0]} (like https://www.${hosts[0]}/yourpage)`,
      )
      .nullable(),
  );
};

/** The body's fields, each with its own rules (the admin form builds its schema from them). */
export const instituteSettingsFields = {
  name: text('Institute name', 120),
  address: text('Address', 500),
  phone: officePhone('Phone'),
  phones: z
    .array(officePhone('Extra phone'), { error: 'Extra phones must be a list' })
    .max(MAX_EXTRA_PHONES, `At most ${MAX_EXTRA_PHONES} extra phones`)
    .default([]),
  email,
  gstin,
  pan,
  sac: z.preprocess(
    (v) => blankToNull(v) ?? DEFAULT_SAC,
    z
      .string({ error: 'SAC must be text' })
      .trim()
      .regex(/^[0-9]{6}$/, 'SAC must be 6 digits (999293 for coaching)'),
  ),
  gstRate: z.preprocess(
    (v) => (v === undefined || v === null || v === '' ? DEFAULT_GST_RATE : typeof v === 'string' ? Number(v) : v),
    z
      .number({ error: 'GST rate must be a number' })
      .min(0, 'GST rate must be between 0 and 28 %')
      .max(GST_RATE_MAX, 'GST rate must be between 0 and 28 %')
      .refine(hasTwoDecimals, 'GST rate may have at most two decimals'),
  ),
  invoicePrefix: z.preprocess(
    (v) => upper(blankToNull(v)) ?? DEFAULT_INVOICE_PREFIX,
    z.string({ error: 'Invoice prefix must be text' }).regex(/^[A-Z0-9]{1,10}$/, 'Invoice prefix must be 1 to 10 letters or digits'),
  ),
  facebook: socialLink('facebook'),
  instagram: socialLink('instagram'),
  youtube: socialLink('youtube'),
  whatsapp: socialLink('whatsapp'),
};

/** A GSTIN carries the PAN it was issued to (its characters 3 to 12): both given, they must agree. */
export const checkPanInGstin = <T extends z.ZodType<{ gstin: string | null; pan: string | null }>>(schema: T) =>
  schema.refine((b) => !b.gstin || !b.pan || b.gstin.slice(2, 12) === b.pan, {
    path: ['pan'],
    message: 'PAN does not match the PAN inside the GSTIN (its characters 3 to 12)',
  });

export const instituteSettingsBody = checkPanInGstin(z.object(instituteSettingsFields));
export type InstituteSettingsBody = z.input<typeof instituteSettingsBody>;

export const instituteSettingsSchema = z.object({
  name: z.string(),
  address: z.string(),
  phone: z.string(),
  phones: z.array(z.string()),
  // Null until an admin enters the institute's address: the demo seed knows no real one.
  email: z.string().nullable(),
  gstin: z.string().nullable(),
  pan: z.string().nullable(),
  sac: z.string(),
  gstRate: z.number(),
  invoicePrefix: z.string(),
  facebook: z.string().nullable(),
  instagram: z.string().nullable(),
  youtube: z.string().nullable(),
  whatsapp: z.string().nullable(),
  /** Where the logo is served (GET /api/public/institute/logo/{key}); null when none is uploaded. */
  logoUrl: z.string().nullable(),
  updatedAt: z.string().nullable(),
});
export type InstituteSettings = z.infer<typeof instituteSettingsSchema>;

/** What the public site shows (footer, contact): no tax numbers, no invoice settings. */
export const publicInstituteSchema = instituteSettingsSchema.pick({
  name: true,
  address: true,
  phone: true,
  phones: true,
  email: true,
  facebook: true,
  instagram: true,
  youtube: true,
  whatsapp: true,
  logoUrl: true,
});
export type PublicInstitute = z.infer<typeof publicInstituteSchema>;

/** The logo: PNG or JPEG (judged by its content), at most 2 MB, sent as multipart/form-data in "file". */
export const LOGO_MAX_BYTES = 2 * 1024 * 1024;
export const LOGO_MESSAGES = {
  notMultipart: 'Send the logo as multipart/form-data in the field "file"',
  missing: 'Please choose the logo image in the field "file"',
  empty: 'The file is empty',
  tooLarge: 'The logo is too large: at most 2 MB',
  notImage: 'The logo must be a PNG or JPEG image',
  unreadable: 'The logo image could not be read: please save it again as PNG or JPEG',
} as const;
