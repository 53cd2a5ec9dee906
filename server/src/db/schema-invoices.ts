import { sql } from 'drizzle-orm';
import { bigint, check, customType, index, integer, jsonb, numeric, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id, ts } from './columns.ts';
import { mailOutbox, paymentRefunds, payments } from './schema.ts';

// Tax invoices, credit notes and their number series; files attached to outbox mail
// (docs/product-invoices.md). Re-exported by schema.ts.

/**
 * The last number handed out in each series ('invoice/2026-27', 'credit-note/2026-27'): bumped in the
 * transaction that completes the payment (or records the refund), so a rolled-back payment returns its
 * number and concurrent payments queue on the row: consecutive numbers, no gap, no duplicate.
 */
export const invoiceCounters = pgTable('invoice_counters', {
  series: text('series').primaryKey(),
  last: integer('last').notNull(),
});

/** What the institute (supplier) and the student (recipient) were when the document was issued. */
export type InvoiceParty = { name: string; address: string | null; gstin: string | null; stateCode: string | null; state: string | null };

/**
 * A tax invoice (one per completed payment while a GSTIN is set) or a credit note (one per refund or
 * bounced cheque of an invoiced payment). The figures and both parties are kept as issued: a later
 * change of the institute's settings or the student's address does not rewrite a document already given.
 */
export const invoices = pgTable(
  'invoices',
  {
    id: id(),
    kind: text('kind', { enum: ['invoice', 'credit_note'] }).notNull(),
    paymentId: uuid('payment_id')
      .notNull()
      .references(() => payments.id, { onDelete: 'cascade' }),
    /** A credit note's invoice. */
    invoiceId: uuid('invoice_id'),
    /** The refund a credit note is for; null for an invoice and for a bounced cheque's credit note. */
    refundId: uuid('refund_id').references(() => paymentRefunds.id, { onDelete: 'set null' }),
    number: text('number').notNull(),
    financialYear: text('financial_year').notNull(),
    seq: integer('seq').notNull(),
    supplier: jsonb('supplier').$type<InvoiceParty>().notNull(),
    recipient: jsonb('recipient').$type<InvoiceParty>().notNull(),
    sac: text('sac').notNull(),
    gstRate: numeric('gst_rate', { precision: 5, scale: 2, mode: 'number' }).notNull(),
    /** The place of supply: the recipient's state when known, otherwise the supplier's. */
    placeOfSupply: text('place_of_supply').notNull(),
    taxablePaise: bigint('taxable_paise', { mode: 'number' }).notNull(),
    cgstPaise: bigint('cgst_paise', { mode: 'number' }).notNull(),
    sgstPaise: bigint('sgst_paise', { mode: 'number' }).notNull(),
    igstPaise: bigint('igst_paise', { mode: 'number' }).notNull(),
    totalPaise: bigint('total_paise', { mode: 'number' }).notNull(),
    reason: text('reason'),
    issuedAt: ts('issued_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('invoices_number_key').on(t.number),
    uniqueIndex('invoices_series_key').on(t.kind, t.financialYear, t.seq),
    uniqueIndex('invoices_one_per_payment_key').on(t.paymentId).where(sql`kind = 'invoice'`),
    index('invoices_payment_idx').on(t.paymentId, t.issuedAt),
    check('invoices_total_adds_up', sql`taxable_paise + cgst_paise + sgst_paise + igst_paise = total_paise`),
  ],
);

const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (v) => Buffer.from(v),
});

/** Files sent with an outbox message (a receipt PDF), delivered with it and listed by the dev mailbox. */
export const mailAttachments = pgTable(
  'mail_attachments',
  {
    id: id(),
    mailId: uuid('mail_id')
      .notNull()
      .references(() => mailOutbox.id, { onDelete: 'cascade' }),
    filename: text('filename').notNull(),
    contentType: text('content_type').notNull(),
    content: bytea('content').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('mail_attachments_mail_idx').on(t.mailId)],
);
