import { boolean, index, integer, jsonb, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id, ts, updatedAt } from './columns.ts';
import { users } from './schema.ts';

// Notifications by SMS and WhatsApp, reminders sent once, and a student's channels
// (docs/product-notifications.md). E-mail keeps its own outbox (mail_outbox). Re-exported by schema.ts.

/** What a WhatsApp template message needs besides its text: the approved template's name and its body parameters. */
export type TemplateRef = { name: string; params: string[] };

/** Every SMS and WhatsApp message, stored before it is sent so none is lost; delivered and retried by the notifier. */
export const notificationOutbox = pgTable(
  'notification_outbox',
  {
    id: id(),
    channel: text('channel', { enum: ['sms', 'whatsapp'] }).notNull(),
    /** Which message it is (fee-due, fee-overdue, announcement, ...). */
    kind: text('kind').notNull(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    /** The mobile number, 10 digits. */
    to: text('to').notNull(),
    /** What the message is about, for the outbox view (SMS and WhatsApp have no subject line). */
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    template: jsonb('template').$type<TemplateRef>(),
    status: text('status', { enum: ['pending', 'sent', 'failed', 'kept'] })
      .notNull()
      .default('pending'),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    nextAttemptAt: ts('next_attempt_at').notNull().defaultNow(),
    /** Who holds the row for a delivery now: a conditional update sets it, so two instances never send one message twice. */
    claimToken: uuid('claim_token'),
    providerMessageId: text('provider_message_id'),
    sentAt: ts('sent_at'),
    createdAt: createdAt(),
  },
  (t) => [index('notification_outbox_pending_idx').on(t.status, t.nextAttemptAt), index('notification_outbox_created_idx').on(t.createdAt)],
);

/**
 * One row per reminder sent: a fee reminder per installment and stage, an exam's opening, a class's
 * absence. Inserted in the transaction that stores the messages, so a second instance or a second run
 * finds the key taken and sends nothing.
 */
export const notificationSends = pgTable(
  'notification_sends',
  {
    kind: text('kind').notNull(),
    subjectId: text('subject_id').notNull(),
    stage: text('stage').notNull(),
    recipients: integer('recipients').notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.kind, t.subjectId, t.stage] })],
);

/** A student's channels; no row means the defaults (e-mail on, SMS and WhatsApp off). */
export const notificationPreferences = pgTable('notification_preferences', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  email: boolean('email').notNull().default(true),
  sms: boolean('sms').notNull().default(false),
  whatsapp: boolean('whatsapp').notNull().default(false),
  updatedAt: updatedAt(),
});
