import { z } from 'zod';
import { CENTRE_IDS } from '../constants.ts';
import { isoDate } from './batches.ts';
import { blankAsMissing, blankToUndefined, email, phone, positiveInt, text } from './fields.ts';

// The admissions desk (docs/product-admissions-desk.md): enquiries, their follow-ups and the funnel.

/** Where an enquiry came from. */
export const ENQUIRY_SOURCES = [
  'walk_in',
  'phone',
  'website_form',
  'contact_page',
  'diagnostic_test',
  'nlu_helper',
  'referral',
  'social_media',
  'other',
] as const;
export type EnquirySource = (typeof ENQUIRY_SOURCES)[number];
export const ENQUIRY_SOURCE_LABELS: Record<EnquirySource, string> = {
  walk_in: 'Walk-in',
  phone: 'Phone',
  website_form: 'Website form',
  contact_page: 'Contact page',
  diagnostic_test: 'Diagnostic test',
  nlu_helper: 'NLU helper',
  referral: 'Referral by a student',
  social_media: 'Social media',
  other: 'Other',
};

/**
 * The stages in the order an enquiry moves through them; `lost` ends it from any stage. The funnel counts
 * an enquiry at every stage up to the furthest it reached (an admitted enquiry was contacted, visited and
 * applied too).
 */
export const ENQUIRY_STAGES = ['new', 'contacted', 'counselling_booked', 'visited', 'applied', 'admitted', 'lost'] as const;
export type EnquiryStage = (typeof ENQUIRY_STAGES)[number];
/** The stages of the funnel, in order (every stage but lost). */
export const FUNNEL_STAGES = ['new', 'contacted', 'counselling_booked', 'visited', 'applied', 'admitted'] as const;
export type FunnelStage = (typeof FUNNEL_STAGES)[number];
export const ENQUIRY_STAGE_LABELS: Record<EnquiryStage, string> = {
  new: 'New',
  contacted: 'Contacted',
  counselling_booked: 'Counselling booked',
  visited: 'Visited',
  applied: 'Applied',
  admitted: 'Admitted',
  lost: 'Lost',
};

export const LOST_REASONS = ['joined_elsewhere', 'fees', 'distance', 'timing', 'not_interested', 'unreachable', 'other'] as const;
export type LostReason = (typeof LOST_REASONS)[number];
export const LOST_REASON_LABELS: Record<LostReason, string> = {
  joined_elsewhere: 'Joined another institute',
  fees: 'Fees',
  distance: 'Distance from the centre',
  timing: 'Batch timings',
  not_interested: 'Not interested any more',
  unreachable: 'Could not be reached',
  other: 'Other',
};

export const ACTIVITY_KINDS = ['call', 'visit', 'whatsapp', 'note'] as const;
export type ActivityKind = (typeof ACTIVITY_KINDS)[number];
export const ACTIVITY_KIND_LABELS: Record<ActivityKind, string> = { call: 'Call', visit: 'Visit', whatsapp: 'WhatsApp', note: 'Note' };

/** An enquiry nobody has touched (no activity, no change) for this many days is flagged. */
export const ENQUIRY_STALE_DAYS = 7;

export const ENQUIRY_LIST_DEFAULT_LIMIT = 20;
export const ENQUIRY_LIST_MAX_LIMIT = 100;

export const ENQUIRY_MSG = {
  notFound: 'Enquiry not found',
  created: 'Enquiry saved',
  merged: 'This person had already enquired: the details were added to their enquiry',
  updated: 'Enquiry updated',
  activityLogged: 'Logged',
  lostReasonRequired: 'Say why the enquiry was lost',
  ownerNotCounsellor: 'The owner must be an active admin, centre manager or counsellor of the enquiry’s centre',
  courseNotFound: 'Please select a valid course',
  centreOutOfScope: 'You can record enquiries only for your own centres',
} as const;

const optionalText = (label: string, max: number) => blankAsMissing(z.string().trim().max(max, `${label} is too long`).optional());
const optionalDay = (label: string) => z.preprocess(blankToUndefined, isoDate(label).optional());

/** POST /api/enquiries (staff at the desk): the short form that works at the counter. */
export const createEnquiryBody = z.object({
  name: text('Name', 120),
  phone: phone('Phone number'),
  email: blankAsMissing(email.optional()),
  /** The student's class or year, e.g. "Class 12", "2nd year LLB". */
  classYear: optionalText('Class or year', 60),
  /** A course's id. */
  course: blankAsMissing(z.uuid({ error: ENQUIRY_MSG.courseNotFound }).optional()),
  centre: z.enum(CENTRE_IDS, { error: 'Please select a valid centre' }),
  source: z.enum(ENQUIRY_SOURCES, { error: 'Please select where the enquiry came from' }),
  notes: optionalText('Notes', 2000),
  /** A user id: the counsellor who owns it (default: whoever records it). */
  owner: blankAsMissing(z.uuid({ error: ENQUIRY_MSG.ownerNotCounsellor }).optional()),
  nextFollowUp: optionalDay('Next follow-up'),
});
export type CreateEnquiryBody = z.input<typeof createEnquiryBody>;

/** PATCH /api/enquiries/{id}: a lost enquiry needs its reason. */
export const updateEnquiryBody = z
  .object({
    stage: z.enum(ENQUIRY_STAGES, { error: 'Unknown stage' }).optional(),
    lostReason: z.enum(LOST_REASONS, { error: 'Unknown reason' }).optional(),
    /** null: nobody owns it. */
    owner: z.union([z.uuid({ error: ENQUIRY_MSG.ownerNotCounsellor }), z.null()]).optional(),
    /** null clears it. */
    nextFollowUp: z.union([isoDate('Next follow-up'), z.null()]).optional(),
    notes: z.string().trim().max(2000, 'Notes are too long').optional(),
    classYear: z.string().trim().max(60, 'Class or year is too long').optional(),
  })
  .superRefine((v, ctx) => {
    if (v.stage === 'lost' && !v.lostReason)
      ctx.addIssue({ code: 'custom', path: ['lostReason'], message: ENQUIRY_MSG.lostReasonRequired });
  });
export type UpdateEnquiryBody = z.input<typeof updateEnquiryBody>;

/** POST /api/enquiries/{id}/activities: a call, a visit, a WhatsApp message or a note, and the next follow-up. */
export const activityBody = z.object({
  kind: z.enum(ACTIVITY_KINDS, { error: 'Choose call, visit, WhatsApp or note' }),
  outcome: text('Outcome', 1000),
  nextFollowUp: optionalDay('Next follow-up'),
});
export type ActivityBody = z.input<typeof activityBody>;

/** GET /api/enquiries: filters, newest first; `due` is the follow-up list (today: due today; overdue: before today, India's calendar). */
export const enquiryListQuery = z.object({
  stage: blankAsMissing(z.enum(ENQUIRY_STAGES, { error: 'Unknown stage' }).optional()),
  source: blankAsMissing(z.enum(ENQUIRY_SOURCES, { error: 'Unknown source' }).optional()),
  centre: blankAsMissing(z.enum(CENTRE_IDS, { error: 'Unknown centre' }).optional()),
  /** A user id, or "me". */
  owner: blankAsMissing(z.union([z.literal('me'), z.uuid({ error: 'Unknown owner' })]).optional()),
  due: blankAsMissing(z.enum(['today', 'overdue'], { error: 'due must be today or overdue' }).optional()),
  q: optionalText('Search', 200),
  page: positiveInt(1),
  limit: positiveInt(ENQUIRY_LIST_DEFAULT_LIMIT).transform((v) => Math.min(v, ENQUIRY_LIST_MAX_LIMIT)),
});
export type EnquiryListQuery = z.output<typeof enquiryListQuery>;
export type EnquiryListParams = z.input<typeof enquiryListQuery>;

export const enquiryActivitySchema = z.object({
  _id: z.string(),
  kind: z.enum([...ACTIVITY_KINDS, 'stage', 'created', 'merged']),
  outcome: z.string(),
  nextFollowUp: z.string().nullable(),
  by: z.object({ _id: z.string(), name: z.string() }).nullable(),
  createdAt: z.string(),
});
export type EnquiryActivity = z.infer<typeof enquiryActivitySchema>;

export const deskEnquirySchema = z.object({
  _id: z.string(),
  name: z.string(),
  phone: z.string(),
  email: z.string().nullable(),
  classYear: z.string().nullable(),
  course: z.object({ _id: z.string(), name: z.string() }).nullable(),
  centre: z.object({ id: z.string(), name: z.string() }).nullable(),
  source: z.enum(ENQUIRY_SOURCES),
  stage: z.enum(ENQUIRY_STAGES),
  lostReason: z.enum(LOST_REASONS).nullable(),
  owner: z.object({ _id: z.string(), name: z.string() }).nullable(),
  /** The visitor's message (contact page) or the desk's notes. */
  message: z.string(),
  notes: z.string(),
  /** YYYY-MM-DD (India's calendar), or null. */
  nextFollowUp: z.string().nullable(),
  /** Untouched for ENQUIRY_STALE_DAYS days and still open. */
  stale: z.boolean(),
  lastActivityAt: z.string(),
  createdAt: z.string(),
});
export type DeskEnquiry = z.infer<typeof deskEnquirySchema>;

export const enquiryListResponse = z.object({
  enquiries: z.array(deskEnquirySchema),
  total: z.number(),
  page: z.number(),
  limit: z.number(),
  totalPages: z.number(),
});
export type EnquiryListAnswer = z.infer<typeof enquiryListResponse>;

export const enquiryDetailResponse = deskEnquirySchema.extend({ activities: z.array(enquiryActivitySchema) });
export type EnquiryDetail = z.infer<typeof enquiryDetailResponse>;

/** POST /api/enquiries and POST /api/public/enquiries: the same answer whether it merged or not (public). */
export const enquirySavedResponse = z.object({ _id: z.string(), merged: z.boolean(), message: z.string() });

/** GET /api/enquiries/funnel and /funnel.csv: the enquiries created in [from, to] (India's days, both included). */
export const funnelQuery = z.object({
  from: isoDate('From'),
  to: isoDate('To'),
  centre: blankAsMissing(z.enum(CENTRE_IDS, { error: 'Unknown centre' }).optional()),
  source: blankAsMissing(z.enum(ENQUIRY_SOURCES, { error: 'Unknown source' }).optional()),
  owner: blankAsMissing(z.uuid({ error: 'Unknown owner' }).optional()),
});
export type FunnelQuery = z.output<typeof funnelQuery>;

export const funnelResponse = z.object({
  from: z.string(),
  to: z.string(),
  /** How many ever reached each stage (cumulative). */
  stages: z.array(z.object({ stage: z.enum(FUNNEL_STAGES), count: z.number() })),
  lost: z.array(z.object({ reason: z.enum(LOST_REASONS), count: z.number() })),
  /** admitted / enquiries, as a percentage with two decimals (0 when there are none). */
  conversionRate: z.number(),
  /** The median of days from the enquiry to its admission, among the admitted; null when none. */
  medianDaysToAdmission: z.number().nullable(),
  /** The same figures per month (YYYY-MM of the enquiry's creation, India's calendar). */
  byMonth: z.array(z.object({ month: z.string(), enquiries: z.number(), admitted: z.number() })),
});
export type Funnel = z.infer<typeof funnelResponse>;

/** GET /api/enquiries/owners?centre=: who may own an enquiry of that centre (the owner select offers them). */
export const ownersQuery = z.object({ centre: z.enum(CENTRE_IDS, { error: 'Unknown centre' }) });
export const ownersResponse = z.object({
  owners: z.array(z.object({ _id: z.string(), name: z.string(), role: z.enum(['admin', 'centre_manager', 'counsellor']) })),
});
export type EnquiryOwner = z.infer<typeof ownersResponse>['owners'][number];
