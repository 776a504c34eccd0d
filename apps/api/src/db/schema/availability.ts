import { sql } from 'drizzle-orm';
import { check, date, index, integer, jsonb, pgTable, smallint, text, uuid } from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from './common';
import { hospitals, providers } from './providers';

/** A block of clinic hours in the clinic's wall-clock time, 'HH:MM' 24-hour. */
export interface TimeBlock {
  start_time: string;
  end_time: string;
}

/**
 * A provider's availability rules (docs/provider-workspace.md, "Availability"): weekly hours at one clinic, a one-off
 * date at one clinic, or time off (at one clinic, or at all of them when hospital_id is null) that overrides both.
 * Dates and blocks are in the clinic's wall-clock time and IANA zone; slots are generated from them.
 */
export const availabilityRules = pgTable(
  'availability_rules',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    provider_id: uuid('provider_id')
      .notNull()
      .references(() => providers.id, { onDelete: 'cascade' }),
    /** Null only for time off that applies at every clinic. */
    hospital_id: uuid('hospital_id').references(() => hospitals.id, { onDelete: 'cascade' }),
    /** 'weekly' | 'date' | 'time_off' */
    kind: text('kind').notNull(),
    /** ISO weekdays (Monday 1 … Sunday 7); weekly rules only. */
    weekdays: smallint('weekdays')
      .array()
      .notNull()
      .default(sql`'{}'::smallint[]`),
    /** Hours of the day; for time off, empty means whole days. */
    blocks: jsonb('blocks').$type<TimeBlock[]>().notNull().default([]),
    from_date: date('from_date', { mode: 'string' }).notNull(),
    /** Last day included; null for a weekly rule without end. */
    until_date: date('until_date', { mode: 'string' }),
    /** Slot length for this rule; null: the provider's setting. */
    slot_minutes: integer('slot_minutes'),
    /** Why (time off), shown to the provider only. */
    note: text('note'),
    /** Weekly rules: the last local day whose slots exist (the daily job rolls it forward). */
    generated_until: date('generated_until', { mode: 'string' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('availability_rules_provider_idx').on(t.provider_id, t.kind),
    check('availability_rules_kind', sql`${t.kind} in ('weekly', 'date', 'time_off')`),
  ],
);

/** Per-provider scheduling settings; a provider without a row has the defaults. */
export const providerScheduleSettings = pgTable(
  'provider_schedule_settings',
  {
    provider_id: uuid('provider_id')
      .primaryKey()
      .references(() => providers.id, { onDelete: 'cascade' }),
    /** Default slot length; null: the provider's consultation length. */
    slot_minutes: integer('slot_minutes'),
    buffer_minutes: integer('buffer_minutes').notNull().default(0),
    min_notice_minutes: integer('min_notice_minutes').notNull().default(120),
    horizon_days: integer('horizon_days').notNull().default(90),
    updatedAt: updatedAt(),
  },
  (t) => [
    check(
      'provider_schedule_settings_ranges',
      sql`${t.buffer_minutes} >= 0 and ${t.min_notice_minutes} >= 0 and ${t.horizon_days} between 1 and 365`,
    ),
  ],
);

export type AvailabilityRuleRow = typeof availabilityRules.$inferSelect;
export type ScheduleSettingsRow = typeof providerScheduleSettings.$inferSelect;
