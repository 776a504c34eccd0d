import { DateTime } from 'luxon';
import { formatDateText, toTwelveHour } from '@careslot/contracts/time';

/** Whether a slot starts on `dateText` (DD/MM/YYYY) at `time24` (HH:mm), read in its hospital's own time zone. */
export function startsAtLocal(startsAt: Date | string, timeZone: string, dateText: string, time24: string): boolean {
  const local = DateTime.fromJSDate(new Date(startsAt), { zone: timeZone });
  return local.toFormat('dd/MM/yyyy') === dateText && local.toFormat('HH:mm') === time24;
}

/** One formatter per time zone: building an Intl.DateTimeFormat is the expensive part, using it is cheap. */
const localFormats = new Map<string, Intl.DateTimeFormat>();

type WallClock = Readonly<{ year: number; month: number; day: number; hour: number; minute: number }>;

/**
 * Instants already read, by zone and time. Slots start on a few grid times shared by many providers, so a page of search
 * results mostly asks for instants read before (formatToParts was ~4 % of the API's CPU on a search). Bounded: emptied
 * when full.
 */
const readInstants = new Map<string, WallClock>();
const MAX_READ_INSTANTS = 10_000;

/** Year, month, day, hour and minute of an instant on the wall clock of `timeZone`. */
function wallClock(at: Date, timeZone: string): WallClock {
  const key = `${timeZone}|${at.getTime()}`;
  const known = readInstants.get(key);
  if (known) return known;
  const read = readWallClock(at, timeZone);
  if (readInstants.size >= MAX_READ_INSTANTS) readInstants.clear();
  readInstants.set(key, read);
  return read;
}

function readWallClock(at: Date, timeZone: string): WallClock {
  let format = localFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-GB', {
      timeZone,
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      hourCycle: 'h23',
    });
    localFormats.set(timeZone, format);
  }
  const parts: Record<string, number> = {};
  for (const p of format.formatToParts(at)) if (p.type !== 'literal') parts[p.type] = Number(p.value);
  return Object.freeze(parts) as WallClock;
}

const hhmm = (t: { hour: number; minute: number }) => `${String(t.hour).padStart(2, '0')}:${String(t.minute).padStart(2, '0')}`;

/**
 * How a slot is shown: day/month/year text and 12-hour times in the hospital's own time zone. Every search result card
 * shows one, so it reads the wall clock with a cached Intl formatter rather than luxon's zone arithmetic
 * (docs/performance.md); the answers are the same.
 */
export function describeSlot(startsAt: Date | string, endsAt: Date | string, timeZone: string) {
  const startDate = new Date(startsAt);
  const endDate = new Date(endsAt);
  const start = wallClock(startDate, timeZone);
  const end = wallClock(endDate, timeZone);
  return {
    date: formatDateText(start.year, start.month, start.day),
    time: toTwelveHour(hhmm(start))!,
    end_time: toTwelveHour(hhmm(end))!,
    consultationTime: Math.round((endDate.getTime() - startDate.getTime()) / 60_000),
    starts_at: startDate.toISOString(),
    time_zone: timeZone,
  };
}
