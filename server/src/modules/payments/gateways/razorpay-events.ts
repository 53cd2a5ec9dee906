import { z } from 'zod';
import { isUnstorableText } from '../../../lib/validation.ts';
import type { WebhookNotice } from './types.ts';

// Razorpay's webhook payloads, read by the Razorpay adapter and by the sandbox (whose webhooks take
// Razorpay's shape). A neutral module, so neither adapter imports the other.

// Even a correctly signed event is checked before its fields reach the database: ids are short
// text PostgreSQL can store (the route fuzzer found a NUL character there as a 500).
const eventText = (max: number) =>
  z
    .string()
    .max(max)
    .refine((v) => !isUnstorableText(v));
const rzpEvent = z.object({
  event: z.string().max(100).optional(),
  payload: z
    .object({
      payment: z
        .object({
          entity: z
            .object({
              id: eventText(100).optional(),
              order_id: eventText(100).optional(),
              amount: z.number().optional(),
              status: eventText(50).optional(),
              error_description: eventText(2000).nullish(),
            })
            .optional(),
        })
        .optional(),
      refund: z
        .object({
          entity: z
            .object({
              id: eventText(100).optional(),
              amount: z.number().int().positive().optional(),
              payment_id: eventText(100).optional(),
            })
            .optional(),
        })
        .optional(),
    })
    .optional(),
});

/** Razorpay webhook payloads (payment.captured, payment.failed, order.paid, refund.processed); null when not JSON. */
export function parseRazorpayStyleEvent(rawBody: Buffer, eventId: string): WebhookNotice | null {
  let json: unknown;
  try {
    json = JSON.parse(rawBody.toString('utf8'));
  } catch {
    return null;
  }
  // A signed event of a shape we do not know is recorded and ignored, like an event we do not handle.
  const parsed = rzpEvent.safeParse(json);
  const body = parsed.success ? parsed.data : {};
  const payment = body.payload?.payment?.entity;
  if (!payment?.order_id)
    return {
      eventId,
      orderId: '',
      orderIdKind: 'gateway',
      outcome: 'ignored',
      amountPaise: null,
      gatewayPaymentId: null,
      transactionId: null,
      message: null,
      refund: null,
    };
  const outcome =
    body.event === 'payment.captured' || body.event === 'order.paid'
      ? 'paid'
      : body.event === 'payment.failed'
        ? 'failed'
        : body.event === 'refund.processed' || body.event === 'refund.created'
          ? 'refunded'
          : 'ignored';
  // A refund event's amount is the refund's (refund.entity); the payment entity carries the payment's.
  const refund = body.payload?.refund?.entity;
  return {
    eventId,
    orderId: payment.order_id,
    orderIdKind: 'gateway',
    outcome,
    refund: outcome === 'refunded' && refund?.id && refund.amount ? { id: refund.id, amountPaise: refund.amount } : null,
    amountPaise: typeof payment.amount === 'number' ? payment.amount : null,
    gatewayPaymentId: payment.id ?? null,
    transactionId: payment.id ?? null,
    message: payment.error_description ?? null,
  };
}

export type RzpPaymentEntity = {
  id?: string;
  order_id?: string;
  amount?: number;
  status?: string;
  error_description?: string | null;
};
