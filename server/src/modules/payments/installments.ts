import { formatINR, toPaise, toRupees } from '@app/common';
import { PAYMENT_MSG } from '@app/common/schemas/payments';
import type { Actor, Ctx } from '../../context.ts';
import { badRequest, conflict, notFound } from '../../lib/errors.ts';
import { gatewayOf } from './gateways/index.ts';
import { causeOf, createPayment } from './ledger.ts';
import { createGatewayOrder, newOrderId, orderRequestFor } from './service.ts';
import { findStudentSummary, installmentPayment } from './fees.ts';
import { ownStudentId, type Scope } from '../../lib/record-scope.ts';

/**
 * POST /api/payments/paytm/initiate (the spec's name, whatever the gateway): an installment of the
 * student's approved admission, 0 < amount <= fees still due, through the gateway's form post.
 */
export async function initiateInstallment(
  ctx: Ctx,
  actor: Actor,
  scope: Scope,
  input: { amount: number; admissionId: string; installmentNumber: number },
  /** A parent paying for the child (docs/product-parents.md): recorded as paid by them, the student's e-mail to the gateway. */
  byParent?: { parentId: string; name: string; studentEmail: string },
) {
  const studentId = ownStudentId(scope);
  let found: Awaited<ReturnType<typeof findStudentSummary>>;
  try {
    found = await findStudentSummary(ctx, studentId);
  } catch {
    throw notFound(PAYMENT_MSG.noAdmission);
  }
  const { admission, summary } = found;
  // The client may send the admission's id or its admission number (GET /api/admissions/student).
  if (input.admissionId !== admission.id && input.admissionId !== admission.admissionNumber) throw notFound(PAYMENT_MSG.noAdmission);
  // The installment picked must be one of the admission's plan (1 to its number of installments).
  if (input.installmentNumber > summary.installments.length) {
    throw badRequest(PAYMENT_MSG.installmentOutOfPlan(summary.installments.length), {
      installmentNumber: PAYMENT_MSG.installmentOutOfPlan(summary.installments.length),
    });
  }
  const amountPaise = toPaise(input.amount);
  const duePaise = toPaise(summary.pendingAmount);
  if (amountPaise <= 0) throw badRequest(PAYMENT_MSG.invalidAmount, { amount: PAYMENT_MSG.invalidAmount });
  // Paying a fee already covered would take the money twice: 409, as the order routes answer it.
  if (duePaise <= 0) throw conflict(PAYMENT_MSG.feeAlreadyPaid(admission.course.name));
  if (amountPaise > duePaise) {
    const message = PAYMENT_MSG.amountAboveDue(formatINR(toRupees(duePaise)));
    throw badRequest(message, { amount: message });
  }
  const orderId = newOrderId();
  const gateway = gatewayOf(ctx);
  const order = await createGatewayOrder(
    ctx,
    orderRequestFor(
      ctx,
      actor,
      studentId,
      { orderId, amountPaise, courseName: admission.course.name },
      'redirect',
      {
        admissionId: admission.id,
        installmentNumber: String(input.installmentNumber),
      },
      byParent && { id: byParent.parentId, name: byParent.name, email: byParent.studentEmail, phone: null },
    ),
  );
  if (order.checkout.kind !== 'form') throw new Error(`gateway ${gateway.name} has no form-post checkout`);
  await createPayment(
    ctx,
    {
      ...installmentPayment(studentId, admission, amountPaise),
      method: 'gateway',
      gateway: gateway.name,
      orderId,
      gatewayOrderId: order.gatewayOrderId,
      installmentNumber: input.installmentNumber,
      ...(byParent ? { paidBy: 'parent' as const, paidByParentId: byParent.parentId } : {}),
    },
    causeOf(actor),
  );
  return { success: true as const, orderId, paymentUrl: order.checkout.paymentUrl, params: order.checkout.params };
}
