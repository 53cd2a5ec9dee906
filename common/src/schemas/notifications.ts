import { z } from 'zod';
import { indianMobile, isBlank } from './fields.ts';

// Notifications by e-mail, SMS and WhatsApp (docs/product-notifications.md): a student's channel
// preferences, an admin's announcement to a batch, course or centre, and the outbox view.

export const CHANNELS = ['email', 'sms', 'whatsapp'] as const;
export type Channel = (typeof CHANNELS)[number];
export const CHANNEL_LABEL: Record<Channel, string> = { email: 'E-mail', sms: 'SMS', whatsapp: 'WhatsApp' };

export const NOTIFY_MSG = {
  phoneRequired: 'Add a mobile number to receive SMS or WhatsApp messages',
  invalidPhone: 'Please enter a valid 10-digit Indian mobile number',
  saved: 'Your notification preferences have been saved',
  audienceNotFound: 'No such batch, course or centre',
  noRecipients: 'Nobody would receive this message',
  subjectRequired: 'Subject is required',
  messageRequired: 'Message is required',
  messageTooLong: (max: number) => `Message must be at most ${max} characters`,
  jobNotFound: 'No scheduled job of that name',
  invalidNow: 'now must be a date and time (ISO 8601)',
  notRetryable: 'Only a failed message can be sent again',
  outboxNotFound: 'Message not found',
  retried: 'The message will be sent again',
} as const;

export const preferencesSchema = z
  .object({
    email: z.boolean({ error: 'email must be true or false' }),
    sms: z.boolean({ error: 'sms must be true or false' }),
    whatsapp: z.boolean({ error: 'whatsapp must be true or false' }),
    phone: z
      .union([z.string().max(20, NOTIFY_MSG.invalidPhone), z.null()])
      .optional()
      .transform((v, ctx) => {
        if (v === undefined) return undefined;
        if (isBlank(v)) return null;
        const mobile = indianMobile(v);
        if (!mobile) {
          ctx.addIssue({ code: 'custom', message: NOTIFY_MSG.invalidPhone });
          return z.NEVER;
        }
        return mobile;
      }),
  })
  .strict();
export type PreferencesInput = z.input<typeof preferencesSchema>;

export const preferencesResponse = z.object({
  email: z.boolean(),
  sms: z.boolean(),
  whatsapp: z.boolean(),
  /** The mobile number SMS and WhatsApp go to (10 digits), null when none is known. */
  phone: z.string().nullable(),
});
export type Preferences = z.infer<typeof preferencesResponse>;

export const AUDIENCE_TYPES = ['batch', 'course', 'centre'] as const;
export const BROADCAST_MAX_CHARS = { email: 5000, sms: 480, whatsapp: 1000 } as const;

/** Whom of the audience a broadcast reaches: its students, their parents (docs/product-parents.md), or both. */
export const BROADCAST_TO = ['students', 'parents', 'both'] as const;
export type BroadcastTo = (typeof BROADCAST_TO)[number];

export const audienceSchema = z.object({
  audience: z.enum(AUDIENCE_TYPES, { error: 'audience must be batch, course or centre' }),
  to: z.enum(BROADCAST_TO, { error: 'to must be students, parents or both' }).optional().default('students'),
  audienceId: z.string({ error: 'audienceId is required' }).trim().min(1, 'audienceId is required').max(100),
  channel: z.enum(CHANNELS, { error: 'channel must be email, sms or whatsapp' }),
});
export type AudienceInput = z.input<typeof audienceSchema>;

export const broadcastSchema = audienceSchema
  .extend({
    subject: z.string().trim().max(150, 'Subject must be at most 150 characters').optional().default(''),
    message: z.string({ error: NOTIFY_MSG.messageRequired }).trim().min(1, NOTIFY_MSG.messageRequired),
  })
  .superRefine((v, ctx) => {
    const max = BROADCAST_MAX_CHARS[v.channel];
    if (v.message.length > max) ctx.addIssue({ code: 'custom', path: ['message'], message: NOTIFY_MSG.messageTooLong(max) });
    if (v.channel === 'email' && v.subject.length === 0)
      ctx.addIssue({ code: 'custom', path: ['subject'], message: NOTIFY_MSG.subjectRequired });
  });
export type BroadcastInput = z.input<typeof broadcastSchema>;

export const broadcastCountResponse = z.object({
  recipients: z.number().int(),
  /** Students of the audience the channel cannot reach (no mobile number, or the channel turned off). */
  unreachable: z.number().int(),
});
export const broadcastResponse = z.object({ message: z.string(), recipients: z.number().int() });

export const OUTBOX_STATUSES = ['pending', 'sent', 'failed', 'kept'] as const;
export const outboxItemSchema = z.object({
  _id: z.string(),
  channel: z.enum(CHANNELS),
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  status: z.enum(OUTBOX_STATUSES),
  attempts: z.number().int(),
  lastError: z.string().nullable(),
  nextAttemptAt: z.string().nullable(),
  sentAt: z.string().nullable(),
  createdAt: z.string(),
});
export type OutboxItem = z.infer<typeof outboxItemSchema>;
export const outboxQuerySchema = z.object({
  status: z.enum(OUTBOX_STATUSES).optional(),
  channel: z.enum(CHANNELS).optional(),
});
export const outboxResponse = z.object({
  items: z.array(outboxItemSchema),
  counts: z.object({ pending: z.number().int(), sent: z.number().int(), failed: z.number().int(), kept: z.number().int() }),
});
