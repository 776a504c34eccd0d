import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client';
import { PollingWorker } from '../../lib/polling-worker';
import { claimDueMail, markMailAttemptFailed, markMailSent } from './mail.repository';
import type { MailTransport } from './mail.types';

export const MAX_MAIL_ATTEMPTS = 8;

/** Seconds to wait before attempt n+1 (n >= 1): 30 s, 1 min, 2 min … capped at 1 h. */
export function backoffSeconds(attempts: number): number {
  return Math.min(3600, 30 * 2 ** Math.max(0, attempts - 1));
}

/** The Message-ID of an outbox row: stable across attempts and processes, at the sender's domain. */
export function outboxMessageId(id: number | string, from: string): string {
  const domain = /@([^>\s]+)>?\s*$/.exec(from)?.[1] ?? 'careslot.invalid';
  return `<outbox-${id}@${domain}>`;
}

/** Sends queued mail (claimed and leased by mail.repository.ts), retrying failures with a growing wait. */
export class OutboxWorker extends PollingWorker {
  constructor(
    private readonly db: Db,
    private readonly transport: MailTransport,
    private readonly from: string,
    log: FastifyBaseLogger,
    pollMs: number,
  ) {
    super(log, pollMs, 'outbox');
  }

  /** One pass: returns the number of messages sent. */
  protected async processDue(): Promise<number> {
    const rows = await claimDueMail(this.db, 20);
    let sent = 0;
    for (const row of rows) {
      try {
        await this.transport.send({
          from: this.from,
          to: row.to,
          subject: row.subject,
          text: row.text,
          html: row.html,
          ics: row.ics && row.ics_method ? { content: row.ics, method: row.ics_method } : null,
          messageId: outboxMessageId(row.id, this.from),
        });
        await markMailSent(this.db, row.id);
        sent++;
      } catch (err) {
        const message = err instanceof Error ? err.message : String(err);
        const failed = row.attempts >= MAX_MAIL_ATTEMPTS;
        this.log.warn({ mailId: row.id, attempts: row.attempts, failed }, 'mail delivery failed');
        await markMailAttemptFailed(this.db, row.id, failed, message.slice(0, 500), backoffSeconds(row.attempts));
      }
    }
    return sent;
  }
}
