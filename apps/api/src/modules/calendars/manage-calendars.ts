import type { z } from 'zod';
import { calendarMessages, MAX_CALENDARS, type calendarInputSchema, type ConnectedCalendar } from '@careslot/contracts/calendars';
import type { Db, Queryable } from '../../db/client';
import { ConflictError, ValidationError } from '../../lib/errors';
import { CalendarContentError } from './busy-times';
import { calendarCounts, insertCalendar, listCalendars, replaceBusyTimes } from './calendars.repository';
import { CalendarFetchError } from './safe-fetch';
import { providerZone, readBusyTimes, SYNC_EVERY_MS, type SyncDeps } from './sync-calendar';

export interface ManageDeps {
  db: Db;
  sync: SyncDeps;
}

type CalendarInput = z.output<typeof calendarInputSchema>;

/** The provider's calendars as the screen shows them (never a password). */
export async function calendarRows(db: Queryable, providerId: string, now: Date = new Date()): Promise<ConnectedCalendar[]> {
  const rows = await listCalendars(db, providerId);
  const counts = await calendarCounts(db, providerId, now);
  return rows.map((c) => ({
    id: c.id,
    name: c.name,
    kind: c.kind as ConnectedCalendar['kind'],
    url: c.url,
    last_synced_at: c.last_synced_at?.toISOString() ?? null,
    busy_events: counts.get(c.id)?.busy_events ?? 0,
    slots_hidden: counts.get(c.id)?.slots_hidden ?? 0,
    error: c.error,
  }));
}

/**
 * Connects a calendar after reading it once: a link that cannot be fetched or read is refused with the reason (400),
 * and a good one's busy times are in force from the moment it is saved. Returns the new calendar's id.
 */
export async function addCalendar(deps: ManageDeps, providerId: string, input: CalendarInput, now: Date = new Date()): Promise<string> {
  if (input.kind !== 'ics')
    throw new ValidationError("CalDAV calendars cannot be connected yet: use the calendar's ICS (iCalendar) link.", {
      kind: 'Use kind ics.',
    });
  const existing = await listCalendars(deps.db, providerId);
  if (existing.length >= MAX_CALENDARS) throw new ConflictError(calendarMessages.tooMany);
  if (existing.some((c) => c.url === input.url)) throw new ConflictError(calendarMessages.duplicate);
  let periods;
  try {
    periods = await readBusyTimes(deps.sync, { url: input.url }, await providerZone(deps.db, providerId), now);
  } catch (err) {
    if (err instanceof CalendarFetchError || err instanceof CalendarContentError)
      throw new ValidationError(err.message, { url: err.message });
    throw err;
  }
  return deps.db.transaction(async (tx) => {
    const row = await insertCalendar(tx, {
      provider_id: providerId,
      name: input.name,
      kind: input.kind,
      url: input.url,
      next_sync_at: new Date(now.getTime() + SYNC_EVERY_MS),
    });
    await replaceBusyTimes(tx, row, periods, now);
    return row.id;
  });
}
