import { bigserial, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { createdAt } from './common';

/** Every e-mail is written here in the same transaction as the change it reports, then sent by the worker. */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    to: text('to').notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    html: text('html').notNull(),
    /** iCalendar body attached as an invitation. */
    ics: text('ics'),
    ics_method: text('ics_method'),
    /** 'pending' | 'sent' | 'failed' */
    status: text('status').notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    next_attempt_at: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    last_error: text('last_error'),
    sent_at: timestamp('sent_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('mail_outbox_due_idx').on(t.status, t.next_attempt_at)],
);

/** Messages delivered to the built-in dev mailbox (no SMTP configured, not production). */
export const devMailbox = pgTable('dev_mailbox', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  to: text('to').notNull(),
  subject: text('subject').notNull(),
  text: text('text').notNull(),
  html: text('html').notNull(),
  /** The whole message as nodemailer rendered it (RFC 822). */
  raw: text('raw').notNull(),
  /** The calendar attachment's text, if the message had one. */
  ics: text('ics'),
  createdAt: createdAt(),
});

/**
 * Text messages (docs/after-booking.md), queued in the transaction that makes the change they report, then sent by
 * the texts worker through Twilio when it is configured, or kept here for the dev outbox (/dev/texts) otherwise.
 */
export const textOutbox = pgTable(
  'text_outbox',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    /** E.164, e.g. +447911123456. */
    to: text('to').notNull(),
    body: text('body').notNull(),
    /** 'pending' | 'sent' | 'failed' */
    status: text('status').notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    next_attempt_at: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    last_error: text('last_error'),
    /** Where it went: 'dev' (the dev outbox) or 'twilio'; and the provider's message id. */
    transport: text('transport'),
    provider_id: text('provider_id'),
    sent_at: timestamp('sent_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('text_outbox_due_idx').on(t.status, t.next_attempt_at)],
);
