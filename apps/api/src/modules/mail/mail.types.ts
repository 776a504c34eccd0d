/** What other modules may know about mail: the message they queue, and the transport app.ts may replace. */

export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** iCalendar invitation, attached by nodemailer as text/calendar. */
  ics?: { content: string; method: 'REQUEST' | 'CANCEL' };
}

/** One rendered message as a transport sends it. */
export interface MailMessage {
  from: string;
  to: string;
  subject: string;
  text: string;
  html: string;
  ics?: { content: string; method: string } | null;
  /**
   * The Message-ID header, from the outbox row: the same on every delivery attempt, so a message sent again after a
   * crash (sent, then the process died before marking it sent) is recognisable as the same message (decision 053).
   */
  messageId?: string;
}

export interface MailTransport {
  send(message: MailMessage): Promise<void>;
  close(): void;
}
