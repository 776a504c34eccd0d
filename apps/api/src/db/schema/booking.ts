import { sql } from 'drizzle-orm';
import { bigint, bigserial, date, index, integer, jsonb, pgTable, smallint, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { availabilityRules } from './availability';
import { createdAt, updatedAt } from './common';
import { patients } from './identity';
import { hospitals, providers } from './providers';

/** One bookable slot of a provider at a hospital; instants in UTC, shown in the hospital's time zone. */
export const availabilitySlots = pgTable(
  'availability_slots',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    provider_id: uuid('provider_id')
      .notNull()
      .references(() => providers.id, { onDelete: 'cascade' }),
    hospital_id: uuid('hospital_id')
      .notNull()
      .references(() => hospitals.id),
    region: text('region').notNull(),
    starts_at: timestamp('starts_at', { withTimezone: true }).notNull(),
    ends_at: timestamp('ends_at', { withTimezone: true }).notNull(),
    /**
     * 'open' | 'withdrawn' (the provider withdrew it, or cancelled its booking) | 'removed' (a rule change took it away
     * after someone had held it; kept for that history, never shown). Taken-ness lives in bookings. No two open slots of
     * one provider overlap, across clinics: the exclusion constraint availability_slots_no_overlap (custom migration).
     */
    status: text('status').notNull().default('open'),
    /** The rule that generated it; null for slots made before rules existed. */
    rule_id: uuid('rule_id').references(() => availabilityRules.id, { onDelete: 'set null' }),
    /** Last instant a patient may book it (start minus the provider's minimum notice); null: until it starts. */
    book_by: timestamp('book_by', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    index('availability_slots_provider_start_idx').on(t.provider_id, t.starts_at),
    index('availability_slots_start_idx').on(t.starts_at),
    index('availability_slots_rule_idx').on(t.rule_id),
  ],
);

export const BOOKING_STATUSES = [
  'Held',
  'Booked',
  'Completed',
  'Cancelled by Patient',
  'Cancelled by Doctor',
  'No Show',
  'Expired',
] as const;

export const bookings = pgTable(
  'bookings',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    slot_id: bigint('slot_id', { mode: 'number' })
      .notNull()
      .references(() => availabilitySlots.id),
    /** Null once the patient deleted their account (history kept, anonymised). */
    patient_id: uuid('patient_id').references(() => patients.id),
    provider_id: uuid('provider_id')
      .notNull()
      .references(() => providers.id),
    region: text('region').notNull(),
    status: text('status').notNull().default('Held'),
    hold_expires_at: timestamp('hold_expires_at', { withTimezone: true }),
    type_of_visit: text('type_of_visit').notNull().default('first_visit'),
    purpose_for_visit: text('purpose_for_visit').notNull().default(''),
    amount_minor: integer('amount_minor').notNull(),
    currency: text('currency').notNull(),
    payment_method: text('payment_method').notNull().default('stripe'),
    doctor_distance: text('doctor_distance'),
    cancelling_person: text('cancelling_person'),
    cancellation_reason: text('cancellation_reason'),
    /** Stable calendar UID; SEQUENCE increases with each update. */
    ics_uid: text('ics_uid').notNull(),
    ics_sequence: smallint('ics_sequence').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    // Exactly one active booking (held or booked) per slot, whatever the concurrency.
    uniqueIndex('bookings_one_active_per_slot_uq')
      .on(t.slot_id)
      .where(sql`${t.status} in ('Held','Booked')`),
    index('bookings_patient_idx').on(t.patient_id),
    index('bookings_provider_idx').on(t.provider_id, t.status),
  ],
);

/** E-mailed one-time codes bound to one patient and one booking attempt. */
export const otpCodes = pgTable(
  'otp_codes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    patient_id: uuid('patient_id')
      .notNull()
      .references(() => patients.id, { onDelete: 'cascade' }),
    /** provider|region|date|time of the attempt the code is bound to. */
    attempt_key: text('attempt_key').notNull(),
    code_hash: text('code_hash').notNull(),
    expires_at: timestamp('expires_at', { withTimezone: true }).notNull(),
    failed_attempts: integer('failed_attempts').notNull().default(0),
    verified_at: timestamp('verified_at', { withTimezone: true }),
    consumed_at: timestamp('consumed_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('otp_codes_patient_idx').on(t.patient_id, t.createdAt)],
);

export const payments = pgTable(
  'payments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    booking_id: uuid('booking_id')
      .notNull()
      .references(() => bookings.id),
    /** 'sandbox' | 'stripe' | 'paypal' */
    gateway: text('gateway').notNull(),
    /** 'stripe' (card) | 'paypal' (wallet) */
    payment_method: text('payment_method').notNull(),
    /** Checkout session id or wallet order id. */
    external_id: text('external_id').notNull(),
    amount_minor: integer('amount_minor').notNull(),
    currency: text('currency').notNull(),
    /**
     * The platform's fee out of the provider's share, fixed when the payment completes (PLATFORM_FEE_BPS and
     * PLATFORM_FEE_FIXED_MINOR then); the ledger trigger books it with the capture (docs/payouts.md).
     */
    platform_fee_minor: integer('platform_fee_minor').notNull().default(0),
    /** 'PENDING' | 'COMPLETED' | 'FAILED' | 'REFUND_PENDING' | 'REFUNDED' */
    status: text('status').notNull().default('PENDING'),
    customer_email: text('customer_email'),
    capture_id: text('capture_id'),
    refund_id: text('refund_id'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('payments_gateway_external_uq').on(t.gateway, t.external_id), index('payments_booking_idx').on(t.booking_id)],
);

/** Webhook and verify events already processed: replays change nothing. */
export const paymentEvents = pgTable(
  'payment_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    gateway: text('gateway').notNull(),
    event_id: text('event_id').notNull(),
    type: text('type').notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('payment_events_uq').on(t.gateway, t.event_id)],
);

/** State of the built-in sandbox gateway (checkout sessions and wallet orders). */
export const sandboxPayments = pgTable('sandbox_payments', {
  id: text('id').primaryKey(),
  /** 'checkout_session' | 'order' */
  kind: text('kind').notNull(),
  status: text('status').notNull(),
  amount_minor: integer('amount_minor').notNull(),
  currency: text('currency').notNull(),
  client_secret: text('client_secret'),
  customer_email: text('customer_email'),
  metadata: jsonb('metadata').$type<Record<string, string>>().notNull().default({}),
  refunded_minor: integer('refunded_minor').notNull().default(0),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

/**
 * A booking's planned reminders (docs/after-booking.md): written with the booking in the same transaction, rebuilt when
 * it moves, deleted when it is cancelled, claimed by the reminder worker with FOR UPDATE SKIP LOCKED and marked sent in
 * the transaction that queues the message, so each is sent once.
 */
export const bookingReminders = pgTable(
  'booking_reminders',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    booking_id: uuid('booking_id')
      .notNull()
      .references(() => bookings.id, { onDelete: 'cascade' }),
    /** '7d' | '24h' */
    kind: text('kind').notNull(),
    /** 'email' | 'sms' */
    channel: text('channel').notNull().default('email'),
    due_at: timestamp('due_at', { withTimezone: true }).notNull(),
    sent_at: timestamp('sent_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('booking_reminders_uq').on(t.booking_id, t.kind, t.channel),
    index('booking_reminders_due_idx')
      .on(t.due_at)
      .where(sql`${t.sent_at} is null`),
  ],
);

/**
 * A patient waiting for a time with a provider between two days (docs/after-booking.md). Notified in join order when
 * a slot in the range frees up; removed on booking with that provider, on request, or once the range has passed.
 */
export const waitlistEntries = pgTable(
  'waitlist_entries',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    patient_id: uuid('patient_id')
      .notNull()
      .references(() => patients.id, { onDelete: 'cascade' }),
    provider_id: uuid('provider_id')
      .notNull()
      .references(() => providers.id, { onDelete: 'cascade' }),
    region: text('region').notNull(),
    /** Days in the provider's clinics' zone, YYYY-MM-DD, both included. */
    from_date: date('from_date', { mode: 'string' }).notNull(),
    to_date: date('to_date', { mode: 'string' }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('waitlist_provider_idx').on(t.provider_id, t.createdAt),
    uniqueIndex('waitlist_patient_provider_uq').on(t.patient_id, t.provider_id, t.from_date, t.to_date),
  ],
);
