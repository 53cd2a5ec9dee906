import { INSTITUTE_NAME } from '@app/common/constants';
import { eq } from 'drizzle-orm';
import { formatDateTime } from '@app/common';
import { installmentLabel } from '@app/common/rules/fee-plans';
import type { Ctx } from '../../context.ts';
import { linesHtml } from '../../lib/escape.ts';
import { users } from '../../db/schema.ts';
import { rupees } from '../invoices/document-content.ts';
import type { PaymentRow } from './dto.ts';
import { paymentDocument } from './receipts.ts';
import { accountEmail } from '../../lib/account-email.ts';
import { notifyGuardiansOfPayment } from '../guardians/events.ts';

// The confirmation the Payment Successful page promises (docs/product.md section 2): queued, so a slow mail
// server never holds up a payment; a failure is retried by the mail worker.

export async function queuePaymentConfirmation(ctx: Ctx, p: PaymentRow) {
  const [student] = await ctx.db
    .select({ firstName: users.firstName, lastName: users.lastName, email: users.email, reg: users.registrationNumber })
    .from(users)
    .where(eq(users.id, p.studentId))
    .limit(1);
  if (!student) return;
  // The receipt (or tax invoice) goes with the mail as a PDF (docs/product-invoices.md).
  const doc = p.receiptNumber ? await paymentDocument(ctx, p, student, p.receiptNumber) : null;
  // 1st, 2nd, … (the plan's length is not on the payment, so never 'Final': common/src/rules/fee-plans.ts).
  const installment = p.installmentNumber == null ? undefined : installmentLabel(p.installmentNumber);
  const lines = [
    `Dear ${student.firstName} ${student.lastName},`,
    '',
    `We have received your payment of ${rupees(p.amountPaise)} for ${p.courseName}${installment ? ` (${installment} installment)` : ''}.`,
    '',
    `Receipt number: ${p.receiptNumber ?? '-'}`,
    ...(doc?.invoiceNumber ? [`Tax invoice number: ${doc.invoiceNumber}`] : []),
    `Order ID: ${p.orderId}`,
    `Transaction ID: ${p.transactionId ?? '-'}`,
    `Date: ${formatDateTime(p.paidAt ?? new Date())} IST`,
    '',
    `Your ${doc?.invoiceNumber ? 'tax invoice' : 'receipt'} is attached as a PDF; you can also download it from the Fee Payment page of your student area.`,
    '',
    INSTITUTE_NAME,
  ];
  await ctx.mailer.queue({
    to: accountEmail(student),
    subject: `Payment received: ${p.receiptNumber ?? p.orderId}`,
    text: lines.join('\n'),
    attachments: doc ? [{ filename: doc.filename, contentType: 'application/pdf', content: doc.pdf }] : [],
    html: linesHtml(lines),
  });
  // The guardians get the receipt too, on the channels each parent chose (docs/product-parents.md "Alerts").
  await notifyGuardiansOfPayment(ctx, p, doc ? { filename: doc.filename, contentType: 'application/pdf', content: doc.pdf } : null).catch(
    () => {},
  );
}
