import type { FastifyBaseLogger } from 'fastify';
import { PollingWorker } from '../../lib/polling-worker';

/** Runs the payout cycle (docs/payouts.md) on a timer in every process that has PAYOUT_WORKER on; claims make it once. */
export class PayoutWorker extends PollingWorker {
  constructor(
    private readonly cycle: () => Promise<number>,
    log: FastifyBaseLogger,
    pollMs: number,
  ) {
    super(log, pollMs, 'payout');
  }

  protected processDue(): Promise<number> {
    return this.cycle();
  }
}
