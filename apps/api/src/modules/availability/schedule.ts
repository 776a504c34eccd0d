import {
  DEFAULT_HORIZON_DAYS,
  DEFAULT_MIN_NOTICE_MINUTES,
  WEEKDAY_NAMES,
  availabilityMessages,
  type Conflict,
  type ShownSlot,
} from '@careslot/contracts/availability';
import type { AvailabilityRuleRow } from '../../db/schema/availability';
import type { Queryable, Tx } from '../../db/client';
import { AppError, NotFoundError } from '../../lib/errors';
import {
  insertSlots,
  lockSlotsInRange,
  scheduleParts,
  setGeneratedUntil,
  slotsInRange,
  takeAwayFreeSlots,
  type NewSlot,
} from './availability.repository';
import { describeSlot } from './slot-display';
import {
  addDays,
  expandRule,
  findOverlaps,
  maxDay,
  minDay,
  timeOffIntervals,
  todayIn,
  type ExpandableRule,
  type Interval,
  type PlannedSlot,
} from './rule-expansion';

/**
 * The provider's schedule and the one way slots follow it (docs/provider-workspace.md, "Availability"): a change to
 * rules or settings regenerates the future FREE slots of the rules it touches — slots that still fit are kept as they
 * are, the others are taken away, new ones are created — while held and booked slots are never touched and are
 * reported back. New slots that would overlap anything the provider already has elsewhere are refused with the clashes
 * named; the database's no-overlap constraint decides between two changes made at the same moment.
 */

export interface EffectiveSettings {
  /** The setting as stored (null: the consultation length). */
  slot_minutes_setting: number | null;
  slot_minutes: number;
  consultation_minutes: number;
  buffer_minutes: number;
  min_notice_minutes: number;
  horizon_days: number;
}

export interface Schedule {
  providerId: string;
  region: string;
  settings: EffectiveSettings;
  clinics: Map<string, { id: string; name: string; time_zone: string }>;
  rules: AvailabilityRuleRow[];
}

export async function loadSchedule(db: Queryable, providerId: string): Promise<Schedule> {
  const schedule = (await loadSchedules(db, [providerId])).get(providerId);
  if (!schedule) throw new NotFoundError('We could not find that provider.');
  return schedule;
}

/** Several providers' schedules in four queries. */
export async function loadSchedules(db: Queryable, providerIds: string[]): Promise<Map<string, Schedule>> {
  const parts = await scheduleParts(db, providerIds);
  const out = new Map<string, Schedule>();
  for (const provider of parts.providerRows) {
    const row = parts.settings.find((s) => s.provider_id === provider.id);
    out.set(provider.id, {
      providerId: provider.id,
      region: provider.region,
      settings: {
        slot_minutes_setting: row?.slot_minutes ?? null,
        slot_minutes: row?.slot_minutes ?? provider.consultation_minutes,
        consultation_minutes: provider.consultation_minutes,
        buffer_minutes: row?.buffer_minutes ?? 0,
        min_notice_minutes: row?.min_notice_minutes ?? DEFAULT_MIN_NOTICE_MINUTES,
        horizon_days: row?.horizon_days ?? DEFAULT_HORIZON_DAYS,
      },
      clinics: new Map(parts.clinics.filter((c) => c.provider_id === provider.id).map((c) => [c.id, c])),
      rules: parts.rules.filter((r) => r.provider_id === provider.id),
    });
  }
  return out;
}

export const toExpandable = (r: AvailabilityRuleRow): ExpandableRule => ({
  id: r.id,
  kind: r.kind as ExpandableRule['kind'],
  hospital_id: r.hospital_id,
  weekdays: r.weekdays,
  blocks: r.blocks,
  from_date: r.from_date,
  until_date: r.until_date,
  slot_minutes: r.slot_minutes,
});

/** A clinic's zone; a rule's clinic the provider has since left keeps a sensible zone for display. */
export function zoneOf(schedule: Schedule, hospitalId: string): string {
  return schedule.clinics.get(hospitalId)?.time_zone ?? (schedule.region === 'usa' ? 'America/New_York' : 'Europe/London');
}

/** The local days a rule's slots exist for now: weekly rules up to the booking horizon, a one-off date its day. */
export function generationWindow(rule: AvailabilityRuleRow, schedule: Schedule, now: Date): { from: string; to: string } | null {
  if (rule.kind === 'time_off' || !rule.hospital_id) return null;
  const today = todayIn(zoneOf(schedule, rule.hospital_id), now);
  if (rule.kind === 'date') return rule.from_date >= today ? { from: rule.from_date, to: rule.from_date } : null;
  const from = maxDay(rule.from_date, today);
  const horizonEnd = addDays(today, schedule.settings.horizon_days);
  const to = rule.until_date ? minDay(rule.until_date, horizonEnd) : horizonEnd;
  return from <= to ? { from, to } : null;
}

/** What a weekly rule's `generated_until` becomes after its window was generated. */
function generatedUntil(rule: AvailabilityRuleRow, schedule: Schedule, now: Date): string | null {
  const window = generationWindow(rule, schedule, now);
  if (window) return window.to;
  const today = todayIn(zoneOf(schedule, rule.hospital_id ?? ''), now);
  // A rule that has ended is complete; one that starts beyond the horizon has nothing yet.
  return rule.until_date && rule.until_date < today ? rule.until_date : null;
}

function expansionOptions(schedule: Schedule, from: string, to: string, now: Date) {
  return {
    slotMinutes: schedule.settings.slot_minutes,
    bufferMinutes: schedule.settings.buffer_minutes,
    zoneOf: (id: string) => zoneOf(schedule, id),
    from,
    to,
    notBefore: now,
    timeOff: schedule.rules.filter((r) => r.kind === 'time_off').map(toExpandable),
  };
}

/** The slots a rule gives over its generation window (or a wider range, for checks). */
export function plannedSlots(
  rule: AvailabilityRuleRow,
  schedule: Schedule,
  now: Date,
  range?: { from: string; to: string },
): PlannedSlot[] {
  const window = range ?? generationWindow(rule, schedule, now);
  if (!window) return [];
  return expandRule(toExpandable(rule), expansionOptions(schedule, window.from, window.to, now));
}

/** A slot as the workspace shows it, in its clinic's zone. */
export function showSlot(schedule: Schedule, slot: Interval & { hospital_id: string }): ShownSlot {
  const shown = describeSlot(slot.starts_at, slot.ends_at, zoneOf(schedule, slot.hospital_id));
  return {
    date: shown.date,
    start_time: shown.time,
    end_time: shown.end_time,
    hospital_name: schedule.clinics.get(slot.hospital_id)?.name ?? 'A former clinic',
  };
}

const dayText = (iso: string) => iso.split('-').reverse().join('/');

/** A rule in words, as the provider set it: "weekly hours at Clinic (Monday, Wednesday 09:00–12:00, from 01/12/2026, no end date)". */
export function describeRule(rule: AvailabilityRuleRow, schedule: Schedule): string {
  const clinic = rule.hospital_id ? (schedule.clinics.get(rule.hospital_id)?.name ?? 'a former clinic') : 'every clinic';
  const blocks = rule.blocks.map((b) => `${b.start_time}–${b.end_time}`).join(', ');
  if (rule.kind === 'date') return `the one-off day ${dayText(rule.from_date)} at ${clinic} (${blocks})`;
  const days = [...rule.weekdays]
    .sort((a, b) => a - b)
    .map((d) => WEEKDAY_NAMES[d])
    .join(', ');
  const until = rule.until_date ? `until ${dayText(rule.until_date)}` : 'no end date';
  return `weekly hours at ${clinic} (${days} ${blocks}, from ${dayText(rule.from_date)}, ${until})`;
}

/** The 409 message: the rule, and what it means when the clashing times are not open yet. */
export function clashMessage(conflicts: Conflict[]): string {
  const rules = [...new Set(conflicts.map((c) => c.rule).filter((r): r is string => !!r))];
  if (!rules.length) return availabilityMessages.clash;
  const named = rules.length > 3 ? `${rules.slice(0, 3).join('; ')} and ${rules.length - 3} more` : rules.join('; ');
  const later = conflicts.some((c) => c.planned)
    ? ' Some of those times are beyond your booking horizon: that rule opens them later (All Availabilities shows them as planned).'
    : '';
  return `${availabilityMessages.clash} They overlap your ${named}.${later}`;
}

/** 409 naming what new times would overlap, and the rules that give those times. */
export class SlotClashError extends AppError {
  constructor(readonly conflicts: Conflict[]) {
    super(409, clashMessage(conflicts), 'SLOT_CLASH', { conflicts });
  }
}

export interface KeptSlot extends ShownSlot {
  id: number;
  status: 'Held' | 'Booked';
}

export interface ScheduleChange {
  /** The schedule after the change (its rules and settings). */
  after: Schedule;
  /** Rules whose future free slots are regenerated: changed, new and deleted ones. */
  scope: Set<string>;
  /** New time off: free slots it covers go whatever rule made them. */
  timeOff?: AvailabilityRuleRow;
  /** 'refuse' answers 409 with the clashes; 'skip' leaves clashing new slots out (time off given back). */
  onClash: 'refuse' | 'skip';
  /** Check clashes up to this local day too (a rule's later weeks against other rules not generated that far yet). */
  checkUntil?: string;
}

export interface ScheduleOutcome {
  created: number;
  removed: number;
  kept: KeptSlot[];
  conflicts: Conflict[];
  /** Every slot the rules in scope give in their windows (kept or new), for a preview. */
  planned: PlannedSlot[];
  /** The ids of the slots this change made (none for a dry run). */
  newSlotIds: number[];
}

const FAR_FUTURE = new Date('9999-12-31T00:00:00Z');
const slotKey = (s: { rule_id: string | null; hospital_id: string; starts_at: Date; ends_at: Date }) =>
  `${s.rule_id}|${s.hospital_id}|${s.starts_at.getTime()}|${s.ends_at.getTime()}`;

/**
 * Applies a schedule change to the slots, inside the caller's transaction. With `dryRun` nothing is locked or
 * written (a preview, or naming the clashes after the constraint refused a change).
 */
export async function applyScheduleChange(
  tx: Tx | Queryable,
  change: ScheduleChange,
  opts: { dryRun?: boolean; now?: Date } = {},
): Promise<ScheduleOutcome> {
  const now = opts.now ?? new Date();
  const { after, scope } = change;
  const inScope = after.rules.filter((r) => scope.has(r.id) && r.kind !== 'time_off');

  const windows = new Map(inScope.map((r) => [r.id, generationWindow(r, after, now)]));
  // Every future slot of the provider (a few thousand at most): a rule being deleted may reach far ahead.
  const existing = opts.dryRun
    ? await slotsInRange(tx, after.providerId, now, FAR_FUTURE, now)
    : await lockSlotsInRange(tx as Tx, after.providerId, now, FAR_FUTURE);
  const open = existing.filter((e) => e.status === 'open');
  const withdrawnKeys = new Set(existing.filter((e) => e.status === 'withdrawn').map(slotKey));
  const openByKey = new Map(open.filter((e) => e.rule_id && scope.has(e.rule_id)).map((e) => [slotKey(e), e]));

  // Desired slots of the rules in scope: those already there stay as they are; a withdrawn one stays withdrawn.
  const planned = inScope.flatMap((r) => plannedSlots(r, after, now));
  const matched = new Set<number>();
  let fresh: PlannedSlot[] = [];
  for (const p of planned) {
    const hit = openByKey.get(slotKey(p));
    if (hit) matched.add(hit.id);
    else if (!withdrawnKeys.has(slotKey(p))) fresh.push(p);
  }

  // Slots of the rules in scope that no longer fit: free ones go, held and booked ones stay and are reported.
  const remove = new Set<number>();
  const keptTaken: typeof open = [];
  for (const e of open) {
    if (!e.rule_id || !scope.has(e.rule_id) || matched.has(e.id)) continue;
    if (e.taken) keptTaken.push(e);
    else remove.add(e.id);
  }
  if (change.timeOff) {
    const off = change.timeOff;
    for (const e of open) {
      if (remove.has(e.id) || keptTaken.includes(e)) continue;
      if (off.hospital_id && off.hospital_id !== e.hospital_id) continue;
      if (coveredByTimeOff(after, off, e)) {
        if (e.taken) keptTaken.push(e);
        else remove.add(e.id);
      }
    }
  }

  // A new slot over one of its own rule's held or booked slots is simply not made; over anything else it clashes.
  const ownTaken = keptTaken.filter((e) => e.rule_id && scope.has(e.rule_id));
  fresh = fresh.filter(
    (p) =>
      !findOverlaps(
        [p],
        ownTaken.filter((e) => e.rule_id === p.rule_id),
      ).length,
  );
  const staying = open.filter((e) => !remove.has(e.id) && !ownTaken.includes(e));
  const clashes: { candidate: PlannedSlot; other: ClashingTime }[] = [...findOverlaps(fresh, staying)];
  // New slots of different rules in scope must not overlap each other either (a settings change regenerates all).
  for (const r of inScope) {
    const mine = fresh.filter((p) => p.rule_id === r.id);
    const theirs = fresh.filter((p) => p.rule_id !== r.id && scope.has(p.rule_id));
    if (mine.length && theirs.length) clashes.push(...findOverlaps(mine, theirs));
  }
  if (change.checkUntil) clashes.push(...laterClashes(after, inScope, windows, change.checkUntil, open, now));

  const clashing = new Set(clashes.map((c) => c.candidate));
  const conflicts = uniqueShown(
    after,
    clashes.map((c) => c.other),
  );
  if (opts.dryRun || (conflicts.length && change.onClash === 'refuse')) {
    return { created: fresh.length, removed: remove.size, kept: keptTaken.map((e) => kept(after, e)), conflicts, planned, newSlotIds: [] };
  }
  fresh = fresh.filter((p) => !clashing.has(p));

  const t = tx as Tx;
  const removed = await takeAwayFreeSlots(t, [...remove], now);
  const rows: NewSlot[] = fresh.map((p) => ({
    provider_id: after.providerId,
    hospital_id: p.hospital_id,
    region: after.region,
    rule_id: p.rule_id,
    starts_at: p.starts_at,
    ends_at: p.ends_at,
    book_by: new Date(p.starts_at.getTime() - after.settings.min_notice_minutes * 60_000),
  }));
  const newSlotIds = await insertSlots(t, rows, change.onClash === 'skip' ? 'skip' : 'fail');
  for (const r of inScope) if (r.kind === 'weekly') await setGeneratedUntil(t, r.id, generatedUntil(r, after, now));
  return { created: newSlotIds.length, removed, kept: keptTaken.map((e) => kept(after, e)), conflicts: [], planned, newSlotIds };
}

function kept(
  schedule: Schedule,
  e: { id: number; hospital_id: string; starts_at: Date; ends_at: Date; taken: 'Held' | 'Booked' | null },
): KeptSlot {
  return { id: e.id, ...showSlot(schedule, e), status: e.taken! };
}

/** What new times clash with: a slot that exists (it has an id) or one a rule will make later (planned). */
type ClashingTime = Interval & { hospital_id: string; rule_id: string | null; id?: number };

function uniqueShown(schedule: Schedule, slots: ClashingTime[]): Conflict[] {
  const seen = new Map<string, Conflict>();
  for (const s of [...slots].sort((a, b) => a.starts_at.getTime() - b.starts_at.getTime())) {
    const key = `${s.hospital_id}|${s.starts_at.getTime()}|${s.ends_at.getTime()}`;
    if (seen.has(key)) continue;
    const rule = s.rule_id ? schedule.rules.find((r) => r.id === s.rule_id) : undefined;
    seen.set(key, {
      ...showSlot(schedule, s),
      rule_id: s.rule_id,
      rule: rule ? describeRule(rule, schedule) : null,
      planned: s.id === undefined,
    });
  }
  return [...seen.values()].slice(0, 100);
}

/** Whether a time off covers (overlaps) a slot, read in the slot's clinic zone. */
function coveredByTimeOff(schedule: Schedule, off: AvailabilityRuleRow, slot: Interval & { hospital_id: string }): boolean {
  const zone = zoneOf(schedule, slot.hospital_id);
  const day = todayIn(zone, slot.starts_at);
  const s = slot.starts_at.getTime();
  const e = slot.ends_at.getTime();
  return timeOffIntervals(toExpandable(off), zone, addDays(day, -1), addDays(day, 1)).some(([os, oe]) => s < oe && os < e);
}

/**
 * Clashes beyond what exists yet: the rules in scope up to `checkUntil` against the other weekly rules' weeks not
 * generated yet, and the later weeks of the rules in scope against slots that exist far ahead (one-off dates).
 */
function laterClashes(
  schedule: Schedule,
  inScope: AvailabilityRuleRow[],
  windows: Map<string, { from: string; to: string } | null>,
  checkUntil: string,
  open: { id: number; hospital_id: string; starts_at: Date; ends_at: Date; rule_id: string | null }[],
  now: Date,
) {
  const mineLater: PlannedSlot[] = [];
  for (const r of inScope) {
    if (r.kind !== 'weekly') continue;
    const from = windows.get(r.id)?.to ? addDays(windows.get(r.id)!.to, 1) : maxDay(r.from_date, todayIn('UTC', now));
    if (from <= checkUntil) mineLater.push(...plannedSlots(r, schedule, now, { from, to: checkUntil }));
  }
  const inScopeIds = new Set(inScope.map((r) => r.id));
  const othersLater: PlannedSlot[] = [];
  for (const o of schedule.rules) {
    if (o.kind !== 'weekly' || inScopeIds.has(o.id)) continue;
    const from = o.generated_until ? addDays(o.generated_until, 1) : o.from_date;
    if (from <= checkUntil) othersLater.push(...plannedSlots(o, schedule, now, { from, to: checkUntil }));
  }
  const mineNow = inScope.flatMap((r) => plannedSlots(r, schedule, now));
  const others = open.filter((e) => !e.rule_id || !inScopeIds.has(e.rule_id));
  return [...findOverlaps([...mineNow, ...mineLater], othersLater), ...findOverlaps(mineLater, others)];
}
