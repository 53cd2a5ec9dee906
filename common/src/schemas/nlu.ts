import { z } from 'zod';
import { isoDate } from './batches.ts';
import { blankAsMissing, blankToUndefined, email, phone, text } from './fields.ts';

// The NLU counselling helper (docs/product-admissions-desk.md, "NLU counselling helper"): the cut-off
// rows the institute imports (CSV `year, round, nlu, category, quota, closingRank`), the visitor's
// question (rank, category, domicile) and the answer, and the call-back that joins the desk as an enquiry.
// The chance rule itself lives in common/src/rules/nlu-chance.ts.

/**
 * The categories of the CLAT counselling's seat matrix, as the Consortium of NLUs publishes closing ranks:
 * General (unreserved), EWS, OBC (non-creamy layer), SC, ST and persons with disabilities. A fixed list:
 * input is matched whatever its case, and a few common spellings are read as the same category.
 */
export const NLU_CATEGORIES = ['General', 'EWS', 'OBC-NCL', 'SC', 'ST', 'PwD'] as const;
export type NluCategory = (typeof NLU_CATEGORIES)[number];

const CATEGORY_ALIASES: Record<string, NluCategory> = {
  general: 'General',
  gen: 'General',
  gn: 'General',
  ur: 'General',
  unreserved: 'General',
  ews: 'EWS',
  'obc-ncl': 'OBC-NCL',
  'obc ncl': 'OBC-NCL',
  obcncl: 'OBC-NCL',
  obc: 'OBC-NCL',
  sc: 'SC',
  st: 'ST',
  pwd: 'PwD',
  pwbd: 'PwD',
};

/** The category a person typed ("obc", "GEN", "pwd"), or null when it is none of NLU_CATEGORIES. */
export function nluCategoryOf(input: string): NluCategory | null {
  const key = input.trim().toLowerCase().replace(/\s+/g, ' ').replace(/_/g, '-');
  return CATEGORY_ALIASES[key] ?? null;
}

/** The states and union territories a domicile quota may name (a visitor's domicile is one of them). */
export const INDIAN_STATES = [
  'Andaman and Nicobar Islands',
  'Andhra Pradesh',
  'Arunachal Pradesh',
  'Assam',
  'Bihar',
  'Chandigarh',
  'Chhattisgarh',
  'Dadra and Nagar Haveli and Daman and Diu',
  'Delhi',
  'Goa',
  'Gujarat',
  'Haryana',
  'Himachal Pradesh',
  'Jammu and Kashmir',
  'Jharkhand',
  'Karnataka',
  'Kerala',
  'Ladakh',
  'Lakshadweep',
  'Madhya Pradesh',
  'Maharashtra',
  'Manipur',
  'Meghalaya',
  'Mizoram',
  'Nagaland',
  'Odisha',
  'Puducherry',
  'Punjab',
  'Rajasthan',
  'Sikkim',
  'Tamil Nadu',
  'Telangana',
  'Tripura',
  'Uttar Pradesh',
  'Uttarakhand',
  'West Bengal',
] as const;
export type IndianState = (typeof INDIAN_STATES)[number];

const squash = (s: string) => s.trim().toLowerCase().replace(/\s+/g, ' ').replace(/&/g, 'and');
const STATE_BY_KEY = new Map<string, IndianState>(INDIAN_STATES.map((s) => [squash(s), s]));

/** A state as a person typed it ("west bengal", "West  Bengal"), or null. */
export function indianStateOf(input: string): IndianState | null {
  return STATE_BY_KEY.get(squash(input)) ?? null;
}

/** The seats open to every candidate. */
export const ALL_INDIA_QUOTA = 'All India';
/** A state's domicile quota, e.g. "West Bengal domicile" (NUJS Kolkata's reserved seats). */
export const domicileQuota = (state: IndianState) => `${state} domicile`;

/**
 * The quota of a cut-off row: a known list, not free text, so that the predictor can match a visitor's
 * domicile to it. "All India", or "<state> domicile" for one of INDIAN_STATES; any case, and a bare state
 * name ("West Bengal") is read as its domicile quota. Null when it is neither.
 */
export function nluQuotaOf(input: string): string | null {
  const key = squash(input);
  if (key === 'all india' || key === 'all india quota' || key === 'ai') return ALL_INDIA_QUOTA;
  const state = indianStateOf(key.replace(/ (domicile|domiciled|state quota|quota)$/, ''));
  return state ? domicileQuota(state) : null;
}

/** The state of a domicile quota ("West Bengal domicile" → "West Bengal"), or null for All India. */
export const stateOfQuota = (quota: string): IndianState | null =>
  quota === ALL_INDIA_QUOTA ? null : indianStateOf(quota.replace(/ domicile$/, ''));

export const NLU_IMPORT_COLUMNS = ['year', 'round', 'nlu', 'category', 'quota', 'closingRank'] as const;
export const NLU_IMPORT_MAX_ROWS = 3000;
/** The upload is refused past this before anything is parsed. */
export const NLU_IMPORT_MAX_BYTES = 1024 * 1024;
/** CLAT has been held since 2008; a year beyond next year is a typing mistake. */
export const NLU_FIRST_YEAR = 2008;

export const NLU_MSG = {
  noFile: 'Please attach a CSV file (field "file")',
  badType: 'The file must be a .csv file',
  tooLarge: `The file is larger than ${NLU_IMPORT_MAX_BYTES / 1024 / 1024} MB`,
  unreadable: 'The file could not be read as CSV',
  empty: 'The file has no rows of cut-offs',
  tooMany: `A file can have at most ${NLU_IMPORT_MAX_ROWS} rows of cut-offs`,
  missingColumns: (cols: string[]) => `Missing column${cols.length === 1 ? '' : 's'}: ${cols.join(', ')}`,
  rowsHaveErrors: (n: number) =>
    `${n} row${n === 1 ? ' has an error' : 's have errors'}: nothing was imported. Correct the file and run the dry run again`,
  ready: 'Ready to import',
  imported: 'Imported',
  duplicate: (row: number) => `The same year, round, NLU, category and quota as row ${row}`,
  year: 'Year must be a year from 2008, e.g. 2025',
  round: 'Round is required, e.g. "Round 1" (at most 60 characters)',
  nlu: 'NLU is required (at most 120 characters)',
  category: `Category must be one of ${NLU_CATEGORIES.join(', ')}`,
  quota: 'Quota must be "All India" or a state\'s domicile quota, e.g. "West Bengal domicile"',
  closingRank: 'Closing rank must be a whole number from 1',
  deleted: (n: number) => `${n} cut-off row${n === 1 ? '' : 's'} deleted`,
  roundNotFound: 'No cut-offs of that year and round',
  noData: 'The institute has not entered any cut-off data yet, so no NLU can be shown. Ask for a call back and a counsellor will help you.',
  sampleData:
    'These are sample figures for illustration only, not official cut-offs: the institute replaces them with the official allotment data.',
  callBackSaved: 'Thank you. A counsellor will call you back soon to talk about your NLU options.',
} as const;

/** One cut-off: the closing rank of a category's seats in a quota at an NLU in a round of a year. */
export const nluCutoffSchema = z.object({
  year: z.number().int(),
  round: z.string(),
  nlu: z.string(),
  category: z.enum(NLU_CATEGORIES),
  quota: z.string(),
  closingRank: z.number().int(),
});
export type NluCutoff = z.infer<typeof nluCutoffSchema>;

const yesNo = z.preprocess((v) => v === 'true' || v === '1' || v === true, z.boolean()).default(false);

/** POST /api/nlu/cutoffs/import?dryRun=true: the same flag as the other imports. */
export const nluImportQuery = z.object({ dryRun: yesNo });

export const nluImportRowSchema = z.object({ row: z.number(), status: z.enum(['ok', 'error']), message: z.string() });
export type NluImportRow = z.infer<typeof nluImportRowSchema>;

/** A (year, round) the file holds: its rows, and how many stored rows it replaces. */
export const nluImportRoundSchema = z.object({ year: z.number(), round: z.string(), rows: z.number(), replaces: z.number() });

/**
 * The answer of the import, dry run or not. With an error in any row the dry run lists them and the import
 * itself is a 400 naming each row (`fields["row N"]`): a file replaces its rounds whole or not at all.
 */
export const nluImportResponse = z.object({
  dryRun: z.boolean(),
  imported: z.number(),
  ok: z.number(),
  errors: z.number(),
  rows: z.array(nluImportRowSchema),
  rounds: z.array(nluImportRoundSchema),
});
export type NluImportResult = z.infer<typeof nluImportResponse>;

const yearParam = z.preprocess(
  blankToUndefined,
  z.coerce.number({ error: NLU_MSG.year }).int(NLU_MSG.year).min(NLU_FIRST_YEAR, NLU_MSG.year).max(2100, NLU_MSG.year),
);
const roundParam = z.string().trim().min(1, NLU_MSG.round).max(60, NLU_MSG.round);

/** GET /api/nlu/cutoffs?year=&round=: the admin's list. */
export const nluCutoffListQuery = z.object({
  year: yearParam.optional(),
  round: blankAsMissing(roundParam.optional()),
});
export const nluCutoffListResponse = z.object({
  cutoffs: z.array(nluCutoffSchema),
  /** Every (year, round) stored, newest first, with its row count: the admin's list of imports. */
  rounds: z.array(z.object({ year: z.number(), round: z.string(), rows: z.number() })),
});
export type NluCutoffList = z.infer<typeof nluCutoffListResponse>;

/** DELETE /api/nlu/cutoffs?year=&round=: one round of one year, both required. */
export const nluDeleteQuery = z.object({
  year: z.preprocess(blankToUndefined, yearParam.pipe(z.number({ error: NLU_MSG.year }))),
  round: z.preprocess(blankToUndefined, z.string({ error: NLU_MSG.round }).pipe(roundParam)),
});
export const nluDeleteResponse = z.object({ deleted: z.number(), message: z.string() });

/** A transform that reads typed text as one of a fixed list (`read`), else an issue with `message`. */
const readAs =
  <T>(read: (v: string) => T | null, message: string) =>
  (v: string, ctx: z.RefinementCtx): T => {
    const found = read(v);
    if (found !== null) return found;
    ctx.addIssue({ code: 'custom', message });
    return z.NEVER;
  };

const CHANCES = ['likely', 'borderline', 'unlikely'] as const;
export type NluChance = (typeof CHANCES)[number];
export const NLU_CHANCE_LABELS: Record<NluChance, string> = { likely: 'Likely', borderline: 'Borderline', unlikely: 'Unlikely' };

const RANK_MSG = 'Enter your CLAT rank: a whole number from 1';

/** GET /api/nlu/predict?rank=&category=&domicile= (public). */
export const nluPredictQuery = z.object({
  rank: z.preprocess(blankToUndefined, z.coerce.number({ error: RANK_MSG }).int(RANK_MSG).min(1, RANK_MSG).max(1_000_000, RANK_MSG)),
  category: z.preprocess(blankToUndefined, z.string({ error: NLU_MSG.category }).transform(readAs(nluCategoryOf, NLU_MSG.category))),
  /** The visitor's state of domicile: its domicile quota counts beside All India when an NLU has one. */
  domicile: z.preprocess(blankToUndefined, z.string().transform(readAs(indianStateOf, 'Choose a state of India')).optional()),
});
export type NluPredictParams = z.input<typeof nluPredictQuery>;

export const nluPredictionSchema = z.object({
  nlu: z.string(),
  closingRank: z.number(),
  year: z.number(),
  round: z.string(),
  /** The quota whose closing rank was compared: All India, or the visitor's domicile quota when it is better. */
  quota: z.string(),
  chance: z.enum(CHANCES),
});
export type NluPrediction = z.infer<typeof nluPredictionSchema>;
export const nluPredictResponse = z.array(nluPredictionSchema);

/** GET /api/nlu/source: what the page says of where its figures come from. */
export const nluSourceResponse = z.object({
  years: z.array(z.number()),
  rounds: z.array(z.object({ year: z.number(), round: z.string() })),
  /** Whether any stored round is the sample data shipped with the demo (its round names "Sample"). */
  sample: z.boolean(),
  note: z.string(),
});
export type NluSource = z.infer<typeof nluSourceResponse>;

/** POST /api/public/nlu/call-back: a visitor of the helper asks to be called. */
export const nluCallBackBody = z.object({
  name: text('Name', 120),
  phone: phone('Phone number'),
  email: blankAsMissing(email.optional()),
  rank: z.preprocess(
    blankToUndefined,
    z.coerce.number({ error: RANK_MSG }).int(RANK_MSG).min(1, RANK_MSG).max(1_000_000, RANK_MSG).optional(),
  ),
  category: z.preprocess(blankToUndefined, z.string().transform(readAs(nluCategoryOf, NLU_MSG.category)).optional()),
});
export type NluCallBackBody = z.input<typeof nluCallBackBody>;
export const nluCallBackResponse = z.object({ message: z.string() });

/** The counselling rounds' calendar the institute enters (what the public page lists under the answer). */
export const NLU_CALENDAR_MAX = 40;
export const nluCalendarEntrySchema = z.object({
  /** A day in India's calendar, YYYY-MM-DD. */
  date: z.string(),
  round: z.string(),
  what: z.string(),
});
export type NluCalendarEntry = z.infer<typeof nluCalendarEntrySchema>;
export const nluCalendarResponse = z.object({ entries: z.array(nluCalendarEntrySchema) });
export type NluCalendar = z.infer<typeof nluCalendarResponse>;

/** PUT /api/nlu/calendar: the whole list, replaced (an empty list clears it). */
export const nluCalendarBody = z.object({
  entries: z
    .array(
      z.object({
        date: isoDate('Date'),
        round: text('Round', 60),
        what: text('What happens', 300),
      }),
      { error: 'entries must be a list' },
    )
    .max(NLU_CALENDAR_MAX, `At most ${NLU_CALENDAR_MAX} dates`),
});
export type NluCalendarBody = z.input<typeof nluCalendarBody>;
