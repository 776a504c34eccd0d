import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client';
import { PollingWorker } from '../../lib/polling-worker';
import { claimDueTexts, markTextAttemptFailed, markTextSent } from './texts.repository';
import type { TextTransport } from './texts.types';

export const MAX_TEXT_ATTEMPTS = 8;

/** Sends queued texts (claimed and leased by texts.repository.ts), retrying failures with a growing wait. */
export class TextWorker extends PollingWorker {
  constructor(
    private readonly db: Db,
    private readonly transport: TextTransport,
    log: FastifyBaseLogger,
    pollMs: number,
  ) {
    super(log, pollMs, 'texts');
  }

  protected async processDue(): Promise<number> {
    const rows = await claimDueTexts(this.db, 20);
    let sent = 0;
    for (const row of rows) {
      try {
        const { id } = await this.transport.send({ to: row.to, body: row.body });
        await markTextSent(this.db, row.id, this.transport.name, id);
        sent++;
      } catch (err) {
        const message = err instanceof Error ? err.message : String(err);
        const failed = row.attempts >= MAX_TEXT_ATTEMPTS;
        // Never the number or the body in the log.
        this.log.warn({ textId: row.id, attempts: row.attempts, failed }, 'text delivery failed');
        const wait = Math.min(3600, 30 * 2 ** Math.max(0, row.attempts - 1));
        await markTextAttemptFailed(this.db, row.id, failed, message.slice(0, 500), wait);
      }
    }
    return sent;
  }
}
