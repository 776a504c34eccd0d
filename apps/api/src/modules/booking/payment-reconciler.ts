import type { FastifyBaseLogger } from 'fastify';
import { PollingWorker } from '../../lib/polling-worker';
import type { BookingDeps } from './booking.types';
import { pendingPaymentsToReconcile } from './payment-records.repository';
import { settlePayment } from './settle-payment';

/** A payment still PENDING this long after it was created is looked at by the reconciler. */
export const RECONCILE_AFTER_MS = 30_000;

/**
 * Brings every payment to its end after a crash (decision 053). The settle path is one transaction, the e-mails are
 * queued in it and the refunds are leased, so a crash can only leave a payment PENDING: the gateway took the money
 * but the process died before the event was settled (the sandbox delivers in-process; a real gateway's webhook may
 * also be lost). At start and every minute, each PENDING payment older than RECONCILE_AFTER_MS whose gateway id we
 * hold is settled again: the gateway is asked, and it is booked, refunded or failed exactly as if its event had
 * arrived. Safe in several processes at once: settling locks the payment row and is a no-op once it is not PENDING.
 */
export class PaymentReconciler extends PollingWorker {
  constructor(
    private readonly deps: BookingDeps,
    log: FastifyBaseLogger,
    pollMs = 60_000,
  ) {
    super(log, pollMs, 'payment reconciler');
  }

  protected async processDue(): Promise<number> {
    return this.reconcile(RECONCILE_AFTER_MS);
  }

  /** One pass over PENDING payments older than `olderThanMs`; answers how many reached an end. */
  async reconcile(olderThanMs: number): Promise<number> {
    const rows = await pendingPaymentsToReconcile(this.deps.db, new Date(Date.now() - olderThanMs), 50);
    let settled = 0;
    for (const row of rows) {
      try {
        const status = await settlePayment(this.deps, row);
        if (status !== 'PENDING') {
          settled++;
          this.log.info({ paymentId: row.id, status }, 'reconciled a payment left pending');
        }
      } catch (err) {
        this.log.warn(
          { paymentId: row.id, err: err instanceof Error ? err.message : String(err) },
          'reconciling a payment failed; will retry',
        );
      }
    }
    return settled;
  }
}
