import { installmentLabel as labelOf } from '@app/common/rules/fee-plans';
import type { PaymentStatus, PaymentStatusRecord } from '@app/common/schemas/payments';

// How payments read on screen (docs/product.md sections 3 and 9). Amounts go through formatINR, dates through
// formatDate/formatDateTime (en-IN, Asia/Kolkata).

export const STATUS_LABELS: Record<PaymentStatus, string> = {
  pending: 'Pending',
  completed: 'Completed',
  failed: 'Failed',
  cancelled: 'Cancelled',
  refunded: 'Refunded',
};

export const STATUS_TONES = { pending: 'amber', completed: 'green', failed: 'red', cancelled: 'slate', refunded: 'blue' } as const;

/** 1 → '1st', 2 → '2nd' …; the last of a plan of `count` installments → 'Final' (docs/product.md section 11). */
export const installmentLabel = (n: number | null | undefined, count?: number): string | null => (n == null ? null : labelOf(n, count));

export const methodLabel = (method: 'gateway' | 'offline', gateway?: string | null) =>
  method === 'offline'
    ? 'Offline (at the centre)'
    : gateway === 'sandbox'
      ? 'Online (sandbox gateway)'
      : gateway
        ? `Online (${gateway})`
        : 'Online';

/** Shown on a pending offline payment in the student's history. */
export const OFFLINE_NOTE = 'Pay at your centre: an admin will verify this payment and then it will show as completed.';
export const OFFLINE_RECORDED = 'Your offline payment has been recorded. An admin will verify it once you pay at the centre.';

export type ResultState = 'success' | 'pending' | 'failed' | 'unknown';

/**
 * What /payment/success may state about a payment read from the server (the caller's own, or none):
 * success only for a completed one; a declined or cancelled one is failed; no record (none given,
 * unknown, another's, signed out) or a refunded one is unknown.
 */
export function resultStateOf(record: PaymentStatusRecord | undefined): ResultState {
  if (!record) return 'unknown';
  if (record.status === 'completed') return 'success';
  if (record.status === 'pending') return 'pending';
  if (record.status === 'failed' || record.status === 'cancelled') return 'failed';
  return 'unknown';
}
