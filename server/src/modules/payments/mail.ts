import { eq } from 'drizzle-orm';
import { formatDateTime } from '@app/common';
import { installmentLabel } from '@app/common/rules/fee-plans';
import type { Ctx } from '../../context.ts';
import { users } from '../../db/schema.ts';
import type { PaymentRow } from './dto.ts';

// The confirmation the Payment Successful page promises (docs/product.md section 2): queued, so a slow mail
// server never holds up a payment; a failure is retried by the mail worker.

const number = new Intl.NumberFormat('en-IN', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

export async function queuePaymentConfirmation(ctx: Ctx, p: PaymentRow) {
  const [student] = await ctx.db
    .select({ firstName: users.firstName, lastName: users.lastName, email: users.email })
    .from(users)
    .where(eq(users.id, p.studentId))
    .limit(1);
  if (!student) return;
  // 1st, 2nd, … (the plan's length is not on the payment, so never 'Final': common/src/rules/fee-plans.ts).
  const installment = p.installmentNumber == null ? undefined : installmentLabel(p.installmentNumber);
  const lines = [
    `Dear ${student.firstName} ${student.lastName},`,
    '',
    `We have received your payment of INR ${number.format(p.amountPaise / 100)} for ${p.courseName}${installment ? ` (${installment} installment)` : ''}.`,
    '',
    `Receipt number: ${p.receiptNumber ?? '-'}`,
    `Order ID: ${p.orderId}`,
    `Transaction ID: ${p.transactionId ?? '-'}`,
    `Date: ${formatDateTime(p.paidAt ?? new Date())} IST`,
    '',
    'You can download the receipt from the Fee Payment page of your student area.',
    '',
    'Law Coaching Institute',
  ];
  await ctx.mailer.queue({
    to: student.email,
    subject: `Payment received: ${p.receiptNumber ?? p.orderId}`,
    text: lines.join('\n'),
    html: `<div style="font-family:Arial,sans-serif;line-height:1.5">${lines.map((l) => (l ? `<p style="margin:0">${escapeHtml(l)}</p>` : '<br>')).join('')}</div>`,
  });
}
