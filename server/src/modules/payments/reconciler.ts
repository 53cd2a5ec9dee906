import { and, asc, eq, gt, inArray, lt, or } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { CHECKOUT_WINDOW_MINUTES, CHECKOUT_WINDOW_MS } from '@app/common/schemas/payments';
import type { Ctx } from '../../context.ts';
import { payments } from '../../db/schema.ts';
import { gatewayOf } from './gateways/index.ts';
import { RECONCILER_CAUSE, transitionPayment } from './ledger.ts';
import { settleWithGateway } from './settle.ts';

// A lost callback is the most common real failure: the student paid, the browser never came back.
// The reconciler asks the gateway about gateway payments left pending and settles them. It also asks
// about recently failed or cancelled orders: a customer may retry on the same order after a declined
// attempt, and the gateway's capture settles the payment whatever the earlier attempt reported.

const RECONCILE_AFTER_MS = 2 * 60_000;
/** How long a failed or cancelled order is still asked about, and how often. */
const RECHECK_CLOSED_FOR_MS = 3 * 24 * 60 * 60_000;
const RECHECK_CLOSED_EVERY_MS = 10 * 60_000;
const RECONCILE_INTERVAL_MS = 60_000;
const BATCH = 50;

export type ReconcileReport = { checked: number; completed: number; failed: number; expired: number; errors: number };

export async function reconcilePendingPayments(ctx: Ctx, opts: { now?: Date; log?: FastifyBaseLogger } = {}): Promise<ReconcileReport> {
  const now = opts.now ?? new Date();
  const gateway = gatewayOf(ctx);
  const rows = await ctx.db
    .select()
    .from(payments)
    .where(
      and(
        eq(payments.method, 'gateway'),
        eq(payments.gateway, gateway.name),
        or(
          and(eq(payments.status, 'pending'), lt(payments.createdAt, new Date(now.getTime() - RECONCILE_AFTER_MS))),
          and(
            inArray(payments.status, ['failed', 'cancelled']),
            gt(payments.createdAt, new Date(now.getTime() - RECHECK_CLOSED_FOR_MS)),
            lt(payments.updatedAt, new Date(now.getTime() - RECHECK_CLOSED_EVERY_MS)),
          ),
        ),
      ),
    )
    .orderBy(asc(payments.updatedAt))
    .limit(BATCH);
  const report: ReconcileReport = { checked: rows.length, completed: 0, failed: 0, expired: 0, errors: 0 };
  for (const payment of rows) {
    try {
      const { outcome } = await settleWithGateway(ctx, payment, RECONCILER_CAUSE);
      if (outcome === 'completed') report.completed++;
      else if (payment.status === 'pending' && outcome === 'failed') report.failed++;
      else if (payment.status === 'pending' && outcome === 'pending' && now.getTime() - payment.createdAt.getTime() > CHECKOUT_WINDOW_MS) {
        // Unpaid once the checkout window has passed: abandoned or expired, no money and nothing pending.
        const { changed } = await transitionPayment(ctx, payment.id, 'cancelled', RECONCILER_CAUSE, {
          patch: { responseMessage: 'No payment was received for this order' },
          note: `Expired: the gateway received no payment within ${CHECKOUT_WINDOW_MINUTES} minutes`,
        });
        if (changed) report.expired++;
      } else {
        // Still open at the gateway: look at it again on a later round, after the others.
        await ctx.db
          .update(payments)
          .set({ updatedAt: now })
          .where(and(eq(payments.id, payment.id), eq(payments.status, payment.status)));
      }
    } catch (err) {
      report.errors++;
      opts.log?.warn({ err, orderId: payment.orderId }, 'reconciler: gateway status unavailable');
    }
  }
  return report;
}

/** Starts the periodic reconciler (main.ts); answers a function that stops it. */
export function startReconciler(ctx: Ctx, log: FastifyBaseLogger, everyMs = RECONCILE_INTERVAL_MS): () => void {
  let running = false;
  const timer = setInterval(async () => {
    if (running) return;
    running = true;
    try {
      const report = await reconcilePendingPayments(ctx, { log });
      if (report.completed + report.failed + report.expired > 0) log.info({ report }, 'reconciler settled payments');
    } catch (err) {
      log.error({ err }, 'reconciler round failed');
    } finally {
      running = false;
    }
  }, everyMs);
  timer.unref();
  return () => clearInterval(timer);
}
