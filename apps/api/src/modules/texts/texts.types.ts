/** What other modules may know about text messages: the message they queue, and the transport app.ts may replace. */

export interface OutgoingText {
  /** E.164, as patients' numbers are stored (e.g. +447911123456). */
  to: string;
  /** Never the purpose of a visit: the time and the clinic only (docs/after-booking.md). */
  body: string;
}

export interface TextTransport {
  /** 'dev' or 'twilio', recorded on each sent row. */
  readonly name: string;
  /** Sends one text; answers the provider's message id, if any. Throws on failure (the worker retries). */
  send(message: OutgoingText): Promise<{ id: string | null }>;
}
