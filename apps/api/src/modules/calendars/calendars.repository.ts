import { and, asc, eq, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client';
import { calendarBusyTimes, calendarFeeds, providerCalendars } from '../../db/schema/calendars';

const rowsOf = <T>(res: unknown) => (res as { rows: T[] }).rows;

// ---------- the private feed ----------

export type FeedRow = typeof calendarFeeds.$inferSelect;

export async function feedOf(db: Queryable, providerId: string): Promise<FeedRow | undefined> {
  const [row] = await db.select().from(calendarFeeds).where(eq(calendarFeeds.provider_id, providerId));
  return row;
}

export async function feedByTokenHash(db: Queryable, tokenHash: string): Promise<FeedRow | undefined> {
  const [row] = await db.select().from(calendarFeeds).where(eq(calendarFeeds.token_hash, tokenHash));
  return row;
}

/** Makes the provider's feed, or gives it a new token (the old one stops answering at once). */
export async function saveFeedToken(db: Queryable, providerId: string, tokenHash: string, hint: string): Promise<FeedRow> {
  const [row] = await db
    .insert(calendarFeeds)
    .values({ provider_id: providerId, token_hash: tokenHash, token_hint: hint })
    .onConflictDoUpdate({ target: calendarFeeds.provider_id, set: { token_hash: tokenHash, token_hint: hint, createdAt: sql`now()` } })
    .returning();
  return row!;
}

/** Makes the feed only when the provider has none; undefined when one exists (a concurrent first GET won). */
export async function createFeedIfNone(db: Queryable, providerId: string, tokenHash: string, hint: string): Promise<FeedRow | undefined> {
  const [row] = await db
    .insert(calendarFeeds)
    .values({ provider_id: providerId, token_hash: tokenHash, token_hint: hint })
    .onConflictDoNothing()
    .returning();
  return row;
}

export async function setFeedShowConcern(db: Queryable, providerId: string, show: boolean): Promise<FeedRow | undefined> {
  const [row] = await db.update(calendarFeeds).set({ show_concern: show }).where(eq(calendarFeeds.provider_id, providerId)).returning();
  return row;
}

export async function deleteFeed(db: Queryable, providerId: string): Promise<boolean> {
  const gone = await db.delete(calendarFeeds).where(eq(calendarFeeds.provider_id, providerId)).returning({ id: calendarFeeds.provider_id });
  return gone.length > 0;
}

export interface FeedBooking {
  id: string;
  ics_uid: string;
  ics_sequence: number;
  status: string;
  type_of_visit: string;
  purpose_for_visit: string;
  created_at: Date;
  updated_at: Date;
  starts_at: Date;
  ends_at: Date;
  hospital_name: string;
  address: string;
  city: string;
  postcode: string;
  time_zone: string;
  patient_first_name: string | null;
}

/** Statuses a feed shows: every booking that was confirmed, cancelled ones included (a hold that lapsed never was). */
const FEED_STATUSES = sql`('Booked', 'Completed', 'No Show', 'Cancelled by Patient', 'Cancelled by Doctor')`;

/** The provider's confirmed bookings starting after `from`, where they are now (a reschedule moved the row's slot). */
export async function feedBookings(db: Queryable, providerId: string, from: Date): Promise<FeedBooking[]> {
  const res = await db.execute(sql`
    select b.id, b.ics_uid, b.ics_sequence, b.status, b.type_of_visit, b.purpose_for_visit,
           b.created_at, b.updated_at, s.starts_at, s.ends_at,
           h.name as hospital_name, h.address, h.city, h.postcode, h.time_zone, p.first_name as patient_first_name
    from bookings b
    join availability_slots s on s.id = b.slot_id
    join hospitals h on h.id = s.hospital_id
    left join patients p on p.id = b.patient_id
    where b.provider_id = ${providerId} and b.status in ${FEED_STATUSES} and s.starts_at >= ${from.toISOString()}::timestamptz
    order by s.starts_at, b.id`);
  return rowsOf<FeedBooking & { created_at: Date | string; updated_at: Date | string; starts_at: Date | string; ends_at: Date | string }>(
    res,
  ).map((r) => ({
    ...r,
    ics_sequence: Number(r.ics_sequence),
    created_at: new Date(r.created_at),
    updated_at: new Date(r.updated_at),
    starts_at: new Date(r.starts_at),
    ends_at: new Date(r.ends_at),
  }));
}

/** The time zones of the provider's clinics (the feed carries each one's VTIMEZONE). */
export async function clinicZones(db: Queryable, providerId: string): Promise<string[]> {
  const res = await db.execute(sql`select distinct h.time_zone from provider_hospitals ph join hospitals h on h.id = ph.hospital_id
    where ph.provider_id = ${providerId} order by h.time_zone`);
  return rowsOf<{ time_zone: string }>(res).map((r) => r.time_zone);
}

// ---------- connected calendars ----------

export type CalendarRow = typeof providerCalendars.$inferSelect;
export type NewCalendar = typeof providerCalendars.$inferInsert;

export async function listCalendars(db: Queryable, providerId: string): Promise<CalendarRow[]> {
  return db
    .select()
    .from(providerCalendars)
    .where(eq(providerCalendars.provider_id, providerId))
    .orderBy(asc(providerCalendars.createdAt), asc(providerCalendars.id));
}

export async function calendarOf(db: Queryable, providerId: string, calendarId: string): Promise<CalendarRow | undefined> {
  const [row] = await db
    .select()
    .from(providerCalendars)
    .where(and(eq(providerCalendars.id, calendarId), eq(providerCalendars.provider_id, providerId)));
  return row;
}

export async function insertCalendar(db: Queryable, values: NewCalendar): Promise<CalendarRow> {
  const [row] = await db.insert(providerCalendars).values(values).returning();
  return row!;
}

export async function deleteCalendar(db: Queryable, providerId: string, calendarId: string): Promise<boolean> {
  const gone = await db
    .delete(providerCalendars)
    .where(and(eq(providerCalendars.id, calendarId), eq(providerCalendars.provider_id, providerId)))
    .returning({ id: providerCalendars.id });
  return gone.length > 0;
}

/** Locks the calendar's row for the rest of the transaction (two syncs of one calendar write one after the other). */
export async function lockCalendar(db: Queryable, calendarId: string): Promise<CalendarRow | undefined> {
  const res = await db.execute(sql`select id from provider_calendars where id = ${calendarId} for update`);
  if (rowsOf(res).length === 0) return undefined;
  const [row] = await db.select().from(providerCalendars).where(eq(providerCalendars.id, calendarId));
  return row;
}

export interface BusyPeriod {
  starts_at: Date;
  ends_at: Date;
  all_day: boolean;
}

/** Replaces the calendar's busy times with a sync's, and records the success. Inside the caller's transaction. */
export async function replaceBusyTimes(db: Queryable, calendar: CalendarRow, periods: BusyPeriod[], now: Date): Promise<void> {
  await db.delete(calendarBusyTimes).where(eq(calendarBusyTimes.calendar_id, calendar.id));
  for (let i = 0; i < periods.length; i += 500) {
    await db
      .insert(calendarBusyTimes)
      .values(periods.slice(i, i + 500).map((p) => ({ ...p, calendar_id: calendar.id, provider_id: calendar.provider_id })));
  }
  await db
    .update(providerCalendars)
    .set({ last_synced_at: now, error: null, failing_since: null, failure_mailed_at: null })
    .where(eq(providerCalendars.id, calendar.id));
}

/** Records a failed sync; the busy times of the last good one stay. */
export async function recordSyncFailure(db: Queryable, calendarId: string, error: string, now: Date, mailed: boolean): Promise<void> {
  await db
    .update(providerCalendars)
    .set({
      error,
      failing_since: sql`coalesce(${providerCalendars.failing_since}, ${now.toISOString()}::timestamptz)`,
      ...(mailed ? { failure_mailed_at: now } : {}),
    })
    .where(eq(providerCalendars.id, calendarId));
}

/**
 * Takes up to `max` calendars due for a sync and moves their next sync `everyMs` on, in one statement: rows another
 * process is taking are skipped (SKIP LOCKED), so each calendar is synced by one process at a time.
 */
export async function claimDueCalendars(db: Queryable, now: Date, everyMs: number, max: number): Promise<CalendarRow[]> {
  const res = await db.execute(sql`
    update provider_calendars set next_sync_at = ${new Date(now.getTime() + everyMs).toISOString()}::timestamptz
    where id in (
      select id from provider_calendars where next_sync_at <= ${now.toISOString()}::timestamptz
      order by next_sync_at limit ${max} for update skip locked)
    returning id`);
  const ids = rowsOf<{ id: string }>(res).map((r) => r.id);
  if (ids.length === 0) return [];
  return db
    .select()
    .from(providerCalendars)
    .where(sql`${providerCalendars.id} in ${ids}`);
}

/** Per calendar: busy periods from `now` on, and free future slots they hide. */
export async function calendarCounts(db: Queryable, providerId: string, now: Date) {
  const at = sql`${now.toISOString()}::timestamptz`;
  const res = await db.execute(sql`
    select c.id,
      (select count(*)::int from calendar_busy_times cb where cb.calendar_id = c.id and cb.ends_at > ${at}) as busy_events,
      (select count(*)::int from availability_slots s
        where s.provider_id = c.provider_id and s.status = 'open' and s.starts_at > ${at}
          and exists (select 1 from calendar_busy_times cb
            where cb.calendar_id = c.id and cb.starts_at < s.ends_at and cb.ends_at > s.starts_at)
          and not exists (select 1 from bookings b where b.slot_id = s.id and b.status = 'Booked')) as slots_hidden
    from provider_calendars c where c.provider_id = ${providerId}`);
  return new Map(rowsOf<{ id: string; busy_events: number; slots_hidden: number }>(res).map((r) => [r.id, r]));
}

export interface Clash {
  booking_id: string;
  starts_at: Date;
  ends_at: Date;
  time_zone: string;
  calendar_name: string;
}

/** Booked appointments from now on that a busy time of the provider's calendars overlaps (for the provider to decide). */
export async function bookedClashes(db: Queryable, providerId: string, now: Date): Promise<Clash[]> {
  const res = await db.execute(sql`
    select distinct on (b.id) b.id as booking_id, s.starts_at, s.ends_at, h.time_zone, c.name as calendar_name
    from bookings b
    join availability_slots s on s.id = b.slot_id
    join hospitals h on h.id = s.hospital_id
    join calendar_busy_times cb on cb.provider_id = b.provider_id and cb.starts_at < s.ends_at and cb.ends_at > s.starts_at
    join provider_calendars c on c.id = cb.calendar_id
    where b.provider_id = ${providerId} and b.status = 'Booked' and s.starts_at > ${now.toISOString()}::timestamptz
    order by b.id, c.name`);
  return rowsOf<Omit<Clash, 'starts_at' | 'ends_at'> & { starts_at: Date | string; ends_at: Date | string }>(res)
    .map((r) => ({ ...r, starts_at: new Date(r.starts_at), ends_at: new Date(r.ends_at) }))
    .sort((a, b) => a.starts_at.getTime() - b.starts_at.getTime());
}

/** Who to tell about a calendar, and the zone of their first clinic (null when they have none). */
export async function providerContact(db: Queryable, providerId: string) {
  const res = await db.execute(sql`
    select p.email, p.first_name, p.region,
      (select h.time_zone from provider_hospitals ph join hospitals h on h.id = ph.hospital_id
        where ph.provider_id = p.id order by ph.position limit 1) as zone
    from providers p where p.id = ${providerId}`);
  return rowsOf<{ email: string | null; first_name: string; region: string; zone: string | null }>(res)[0];
}
