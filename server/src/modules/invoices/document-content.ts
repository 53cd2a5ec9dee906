import { toRupees } from '@app/common/rules/money';
import { round2 } from '@app/common/rules/rounding';
import { installmentLabel } from '@app/common/rules/fee-plans';
import { COUNTER_METHOD_LABELS } from '@app/common/schemas/collections';
import type { payments } from '../../db/schema.ts';

// What the invoice documents print (render.ts): the institute, the student, the payment, and money.

export type PaymentRow = typeof payments.$inferSelect;

export type Institute = {
  name: string;
  address: string;
  phone: string;
  email: string | null;
  pan: string | null;
  /** The institute's logo, drawn at the top left (settings/logo.ts); absent or null: none. */
  logo?: { data: Buffer; type: 'png' | 'jpg' } | null;
};

export type Student = { firstName: string; lastName: string; email: string; reg: string | null; address: string | null };

const number = new Intl.NumberFormat('en-IN', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
/** ₹ with Indian digit grouping: ₹12,34,567.50. */
export const rupees = (paise: number) => `₹${number.format(toRupees(paise))}`;
export const percent = (rate: number) => `${round2(rate)}%`;

/** What the payment was for and how it was paid, as the documents print them. */
export function describePayment(p: PaymentRow) {
  // 1st, 2nd, … (the plan's length is not on the payment, so never 'Final': common/src/rules/fee-plans.ts).
  const installment = p.installmentNumber == null ? undefined : installmentLabel(p.installmentNumber);
  const what = p.kind === 'installment' ? `Installment (${installment ?? p.installmentNumber ?? '-'})` : 'Course fee';
  const method = p.counterMethod
    ? `${COUNTER_METHOD_LABELS[p.counterMethod]} at the centre`
    : p.method === 'offline'
      ? 'Offline (verified by the institute)'
      : `Online (${p.gateway ?? 'gateway'})`;
  const reference = p.reference ?? p.transactionId ?? p.gatewayPaymentId ?? null;
  return { what, method, reference };
}
