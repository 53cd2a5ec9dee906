import { and, asc, eq, inArray } from 'drizzle-orm';
import { toRupees } from '@app/common';
import { type CreditNoteRef, PAYMENT_MSG } from '@app/common/schemas/payments';
import type { Ctx } from '../../context.ts';
import { invoices, payments, users } from '../../db/schema.ts';
import { conflict, notFound } from '../../lib/errors.ts';
import type { Institute } from '../invoices/document-content.ts';
import { renderCreditNote, renderPaymentDocument } from '../invoices/render.ts';
import { studentAddress } from '../invoices/service.ts';
import { findLogoImage } from '../settings/logo.ts';
import { findInstituteSettings } from '../settings/service.ts';
import type { PaymentRow } from './dto.ts';
import { paymentFilter, refusePayment, type Scope } from '../../lib/record-scope.ts';
import { accountEmail } from '../../lib/account-email.ts';

// GET /api/payments/{id}/receipt: the owner's completed payment as a one-page PDF, a tax invoice when
// one was issued, otherwise a receipt; GET /api/payments/{id}/credit-notes/{noteId}: a credit note
// (docs/product-invoices.md).

async function findOwnedPayment(ctx: Ctx, scope: Scope, id: string) {
  // Staff who see payments read those of their scope; a student only their own (lib/record-scope.ts).
  const [r] = await ctx.db
    .select({ p: payments, u: { firstName: users.firstName, lastName: users.lastName, email: users.email, reg: users.registrationNumber } })
    .from(payments)
    .innerJoin(users, eq(users.id, payments.studentId))
    .where(and(eq(payments.id, id), paymentFilter(scope)))
    .limit(1);
  if (!r) return refusePayment(ctx.db, scope, eq(payments.id, id));
  return r;
}

const findInstitute = async (ctx: Ctx): Promise<Institute> => ({ ...(await findInstituteSettings(ctx)), logo: await findLogoImage(ctx) });

async function studentOf(ctx: Ctx, p: PaymentRow, u: { firstName: string; lastName: string; email: string | null; reg: string | null }) {
  return { ...u, email: accountEmail(u), address: await studentAddress(ctx.db, p.studentId, p.admissionId) };
}

export async function findReceipt(ctx: Ctx, scope: Scope, id: string) {
  const r = await findOwnedPayment(ctx, scope, id);
  if (r.p.status !== 'completed' || !r.p.receiptNumber) throw conflict(PAYMENT_MSG.receiptOnlyCompleted);
  return paymentDocument(ctx, r.p, r.u, r.p.receiptNumber);
}

/** The PDF of a completed payment (its tax invoice, or its receipt), for the download and the confirmation mail. */
export async function paymentDocument(
  ctx: Ctx,
  p: PaymentRow,
  u: { firstName: string; lastName: string; email: string | null; reg: string | null },
  receiptNumber: string,
) {
  const [invoice] = await ctx.db
    .select()
    .from(invoices)
    .where(and(eq(invoices.paymentId, p.id), eq(invoices.kind, 'invoice')))
    .limit(1);
  const pdf = await renderPaymentDocument({
    payment: p,
    receiptNumber,
    student: await studentOf(ctx, p, u),
    institute: await findInstitute(ctx),
    invoice: invoice ?? null,
  });
  const name = invoice ? `invoice-${invoice.number.replaceAll('/', '-')}` : `receipt-${receiptNumber}`;
  return { receiptNumber, invoiceNumber: invoice?.number ?? null, filename: `${name}.pdf`, pdf };
}

/**
 * The invoice numbers and credit notes of payments (credit notes oldest first), by payment id: the
 * admin's payment page and the student's history list them.
 */
export async function documentsOf(ctx: Ctx, paymentIds: string[]) {
  const out = new Map<string, { invoiceNumber: string | null; creditNotes: CreditNoteRef[] }>();
  for (const id of paymentIds) out.set(id, { invoiceNumber: null, creditNotes: [] });
  if (paymentIds.length === 0) return out;
  const rows = await ctx.db
    .select({
      id: invoices.id,
      kind: invoices.kind,
      paymentId: invoices.paymentId,
      number: invoices.number,
      totalPaise: invoices.totalPaise,
      issuedAt: invoices.issuedAt,
    })
    .from(invoices)
    .where(inArray(invoices.paymentId, paymentIds))
    .orderBy(asc(invoices.issuedAt), asc(invoices.seq));
  for (const r of rows) {
    const d = out.get(r.paymentId);
    if (!d) continue;
    if (r.kind === 'invoice') d.invoiceNumber = r.number;
    else d.creditNotes.push({ _id: r.id, number: r.number, amount: toRupees(r.totalPaise), issuedAt: r.issuedAt.toISOString() });
  }
  return out;
}

export async function findCreditNote(ctx: Ctx, scope: Scope, id: string, noteId: string) {
  const r = await findOwnedPayment(ctx, scope, id);
  const [note] = await ctx.db
    .select()
    .from(invoices)
    .where(and(eq(invoices.id, noteId), eq(invoices.paymentId, id), eq(invoices.kind, 'credit_note')))
    .limit(1);
  if (!note?.invoiceId) throw notFound('Credit note not found');
  const [invoice] = await ctx.db.select().from(invoices).where(eq(invoices.id, note.invoiceId)).limit(1);
  const pdf = await renderCreditNote({
    note,
    invoice,
    payment: r.p,
    student: await studentOf(ctx, r.p, r.u),
    institute: await findInstitute(ctx),
  });
  return { filename: `credit-note-${note.number.replaceAll('/', '-')}.pdf`, pdf };
}
