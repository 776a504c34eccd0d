import { DateTime, IANAZone } from 'luxon';
import { minutesOfDay } from '@careslot/contracts/availability';

/**
 * Turns availability rules into slots. Pure: no I/O, exhaustively unit-tested (rule-expansion.test.ts).
 *
 * Rules are wall-clock times in a clinic's IANA zone, so a weekly 09:00–12:00 stays 09:00–12:00 local time on both sides
 * of a clock change. Placement walks the block in wall-clock minutes (slot length + buffer); each start becomes an
 * instant in the clinic's zone and the slot lasts its length in real minutes. A local start time that does not exist
 * (the hour skipped in spring) is skipped; one that exists twice (the hour repeated in autumn) is used once, at its
 * first occurrence, as calendars do (RFC 5545 §3.3.5); a start that would overlap the previous slot is skipped.
 */

export interface TimeBlock {
  start_time: string;
  end_time: string;
}

export interface ExpandableRule {
  id: string;
  kind: 'weekly' | 'date' | 'time_off';
  hospital_id: string | null;
  weekdays: number[];
  blocks: TimeBlock[];
  from_date: string;
  until_date: string | null;
  slot_minutes: number | null;
}

export interface PlannedSlot {
  rule_id: string;
  hospital_id: string;
  starts_at: Date;
  ends_at: Date;
}

export interface ExpansionOptions {
  /** Slot length when the rule has none. */
  slotMinutes: number;
  bufferMinutes: number;
  /** The clinic's IANA zone. */
  zoneOf(hospitalId: string): string;
  /** Local days (YYYY-MM-DD), both included, in the rule's clinic zone. */
  from: string;
  to: string;
  /** Slots starting at or before this instant are left out (the past). */
  notBefore?: Date;
  /** Time off that overrides the rule. */
  timeOff?: ExpandableRule[];
}

/**
 * The instant of a local wall-clock time (`minutes` after the day's midnight, 1440 = the next midnight); null when that
 * time does not exist that day (skipped by a clock change). Of a repeated time's two instants, the first.
 */
export function localInstant(day: string, minutes: number, zone: string): Date | null {
  const ms = dayClock(day, zone)(minutes);
  return ms === null ? null : new Date(ms);
}

/** A day's wall clock in a zone: minutes after its midnight → the instant (ms), or null for a skipped time. */
function dayClock(day: string, zone: string): (minutes: number) => number | null {
  const midnight = dayStart(day);
  // Clock changes are months apart: the offsets a day before and a day after are the only two candidates.
  const [before, after] = offsetsAround(zone, day, midnight);
  if (before === after) return (minutes) => midnight + (minutes - before) * 60_000;
  const tz = zoneOf(zone);
  return (minutes) => {
    const wallClock = midnight + minutes * 60_000;
    let best: number | null = null;
    for (const offset of [before, after]) {
      const instant = wallClock - offset * 60_000;
      if (tz.offset(instant) === offset && (best === null || instant < best)) best = instant;
    }
    return best;
  };
}

/** The zone's UTC offsets (minutes) one day before and one day after a local day's midnight, remembered per day. */
const offsetCache = new Map<string, [number, number]>();
function offsetsAround(zone: string, day: string, midnight: number): [number, number] {
  const key = `${zone}|${day}`;
  let hit = offsetCache.get(key);
  if (!hit) {
    const tz = zoneOf(zone);
    // From the day before's midnight to two days after: wide enough for a block running to 24:00 and any offset.
    hit = [tz.offset(midnight - DAY_MS), tz.offset(midnight + 2 * DAY_MS)];
    if (offsetCache.size > 20_000) offsetCache.clear();
    offsetCache.set(key, hit);
  }
  return hit;
}

const DAY_MS = 24 * 3600_000;
const zones = new Map<string, IANAZone>();
function zoneOf(name: string): IANAZone {
  let z = zones.get(name);
  if (!z) {
    z = IANAZone.create(name);
    if (!z.isValid) throw new RangeError(`Unknown time zone ${name}`);
    zones.set(name, z);
  }
  return z;
}

/** A calendar day's midnight as if it were UTC (wall-clock arithmetic, no zone). */
function dayStart(day: string): number {
  return Date.UTC(Number(day.slice(0, 4)), Number(day.slice(5, 7)) - 1, Number(day.slice(8, 10)));
}
const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** Local days from `from` to `to`, both included (calendar days, no zone involved). */
export function eachDay(from: string, to: string): string[] {
  const out: string[] = [];
  for (let d = dayStart(from), end = dayStart(to); d <= end; d += DAY_MS) out.push(isoDay(d));
  return out;
}

/** ISO weekday (Monday 1 … Sunday 7) of a calendar day. */
export function weekdayOf(day: string): number {
  return new Date(dayStart(day)).getUTCDay() || 7;
}

export const maxDay = (a: string, b: string) => (a >= b ? a : b);
export const minDay = (a: string, b: string) => (a <= b ? a : b);

export function addDays(day: string, days: number): string {
  return isoDay(dayStart(day) + days * DAY_MS);
}

/** Today's date in a zone. */
export function todayIn(zone: string, now: Date = new Date()): string {
  return DateTime.fromJSDate(now, { zone }).toISODate()!;
}

/** The instants a time-off rule covers in one zone, for the days between `from` and `to`. */
export function timeOffIntervals(rule: ExpandableRule, zone: string, from: string, to: string): [number, number][] {
  const first = maxDay(rule.from_date, from);
  const last = minDay(rule.until_date ?? rule.from_date, to);
  const out: [number, number][] = [];
  for (const day of first <= last ? eachDay(first, last) : []) {
    if (rule.blocks.length === 0) {
      // Whole days: from midnight to the next midnight (each exists except in a few zones that skip midnight).
      const start = localInstant(day, 0, zone) ?? localInstant(day, 60, zone)!;
      const end = localInstant(day, 1440, zone) ?? localInstant(day, 1500, zone)!;
      out.push([start.getTime(), end.getTime()]);
      continue;
    }
    for (const b of rule.blocks) {
      // Time off is lenient about a skipped local time: it covers from the next real instant.
      const start = localInstant(day, minutesOfDay(b.start_time), zone) ?? localInstant(day, minutesOfDay(b.start_time) + 60, zone)!;
      const end = localInstant(day, minutesOfDay(b.end_time), zone) ?? localInstant(day, minutesOfDay(b.end_time) + 60, zone)!;
      out.push([start.getTime(), end.getTime()]);
    }
  }
  return out;
}

/** Slots a weekly or one-off rule gives between two local days, time off taken out. Sorted by start. */
export function expandRule(rule: ExpandableRule, opts: ExpansionOptions): PlannedSlot[] {
  if (rule.kind === 'time_off' || !rule.hospital_id) return [];
  const hospitalId = rule.hospital_id;
  const zone = opts.zoneOf(hospitalId);
  const last = rule.kind === 'date' ? rule.from_date : rule.until_date;
  const from = maxDay(rule.from_date, opts.from);
  const to = last ? minDay(last, opts.to) : opts.to;
  if (from > to) return [];
  const length = rule.slot_minutes ?? opts.slotMinutes;
  const step = length + opts.bufferMinutes;
  // Time off one day either side: a slot late in the evening may run into the next day.
  const off = (opts.timeOff ?? [])
    .filter((t) => t.hospital_id === null || t.hospital_id === hospitalId)
    .flatMap((t) => timeOffIntervals(t, zone, addDays(from, -1), addDays(to, 1)));
  const notBefore = opts.notBefore?.getTime() ?? -Infinity;
  const out: PlannedSlot[] = [];
  let previousEnd = -Infinity;
  const blocks = rule.blocks.map((b) => [minutesOfDay(b.start_time), minutesOfDay(b.end_time)] as const).sort((a, b) => a[0] - b[0]);
  for (const day of eachDay(from, to)) {
    if (rule.kind === 'weekly' && !rule.weekdays.includes(weekdayOf(day))) continue;
    const clock = dayClock(day, zone);
    for (const [blockStart, blockEnd] of blocks) {
      for (let t = blockStart; t + length <= blockEnd; t += step) {
        const s = clock(t);
        if (s === null) continue;
        const e = s + length * 60_000;
        if (s < previousEnd || s <= notBefore) continue;
        if (off.some(([os, oe]) => s < oe && os < e)) continue;
        out.push({ rule_id: rule.id, hospital_id: hospitalId, starts_at: new Date(s), ends_at: new Date(e) });
        previousEnd = e;
      }
    }
  }
  return out;
}

export interface Interval {
  starts_at: Date;
  ends_at: Date;
}

/** The longest a slot may last, which bounds how far back an overlapping interval can start. */
const LONGEST_SLOT_MS = 24 * 3600_000;

/**
 * For each candidate, the first interval of `others` it overlaps (null when none). `others` need not be disjoint.
 * Sorting plus a bounded backward scan keeps this near O((n + m) log m).
 */
export function findOverlaps<C extends Interval, O extends Interval>(candidates: C[], others: O[]): { candidate: C; other: O }[] {
  const sorted = [...others].sort((a, b) => a.starts_at.getTime() - b.starts_at.getTime());
  const starts = sorted.map((o) => o.starts_at.getTime());
  const clashes: { candidate: C; other: O }[] = [];
  for (const c of candidates) {
    const cs = c.starts_at.getTime();
    const ce = c.ends_at.getTime();
    // First other starting at or after the candidate's end: everything before it may overlap.
    let lo = 0;
    let hi = starts.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (starts[mid]! < ce) lo = mid + 1;
      else hi = mid;
    }
    for (let j = lo - 1; j >= 0 && starts[j]! > cs - LONGEST_SLOT_MS; j--) {
      if (sorted[j]!.ends_at.getTime() > cs) {
        clashes.push({ candidate: c, other: sorted[j]! });
        break;
      }
    }
  }
  return clashes;
}
