import type { Queryable } from '../../db/client';
import { insertOutboxMail } from './mail.repository';
import type { OutgoingMail } from './mail.types';

/**
 * Queues an e-mail. Call it with the transaction that makes the change the e-mail reports,
 * so the message exists exactly when the change does; the outbox worker sends it.
 */
export async function enqueueMail(q: Queryable, mail: OutgoingMail): Promise<void> {
  await insertOutboxMail(q, mail);
}
