import { sql } from 'drizzle-orm';
import { bigint, bigserial, date, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from './common';
import { bankAccounts, providers } from './providers';

/**
 * The double-entry ledger (docs/payouts.md). An account is one kind of balance in one currency:
 * `gateway_cash` (per gateway), `provider_pending` / `provider_available` (per provider), `platform_fees`,
 * `refunds_due` (money owed back to patients) and `payouts_in_transit`. `key` names it uniquely
 * (kind:owner:currency) so the database function `ledger_account()` finds or makes it in one statement.
 */
export const ledgerAccounts = pgTable(
  'ledger_accounts',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    key: text('key').notNull(),
    kind: text('kind').notNull(),
    provider_id: uuid('provider_id').references(() => providers.id),
    gateway: text('gateway'),
    currency: text('currency').notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('ledger_accounts_key_uq').on(t.key), index('ledger_accounts_provider_idx').on(t.provider_id)],
);

/**
 * One balanced movement of money. `ref` makes each one happen once (`capture:{paymentId}`, `payout:{payoutId}`, …).
 * Append-only, and its lines sum to zero per currency: both enforced by the database (custom migration).
 */
export const ledgerEntries = pgTable(
  'ledger_entries',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    /** 'capture' | 'fee' | 'refund_decided' | 'refund_sent' | 'release' | 'payout' | 'payout_paid' | 'payout_failed' */
    kind: text('kind').notNull(),
    ref: text('ref').notNull(),
    booking_id: uuid('booking_id'),
    payment_id: uuid('payment_id'),
    payout_id: uuid('payout_id'),
    description: text('description').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('ledger_entries_ref_uq').on(t.ref),
    index('ledger_entries_booking_idx').on(t.booking_id),
    index('ledger_entries_created_idx').on(t.createdAt),
  ],
);

/** A line of an entry: positive debits, negative credits, in integer minor units of `currency`. */
export const ledgerLines = pgTable(
  'ledger_lines',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    entry_id: bigint('entry_id', { mode: 'number' })
      .notNull()
      .references(() => ledgerEntries.id),
    account_id: bigint('account_id', { mode: 'number' })
      .notNull()
      .references(() => ledgerAccounts.id),
    amount_minor: bigint('amount_minor', { mode: 'number' }).notNull(),
    currency: text('currency').notNull(),
  },
  (t) => [index('ledger_lines_entry_idx').on(t.entry_id), index('ledger_lines_account_idx').on(t.account_id, t.entry_id)],
);

/** A provider's payout schedule: 'daily' | 'weekly' (Monday, the default) | 'monthly' (the 1st). */
export const payoutSettings = pgTable('payout_settings', {
  provider_id: uuid('provider_id')
    .primaryKey()
    .references(() => providers.id, { onDelete: 'cascade' }),
  schedule: text('schedule').notNull().default('weekly'),
  updatedAt: updatedAt(),
});

/**
 * A payout of a provider's available balance to their primary bank account. `scheduled` (written, money moved to
 * in-transit, rail not yet asked) → `in_transit` (the rail accepted it) → `paid` | `failed`. The rail is asked with
 * `idempotency_key`, so a crash between its answer and our commit is resolved by asking again, never by paying twice.
 */
export const payouts = pgTable(
  'payouts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    provider_id: uuid('provider_id')
      .notNull()
      .references(() => providers.id),
    currency: text('currency').notNull(),
    amount_minor: integer('amount_minor').notNull(),
    status: text('status').notNull().default('scheduled'),
    /** The account paid; null once that account was deleted after the payout ended. */
    bank_account_id: uuid('bank_account_id').references(() => bankAccounts.id, { onDelete: 'set null' }),
    /** The destination as shown (masked number), kept when the account is later deleted. */
    destination: text('destination').notNull(),
    rail: text('rail').notNull(),
    idempotency_key: text('idempotency_key').notNull(),
    rail_payout_id: text('rail_payout_id'),
    failure_reason: text('failure_reason'),
    arrival_date: date('arrival_date', { mode: 'string' }),
    /** The worker's lease on a scheduled or in-transit payout (next time it may look at it). */
    next_check_at: timestamp('next_check_at', { withTimezone: true }).notNull().defaultNow(),
    paid_at: timestamp('paid_at', { withTimezone: true }),
    failed_at: timestamp('failed_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('payouts_idempotency_uq').on(t.idempotency_key),
    index('payouts_provider_idx').on(t.provider_id, t.createdAt),
    index('payouts_status_idx').on(t.status, t.next_check_at),
    // One unfinished payout per provider and currency at a time.
    uniqueIndex('payouts_one_open_uq')
      .on(t.provider_id, t.currency)
      .where(sql`${t.status} in ('scheduled', 'in_transit')`),
  ],
);

/** The sandbox payout rail's own record (what a bank would hold), keyed by our idempotency key. */
export const sandboxPayouts = pgTable('sandbox_payouts', {
  id: text('id').primaryKey(),
  idempotency_key: text('idempotency_key').notNull().unique(),
  amount_minor: integer('amount_minor').notNull(),
  currency: text('currency').notNull(),
  /** 'in_transit' until `settles_at`, then 'paid' or 'failed' (the documented failing test account). */
  outcome: text('outcome').notNull(),
  failure_reason: text('failure_reason'),
  settles_at: timestamp('settles_at', { withTimezone: true }).notNull(),
  createdAt: createdAt(),
});
