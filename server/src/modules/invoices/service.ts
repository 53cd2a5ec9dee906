import { and, desc, eq, isNotNull, or, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { admissionRequests, type InvoiceParty, instituteSettings, invoiceCounters, invoices, users } from '../../db/schema.ts';
import type { payments } from '../../db/schema.ts';
import { financialYear } from '@app/common/rules/dates';
import { GST_STATES, splitGst, stateOfAddress } from './tax.ts';

// Issuing tax invoices and credit notes (docs/product-invoices.md). Both are written in the transaction
// that completes the payment or records its refund, so a document exists exactly when its money does.

type PaymentRow = typeof payments.$inferSelect;
export type InvoiceRow = typeof invoices.$inferSelect;

const INSTITUTE_ID = 'institute';

/** The next number of a series, taken under the series row's lock: consecutive, no gap, no duplicate. */
async function nextInSeries(tx: Tx, series: string): Promise<number> {
  const [row] = await tx
    .insert(invoiceCounters)
    .values({ series, last: 1 })
    .onConflictDoUpdate({ target: invoiceCounters.series, set: { last: sql`${invoiceCounters.last} + 1` } })
    .returning({ last: invoiceCounters.last });
  return row.last;
}

const party = (name: string, address: string | null, gstin: string | null, stateCode: string | null): InvoiceParty => ({
  name,
  address,
  gstin,
  stateCode,
  state: stateCode ? (GST_STATES[stateCode] ?? null) : null,
});

/**
 * The student's postal address on record: the address of their latest approved admission (the admission
 * form is where it is asked), or of the admission the payment is for. Null when there is none.
 */
export async function studentAddress(db: Pick<Tx, 'select'>, studentId: string, admissionId: string | null): Promise<string | null> {
  const [row] = await db
    .select({ address: admissionRequests.address })
    .from(admissionRequests)
    .where(
      or(
        and(eq(admissionRequests.userId, studentId), eq(admissionRequests.status, 'approved')),
        admissionId ? eq(admissionRequests.id, admissionId) : sql`false`,
      ),
    )
    .orderBy(desc(isNotNull(admissionRequests.approvedAt)), desc(admissionRequests.approvedAt), desc(admissionRequests.createdAt))
    .limit(1);
  return row?.address?.trim() || null;
}

/**
 * Issues the tax invoice of a payment that has just completed, when the institute has a GSTIN: the
 * number "<prefix>/<financial year>/<6 digits>", both parties and the GST split as they are now. A
 * payment already invoiced keeps its invoice. Without a GSTIN nothing is issued (the PDF is a receipt).
 */
export async function issueInvoice(tx: Tx, p: PaymentRow, now: Date): Promise<InvoiceRow | null> {
  const [settings] = await tx.select().from(instituteSettings).where(eq(instituteSettings.id, INSTITUTE_ID)).limit(1);
  if (!settings?.gstin) return null;
  const [existing] = await tx
    .select()
    .from(invoices)
    .where(and(eq(invoices.paymentId, p.id), eq(invoices.kind, 'invoice')))
    .limit(1);
  if (existing) return existing;
  const [student] = await tx
    .select({ firstName: users.firstName, lastName: users.lastName })
    .from(users)
    .where(eq(users.id, p.studentId))
    .limit(1);
  const address = await studentAddress(tx, p.studentId, p.admissionId);
  const supplierState = settings.gstin.slice(0, 2);
  const recipientState = stateOfAddress(address);
  // Place of supply of a service to an unregistered person: where the recipient's address on record is,
  // otherwise where the supplier is (IGST Act, section 12(2)(b)).
  const placeOfSupply = recipientState ?? supplierState;
  const split = splitGst(p.amountPaise, settings.gstRate, placeOfSupply !== supplierState);
  const fy = financialYear(now);
  const seq = await nextInSeries(tx, `invoice/${fy}`);
  const [row] = await tx
    .insert(invoices)
    .values({
      kind: 'invoice',
      paymentId: p.id,
      number: `${settings.invoicePrefix}/${fy}/${String(seq).padStart(6, '0')}`,
      financialYear: fy,
      seq,
      supplier: party(settings.name, settings.address, settings.gstin, supplierState),
      recipient: party(student ? `${student.firstName} ${student.lastName}` : 'Student', address, null, recipientState),
      sac: settings.sac,
      gstRate: settings.gstRate,
      placeOfSupply,
      ...split,
      issuedAt: now,
    })
    .returning();
  return row;
}

/**
 * Issues a credit note against the payment's invoice for `amountPaise` (GST-inclusive) returned: a refund,
 * or a bounced cheque. Its own series per financial year, "<prefix>/CN/<financial year>/<6 digits>"; the
 * parties, rate and place of supply are the invoice's. A payment without an invoice gets none.
 */
export async function issueCreditNote(
  tx: Tx,
  p: PaymentRow,
  opts: { amountPaise: number; refundId: string | null; reason: string },
  now: Date,
): Promise<InvoiceRow | null> {
  const [invoice] = await tx
    .select()
    .from(invoices)
    .where(and(eq(invoices.paymentId, p.id), eq(invoices.kind, 'invoice')))
    .limit(1);
  if (!invoice) return null;
  const [settings] = await tx
    .select({ prefix: instituteSettings.invoicePrefix })
    .from(instituteSettings)
    .where(eq(instituteSettings.id, INSTITUTE_ID))
    .limit(1);
  const prefix = settings?.prefix ?? invoice.number.split('/')[0];
  const interState = invoice.igstPaise > 0 || invoice.placeOfSupply !== invoice.supplier.stateCode;
  const split = splitGst(opts.amountPaise, invoice.gstRate, interState);
  const fy = financialYear(now);
  const seq = await nextInSeries(tx, `credit_note/${fy}`);
  const [row] = await tx
    .insert(invoices)
    .values({
      kind: 'credit_note',
      paymentId: p.id,
      invoiceId: invoice.id,
      refundId: opts.refundId,
      number: `${prefix}/CN/${fy}/${String(seq).padStart(6, '0')}`,
      financialYear: fy,
      seq,
      supplier: invoice.supplier,
      recipient: invoice.recipient,
      sac: invoice.sac,
      gstRate: invoice.gstRate,
      placeOfSupply: invoice.placeOfSupply,
      ...split,
      reason: opts.reason,
      issuedAt: now,
    })
    .returning();
  return row;
}
