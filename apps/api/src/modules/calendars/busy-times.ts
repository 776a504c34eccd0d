import ICAL from 'ical.js';
import { DateTime } from 'luxon';
import { tzlib_get_ical_block } from 'timezones-ical-library';
import type { BusyPeriod } from './calendars.repository';

/**
 * The busy times in an iCalendar document (docs/calendars.md, "Busy times"): ical.js parses it and expands
 * RRULE/RDATE/EXDATE and RECURRENCE-ID overrides; nothing here reads iCalendar text itself. Opaque, non-cancelled
 * events count; an all-day event blocks its whole day in the provider's zone; floating times are the provider's zone.
 */

export class CalendarContentError extends Error {}

export const NOT_ICALENDAR = 'The link did not return a calendar (iCalendar data), so no busy times could be read from it.';

/** Most busy periods read from one calendar, and most occurrences of one recurring event looked at. */
export const MAX_BUSY_PERIODS = 20_000;
const MAX_STEPS_PER_EVENT = 50_000;

export interface BusyWindow {
  from: Date;
  until: Date;
  /** IANA zone for all-day events and floating times (the provider's clinic zone). */
  zone: string;
}

const isIanaZone = (name: string) => DateTime.now().setZone(name).isValid;

/** ical.js's registry is global: each document's zones replace the last one's while it is read (synchronously). */
function registerZones(cal: ICAL.Component): void {
  ICAL.TimezoneService.reset();
  for (const z of cal.getAllSubcomponents('vtimezone')) {
    const tz = new ICAL.Timezone(z);
    if (tz.tzid) ICAL.TimezoneService.register(tz, tz.tzid);
  }
  // Zones named but not defined in the document (many feeds rely on the IANA name alone): from the library's table.
  const named = new Set<string>();
  for (const ev of cal.getAllSubcomponents('vevent')) {
    for (const prop of ['dtstart', 'dtend', 'recurrence-id', 'exdate', 'rdate']) {
      for (const p of ev.getAllProperties(prop)) {
        const tzid = p.getParameter('tzid');
        if (typeof tzid === 'string') named.add(tzid);
      }
    }
  }
  for (const tzid of named) {
    if (ICAL.TimezoneService.has(tzid)) continue;
    const found = tzlib_get_ical_block(tzid);
    const block = Array.isArray(found) ? found[0] : undefined;
    if (block?.startsWith('BEGIN:VTIMEZONE'))
      ICAL.TimezoneService.register(new ICAL.Timezone(new ICAL.Component(ICAL.parse(block) as unknown[])), tzid);
  }
}

/** An ical.js time as an instant: zoned and UTC times as they are; floating ones and dates in `zone`. */
function instant(t: ICAL.Time, zone: string): Date {
  if (!t.isDate && t.zone && t.zone.tzid !== 'floating') return new Date(t.toUnixTime() * 1000);
  const named = (t as unknown as { timezone?: string }).timezone;
  const where = named && isIanaZone(named) ? named : zone;
  return DateTime.fromObject(
    {
      year: t.year,
      month: t.month,
      day: t.day,
      hour: t.isDate ? 0 : t.hour,
      minute: t.isDate ? 0 : t.minute,
      second: t.isDate ? 0 : t.second,
    },
    { zone: where },
  ).toJSDate();
}

/** Whether an event (or one occurrence's override) takes the provider's time. */
function blocksTime(item: ICAL.Event): boolean {
  const status = String(item.component.getFirstPropertyValue('status') ?? '').toUpperCase();
  const transp = String(item.component.getFirstPropertyValue('transp') ?? '').toUpperCase();
  return status !== 'CANCELLED' && transp !== 'TRANSPARENT';
}

function period(start: ICAL.Time, end: ICAL.Time | null, zone: string): BusyPeriod | null {
  const startsAt = instant(start, zone);
  if (start.isDate) {
    // DTEND of an all-day event is the day after its last (exclusive); none means the one day.
    const endsAt =
      end && end.compare(start) > 0 ? instant(end, zone) : DateTime.fromJSDate(startsAt, { zone }).plus({ days: 1 }).toJSDate();
    return { starts_at: startsAt, ends_at: endsAt, all_day: true };
  }
  if (!end || end.compare(start) <= 0) return null; // no length: blocks nothing
  return { starts_at: startsAt, ends_at: instant(end, zone), all_day: false };
}

/** Parses an iCalendar document; throws CalendarContentError with a sentence for people when it is not one. */
export function parseCalendar(text: string): ICAL.Component {
  const body = text.replace(/^\uFEFF/, '').trimStart();
  if (!/^BEGIN:VCALENDAR/i.test(body)) throw new CalendarContentError(NOT_ICALENDAR);
  try {
    const jcal = ICAL.parse(body) as unknown[];
    // Several VCALENDARs in one document come back as a list of them: take the first.
    const first = Array.isArray(jcal[0]) ? (jcal[0] as unknown[]) : jcal;
    const cal = new ICAL.Component(first);
    if (cal.name !== 'vcalendar') throw new CalendarContentError(NOT_ICALENDAR);
    return cal;
  } catch (err) {
    if (err instanceof CalendarContentError) throw err;
    throw new CalendarContentError(NOT_ICALENDAR);
  }
}

/** Every busy period of the calendars' events that overlaps the window, recurrences expanded, in start order. */
export function busyPeriodsOf(calendars: ICAL.Component[], window: BusyWindow): BusyPeriod[] {
  const out: BusyPeriod[] = [];
  const overlaps = (p: BusyPeriod) => p.starts_at < window.until && p.ends_at > window.from;
  const add = (p: BusyPeriod | null) => {
    if (p && overlaps(p)) out.push(p);
  };
  for (const cal of calendars) {
    registerZones(cal);
    try {
      const byUid = new Map<string, { master?: ICAL.Component; exceptions: ICAL.Component[] }>();
      for (const v of cal.getAllSubcomponents('vevent')) {
        const uid = String(v.getFirstPropertyValue('uid') ?? `no-uid-${byUid.size}`);
        const group = byUid.get(uid) ?? { exceptions: [] };
        if (v.hasProperty('recurrence-id')) group.exceptions.push(v);
        else group.master = v;
        byUid.set(uid, group);
      }
      for (const { master, exceptions } of byUid.values()) {
        if (!master) {
          // Overrides whose series is not in this document: each is an event of its own.
          for (const x of exceptions) {
            const e = new ICAL.Event(x);
            if (blocksTime(e)) add(period(e.startDate, e.endDate, window.zone));
          }
          continue;
        }
        const event = new ICAL.Event(master, { exceptions, strictExceptions: false });
        if (!event.startDate) continue;
        if (!event.isRecurring()) {
          if (blocksTime(event)) add(period(event.startDate, event.endDate, window.zone));
          continue;
        }
        const it = event.iterator();
        for (let step = 0; step < MAX_STEPS_PER_EVENT; step++) {
          const next = it.next();
          if (!next) break;
          const details = event.getOccurrenceDetails(next);
          const p = blocksTime(details.item) ? period(details.startDate, details.endDate, window.zone) : null;
          if (p) add(p);
          // Occurrences come in order of their original times; an override may move one, so look a day past the end.
          if (instant(next, window.zone).getTime() > window.until.getTime() + 86_400_000) break;
          if (out.length > MAX_BUSY_PERIODS) break;
        }
      }
    } finally {
      ICAL.TimezoneService.reset();
    }
  }
  out.sort((a, b) => a.starts_at.getTime() - b.starts_at.getTime() || a.ends_at.getTime() - b.ends_at.getTime());
  return out.slice(0, MAX_BUSY_PERIODS);
}

/** The busy times of an iCalendar document within the window. */
export function busyPeriodsFromText(text: string, window: BusyWindow): BusyPeriod[] {
  return busyPeriodsOf([parseCalendar(text)], window);
}
