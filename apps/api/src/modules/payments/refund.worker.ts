import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client';
import { PollingWorker } from '../../lib/polling-worker';
import type { PaymentGateways } from './payments';

const LEASE_SECONDS = 120;

interface DueRefund {
  id: string;
  gateway: string;
  payment_method: string;
  external_id: string;
  capture_id: string | null;
  amount_minor: number;
  currency: string;
}

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
    const result = await this.db.execute(sql`
      update payments set updated_at = now() + make_interval(secs => ${LEASE_SECONDS})
      where id in (
        select id from payments where status = 'REFUND_PENDING' and updated_at <= now()
        order by updated_at limit 20 for update skip locked)
      returning id, gateway, payment_method, external_id, capture_id, amount_minor, currency`);
    const rows = (result as unknown as { rows: DueRefund[] }).rows;
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
        await this.db.execute(
          sql`update payments set status = 'REFUNDED', refund_id = ${refundId}, updated_at = now() where id = ${row.id} and status = 'REFUND_PENDING'`,
        );
        done++;
      } catch (err) {
        this.log.warn({ paymentId: row.id, err: err instanceof Error ? err.message : String(err) }, 'refund failed; will retry');
      }
    }
    return done;
  }
}
