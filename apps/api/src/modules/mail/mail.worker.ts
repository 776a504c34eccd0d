import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client';
import type { MailTransport } from './mail.transport';

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
export class OutboxWorker {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<number> | null = null;
  private rerun = false;
  private stopped = false;

  constructor(
    private readonly db: Db,
    private readonly transport: MailTransport,
    private readonly from: string,
    private readonly log: FastifyBaseLogger,
    private readonly pollMs: number,
  ) {}

  start(): void {
    this.stopped = false;
    const tick = () => {
      if (this.stopped) return;
      this.kick();
      this.timer = setTimeout(tick, this.pollMs);
      this.timer.unref();
    };
    tick();
  }

  /** Processes due mail soon; coalesces calls made while a batch is running. */
  kick(): void {
    if (this.running) {
      this.rerun = true;
      return;
    }
    this.running = this.processDue()
      .catch((err) => {
        this.log.error({ err }, 'outbox batch failed');
        return 0;
      })
      .finally(() => {
        this.running = null;
        if (this.rerun && !this.stopped) {
          this.rerun = false;
          this.kick();
        }
      });
  }

  /** Sends everything due now (tests and shutdown). Returns how many were sent. */
  async drain(): Promise<number> {
    let total = 0;
    for (;;) {
      // A kick may chain another batch when it ends (rerun); wait for all of them, or their leased rows
      // are skipped here and the caller reads the mailbox before they are sent.
      while (this.running) await this.running;
      const sent = await this.processDue();
      total += sent;
      if (sent === 0 && !this.running) return total;
    }
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    if (this.running) await this.running;
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
  private async processDue(): Promise<number> {
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
