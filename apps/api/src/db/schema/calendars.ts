import { bigserial, boolean, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { createdAt } from './common';
import { providers } from './providers';

/**
 * A provider's private subscription feed of their bookings (docs/calendars.md). Only the SHA-256 of the token is kept:
 * the link is shown in full once, when made or rotated. One feed per provider; rotating replaces the row's hash.
 */
export const calendarFeeds = pgTable('calendar_feeds', {
  provider_id: uuid('provider_id')
    .primaryKey()
    .references(() => providers.id, { onDelete: 'cascade' }),
  token_hash: text('token_hash').notNull().unique(),
  /** The token's last four characters, so the screen can show which link is live without the link itself. */
  token_hint: text('token_hint').notNull(),
  /** The patient's stated reason for the visit goes into event descriptions only when the provider switches it on. */
  show_concern: boolean('show_concern').notNull().default(false),
  createdAt: createdAt(),
});

/** A calendar of the provider's own whose busy times are taken off sale: an ICS link or a CalDAV calendar. */
export const providerCalendars = pgTable(
  'provider_calendars',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    provider_id: uuid('provider_id')
      .notNull()
      .references(() => providers.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    /** 'ics' | 'caldav' */
    kind: text('kind').notNull(),
    url: text('url').notNull(),
    /** CalDAV only. */
    username: text('username'),
    /** CalDAV app password, AES-256-GCM with DATA_ENCRYPTION_KEY like bank account numbers; never returned. */
    password_enc: text('password_enc'),
    /** Last sync that succeeded; its busy times stay in force while later ones fail. */
    last_synced_at: timestamp('last_synced_at', { withTimezone: true }),
    /** The last failure's sentence for people; null after a success. */
    error: text('error'),
    /** First failure of the current run of failures; null after a success. */
    failing_since: timestamp('failing_since', { withTimezone: true }),
    /** When the one "failing for 24 hours" e-mail of the current run of failures was queued. */
    failure_mailed_at: timestamp('failure_mailed_at', { withTimezone: true }),
    /** When the sync worker takes it next; claiming moves it 10 minutes on, so one process syncs it at a time. */
    next_sync_at: timestamp('next_sync_at', { withTimezone: true }).notNull().defaultNow(),
    createdAt: createdAt(),
  },
  (t) => [index('provider_calendars_provider_idx').on(t.provider_id), index('provider_calendars_next_sync_idx').on(t.next_sync_at)],
);

/** The busy times of a calendar's last good sync (recurrences expanded), as UTC instants. */
export const calendarBusyTimes = pgTable(
  'calendar_busy_times',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    calendar_id: uuid('calendar_id')
      .notNull()
      .references(() => providerCalendars.id, { onDelete: 'cascade' }),
    /** Copied from the calendar so the free-slot rule probes one index. */
    provider_id: uuid('provider_id')
      .notNull()
      .references(() => providers.id, { onDelete: 'cascade' }),
    starts_at: timestamp('starts_at', { withTimezone: true }).notNull(),
    ends_at: timestamp('ends_at', { withTimezone: true }).notNull(),
    all_day: boolean('all_day').notNull().default(false),
  },
  (t) => [
    index('calendar_busy_times_provider_idx').on(t.provider_id, t.starts_at, t.ends_at),
    index('calendar_busy_times_calendar_idx').on(t.calendar_id),
  ],
);
