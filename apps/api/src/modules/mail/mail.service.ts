import { mailOutbox } from '../../db/schema/mail';
import type { Queryable } from '../../db/client';
import type { OutgoingMail } from './mail.types';

/**
 * Queues an e-mail. Call it with the transaction that makes the change the e-mail reports,
 * so the message exists exactly when the change does; the outbox worker sends it.
 */
export async function enqueueMail(q: Queryable, mail: OutgoingMail): Promise<void> {
  await q.insert(mailOutbox).values({
    to: mail.to,
    subject: mail.subject,
    text: mail.text,
    html: mail.html,
    ics: mail.ics?.content ?? null,
    ics_method: mail.ics?.method ?? null,
  });
}
