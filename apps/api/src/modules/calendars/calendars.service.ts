import type { Queryable } from '../../db/client';
import { describeSlot } from '../availability/availability.service';
import { bookedClashes } from './calendars.repository';

/**
 * What other modules may use of calendars (docs/calendars.md): the booked appointments a busy time of the provider's
 * own calendars now overlaps. They stay booked; the dashboard shows them for the provider to decide.
 */
export async function calendarClashes(db: Queryable, providerId: string, now: Date = new Date()) {
  const clashes = await bookedClashes(db, providerId, now);
  return clashes.map((c) => {
    const shown = describeSlot(c.starts_at, c.ends_at, c.time_zone);
    return { date: shown.date, start_time: shown.time, end_time: shown.end_time, calendar_name: c.calendar_name };
  });
}
