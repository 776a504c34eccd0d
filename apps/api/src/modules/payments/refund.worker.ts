import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client';
import { PollingWorker } from '../../lib/polling-worker';
import type { PaymentGateways } from './gateways';
import { claimDueRefunds, markRefunded } from './payments.repository';

/**
 * Sends the refunds that booking decided on (payments in REFUND_PENDING). The decision and the
 * patient's e-mail were written in one transaction; this worker performs the gateway call with an
 * idempotency key per payment, retrying after a lease, so a crash or two API processes never refund twice.
 */
export class RefundWorker extends PollingWorker {
  constructor(
    private readonly db: Db,
    private readonly gateways: PaymentGateways,
    log: FastifyBaseLogger,
    pollMs: number,
  ) {
    super(log, pollMs, 'refund');
  }

  protected async processDue(): Promise<number> {
    const rows = await claimDueRefunds(this.db);
    let done = 0;
    for (const row of rows) {
      try {
        const gateway = row.payment_method === 'paypal' ? this.gateways.walletByName(row.gateway) : this.gateways.cardByName(row.gateway);
        const { refundId } = await gateway.refund({
          externalId: row.external_id,
          captureId: row.capture_id,
          amountMinor: row.amount_minor,
          currency: row.currency,
          idempotencyKey: `refund:${row.id}`,
        });
        await markRefunded(this.db, row.id, refundId);
        done++;
      } catch (err) {
        this.log.warn({ paymentId: row.id, err: err instanceof Error ? err.message : String(err) }, 'refund failed; will retry');
      }
    }
    return done;
  }
}
