import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client';
import { PollingWorker } from '../../lib/polling-worker';
import type { MailTransport } from './mail.types';

export const MAX_MAIL_ATTEMPTS = 8;
const LEASE_SECONDS = 120;

/** Seconds to wait before attempt n+1 (n >= 1): 30 s, 1 min, 2 min … capped at 1 h. */
export function backoffSeconds(attempts: number): number {
  return Math.min(3600, 30 * 2 ** Math.max(0, attempts - 1));
}

interface ClaimedRow {
  id: number;
  to: string;
  subject: string;
  text: string;
  html: string;
  ics: string | null;
  ics_method: string | null;
  attempts: number;
}

/**
 * Sends queued mail. Rows are claimed with FOR UPDATE SKIP LOCKED and leased for a while, so several
 * API processes on one PostgreSQL never send the same message twice; a process that dies mid-send lets
 * the lease run out and another picks the message up.
 */
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

  private async claim(limit: number): Promise<ClaimedRow[]> {
    const result = await this.db.execute(sql`
      update mail_outbox set attempts = attempts + 1, next_attempt_at = now() + make_interval(secs => ${LEASE_SECONDS})
      where id in (
        select id from mail_outbox
        where status = 'pending' and next_attempt_at <= now()
        order by id limit ${limit}
        for update skip locked)
      returning id, "to", subject, text, html, ics, ics_method, attempts`);
    return (result as unknown as { rows: ClaimedRow[] }).rows;
  }

  /** One pass: returns the number of messages sent. */
  protected async processDue(): Promise<number> {
    const rows = await this.claim(20);
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
        });
        await this.db.execute(sql`update mail_outbox set status = 'sent', sent_at = now(), last_error = null where id = ${row.id}`);
        sent++;
      } catch (err) {
        const message = err instanceof Error ? err.message : String(err);
        const failed = row.attempts >= MAX_MAIL_ATTEMPTS;
        this.log.warn({ mailId: row.id, attempts: row.attempts, failed }, 'mail delivery failed');
        await this.db.execute(sql`
          update mail_outbox set
            status = ${failed ? 'failed' : 'pending'},
            last_error = ${message.slice(0, 500)},
            next_attempt_at = now() + make_interval(secs => ${backoffSeconds(row.attempts)})
          where id = ${row.id}`);
      }
    }
    return sent;
  }
}
