import { toRupees } from '@app/common';
import type { PaymentHistoryItem, PaymentStatusRecord } from '@app/common/schemas/payments';
import type { AdminPayment } from '@app/common/schemas/payments-admin';
import type { payments, users } from '../../db/schema.ts';
import { accountEmail } from '../../lib/account-email.ts';

// API shapes of a payment row (rupees, ISO dates, `_id`), per audience.

export type PaymentRow = typeof payments.$inferSelect;
type StudentRef = Pick<typeof users.$inferSelect, 'id' | 'firstName' | 'lastName' | 'email'>;

const iso = (d: Date | null) => (d ? d.toISOString() : null);

export function toHistoryItem(p: PaymentRow): PaymentHistoryItem {
  return {
    _id: p.id,
    orderId: p.orderId,
    kind: p.kind,
    course: p.courseName,
    amount: toRupees(p.amountPaise),
    refunded: toRupees(p.refundedPaise),
    fee: toRupees(p.feePaise),
    discount: toRupees(p.discountPaise),
    couponCode: p.couponCode,
    currency: p.currency,
    status: p.status,
    date: (p.paidAt ?? p.createdAt).toISOString(),
    transactionId: p.transactionId,
    method: p.method,
    gateway: p.gateway,
    installmentNumber: p.installmentNumber,
    receiptNumber: p.receiptNumber,
    createdAt: p.createdAt.toISOString(),
  };
}

export function toAdminPayment(p: PaymentRow, student: StudentRef | null): AdminPayment {
  return {
    _id: p.id,
    studentId: student ? { _id: student.id, firstName: student.firstName, lastName: student.lastName, email: accountEmail(student) } : null,
    amount: toRupees(p.amountPaise),
    fee: toRupees(p.feePaise),
    discount: toRupees(p.discountPaise),
    couponCode: p.couponCode,
    currency: p.currency,
    course: p.courseName,
    kind: p.kind,
    installmentNumber: p.installmentNumber,
    status: p.status,
    paymentMethod: p.method,
    gateway: p.gateway,
    orderId: p.orderId,
    transactionId: p.transactionId,
    razorpayOrderId: p.method === 'gateway' ? (p.gatewayOrderId ?? p.orderId) : null,
    razorpayPaymentId: p.gatewayPaymentId,
    receiptNumber: p.receiptNumber,
    responseMessage: p.responseMessage,
    refunded: toRupees(p.refundedPaise),
    counterMethod: p.counterMethod,
    reference: p.reference,
    centre: p.centreId,
    receivedAt: iso(p.receivedAt),
    paidAt: iso(p.paidAt),
    createdAt: p.createdAt.toISOString(),
    updatedAt: p.updatedAt.toISOString(),
  };
}

export function toStatusRecord(p: PaymentRow): PaymentStatusRecord {
  return {
    _id: p.id,
    orderId: p.orderId,
    transactionId: p.transactionId,
    amount: toRupees(p.amountPaise),
    currency: p.currency,
    status: p.status,
    updatedAt: p.updatedAt.toISOString(),
    paymentDate: iso(p.paidAt),
    method: p.method,
    gateway: p.gateway,
    kind: p.kind,
    course: p.courseName,
    receiptNumber: p.receiptNumber,
    admission: { course: { name: p.courseName } },
    transactionDetails: { installmentNumber: p.installmentNumber, responseMessage: p.responseMessage },
  };
}
