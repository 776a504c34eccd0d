import type { Queryable } from '../../db/client';
import { insertOutboxText } from './texts.repository';
import type { OutgoingText } from './texts.types';

/**
 * Queues a text message. Call it with the transaction that makes the change the text reports, so the text exists
 * exactly when the change does; the texts worker sends it (Twilio when configured, otherwise the dev outbox).
 */
export async function enqueueText(q: Queryable, text: OutgoingText): Promise<void> {
  await insertOutboxText(q, text);
}

/** The words a patient may reply to stop texts (the carriers' standard opt-out keywords). */
const STOP_WORDS = new Set(['STOP', 'STOPALL', 'UNSUBSCRIBE', 'CANCEL', 'END', 'QUIT', 'OPTOUT', 'REVOKE']);

/** The words that turn texts back on (the same set Twilio's opt-out handling lifts its block for). */
const START_WORDS = new Set(['START', 'UNSTOP', 'YES']);

const keyword = (body: string) =>
  body
    .trim()
    .toUpperCase()
    .replace(/[^A-Z]/g, '');

export function isStopReply(body: string): boolean {
  return STOP_WORDS.has(keyword(body));
}

export function isStartReply(body: string): boolean {
  return START_WORDS.has(keyword(body));
}
