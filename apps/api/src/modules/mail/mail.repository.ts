import { desc, eq, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client';
import { devMailbox, mailOutbox } from '../../db/schema/mail';
import type { OutgoingMail } from './mail.types';
import { rowsOf } from '../../db/rows';

const LEASE_SECONDS = 120;

export async function insertOutboxMail(q: Queryable, mail: OutgoingMail): Promise<void> {
  await q.insert(mailOutbox).values({
    to: mail.to,
    subject: mail.subject,
    text: mail.text,
    html: mail.html,
    ics: mail.ics?.content ?? null,
    ics_method: mail.ics?.method ?? null,
  });
}

export interface ClaimedMail {
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
 * Claims due messages with FOR UPDATE SKIP LOCKED and leases them for a while, so several API processes never send
 * the same message twice; a process that dies mid-send lets the lease run out and another picks the message up.
 */
export async function claimDueMail(q: Queryable, limit: number): Promise<ClaimedMail[]> {
  // UPDATE … RETURNING gives rows in no set order (PostgreSQL's plan decides), so they are sorted again: mail goes out
  // in the order it was queued, e.g. a waitlist's notices in join order.
  const result = await q.execute(sql`
      with claimed as (
        update mail_outbox set attempts = attempts + 1, next_attempt_at = now() + make_interval(secs => ${LEASE_SECONDS})
        where id in (
          select id from mail_outbox
          where status = 'pending' and next_attempt_at <= now()
          order by id limit ${limit}
          for update skip locked)
        returning id, "to", subject, text, html, ics, ics_method, attempts)
      select * from claimed order by id`);
  return rowsOf<ClaimedMail>(result);
}

export async function markMailSent(q: Queryable, id: number): Promise<void> {
  await q.execute(sql`update mail_outbox set status = 'sent', sent_at = now(), last_error = null where id = ${id}`);
}

/** A failed attempt: retried after `retryInSeconds`, or given up (`failed`). */
export async function markMailAttemptFailed(
  q: Queryable,
  id: number,
  failed: boolean,
  error: string,
  retryInSeconds: number,
): Promise<void> {
  await q.execute(sql`
          update mail_outbox set
            status = ${failed ? 'failed' : 'pending'},
            last_error = ${error},
            next_attempt_at = now() + make_interval(secs => ${retryInSeconds})
          where id = ${id}`);
}

export async function insertDevMailboxMessage(
  q: Queryable,
  m: { to: string; subject: string; text: string; html: string; raw: string; ics: string | null },
): Promise<void> {
  await q.insert(devMailbox).values(m);
}

/** The newest 200 messages, optionally for one address. */
export async function listDevMailbox(q: Queryable, to?: string) {
  return q
    .select()
    .from(devMailbox)
    .where(to ? eq(devMailbox.to, to) : undefined)
    .orderBy(desc(devMailbox.id))
    .limit(200);
}

export async function findDevMailboxMessage(q: Queryable, id: number) {
  const [m] = await q.select().from(devMailbox).where(eq(devMailbox.id, id));
  return m ?? null;
}
