import { desc, eq, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client';
import { textOutbox } from '../../db/schema/mail';
import type { OutgoingText } from './texts.types';
import { rowsOf } from '../../db/rows';

const LEASE_SECONDS = 120;

export async function insertOutboxText(q: Queryable, t: OutgoingText): Promise<void> {
  await q.insert(textOutbox).values({ to: t.to, body: t.body });
}

export interface ClaimedText {
  id: number;
  to: string;
  body: string;
  attempts: number;
}

/** Claims due texts with FOR UPDATE SKIP LOCKED and a lease, as the mail outbox does (decision 004). */
export async function claimDueTexts(q: Queryable, limit: number): Promise<ClaimedText[]> {
  const result = await q.execute(sql`
      update text_outbox set attempts = attempts + 1, next_attempt_at = now() + make_interval(secs => ${LEASE_SECONDS})
      where id in (
        select id from text_outbox
        where status = 'pending' and next_attempt_at <= now()
        order by id limit ${limit}
        for update skip locked)
      returning id, "to", body, attempts`);
  return rowsOf<ClaimedText>(result);
}

export async function markTextSent(q: Queryable, id: number, transport: string, providerId: string | null): Promise<void> {
  await q
    .update(textOutbox)
    .set({ status: 'sent', sent_at: sql`now()`, last_error: null, transport, provider_id: providerId })
    .where(eq(textOutbox.id, id));
}

export async function markTextAttemptFailed(q: Queryable, id: number, failed: boolean, error: string, retryInSeconds: number) {
  await q.execute(sql`
          update text_outbox set
            status = ${failed ? 'failed' : 'pending'},
            last_error = ${error},
            next_attempt_at = now() + make_interval(secs => ${retryInSeconds})
          where id = ${id}`);
}

/** The newest 200 texts, optionally to one number (the dev outbox). */
export async function listTexts(q: Queryable, to?: string) {
  return q
    .select()
    .from(textOutbox)
    .where(to ? eq(textOutbox.to, to) : undefined)
    .orderBy(desc(textOutbox.id))
    .limit(200);
}
