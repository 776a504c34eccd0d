import { randomUUID } from 'node:crypto';
import type { z } from 'zod';
import {
  ONE_OFF_MAX_MONTHS,
  availabilityMessages,
  minutesOfDay,
  oneOffInputSchema,
  timeOffRuleSchema,
  weeklyRuleSchema,
  type AvailabilityRule,
  type PreviewInput,
  type RulePatch,
  type RuleSavedResponse,
  type ScheduleSettings,
  type ScheduleSettingsPatch,
} from '@careslot/contracts/availability';
import { DateTime } from 'luxon';
import type { Db, Queryable, Tx } from '../../db/client';
import type { AvailabilityRuleRow } from '../../db/schema/availability';
import type { NewSlotsHandler } from './availability.types';
import { NotFoundError, ValidationError } from '../../lib/errors';
import {
  deleteRule,
  deleteRulesAt,
  insertRule,
  isOverlapViolation,
  lockSlotsInRange,
  setBookBy,
  takeAwayFreeSlots,
  updateRule,
  upsertScheduleSettings,
} from './availability.repository';
import { todayIn } from './rule-expansion';
import {
  SlotClashError,
  applyScheduleChange,
  generationWindow,
  loadSchedule,
  showSlot,
  zoneOf,
  type Schedule,
  type ScheduleChange,
} from './schedule';

type WeeklyInput = z.output<typeof weeklyRuleSchema>;
type TimeOffInput = z.output<typeof timeOffRuleSchema>;
type OneOffInput = z.output<typeof oneOffInputSchema>;

/** A rule as the workspace shows it. */
export function toRuleDto(rule: AvailabilityRuleRow, schedule: Schedule): AvailabilityRule {
  const clinic = rule.hospital_id ? schedule.clinics.get(rule.hospital_id) : undefined;
  return {
    id: rule.id,
    kind: rule.kind as AvailabilityRule['kind'],
    hospital_id: rule.hospital_id,
    hospital_name: rule.hospital_id ? (clinic?.name ?? 'A former clinic') : null,
    time_zone: rule.hospital_id ? zoneOf(schedule, rule.hospital_id) : null,
    weekdays: [...rule.weekdays].sort((a, b) => a - b),
    blocks: [...rule.blocks].sort((a, b) => minutesOfDay(a.start_time) - minutesOfDay(b.start_time)),
    from_date: rule.from_date,
    until_date: rule.until_date,
    slot_minutes: rule.slot_minutes,
    note: rule.note,
    generated_until: rule.generated_until,
  };
}

export async function listRuleDtos(db: Queryable, providerId: string): Promise<AvailabilityRule[]> {
  const schedule = await loadSchedule(db, providerId);
  return schedule.rules.map((r) => toRuleDto(r, schedule));
}

type RuleValues = Pick<
  AvailabilityRuleRow,
  'kind' | 'hospital_id' | 'weekdays' | 'blocks' | 'from_date' | 'until_date' | 'slot_minutes' | 'note'
>;

/** Checks a rule against the provider's clinics and the calendar; answers the values to store. */
function checkRule(schedule: Schedule, values: RuleValues, now: Date): RuleValues {
  if (values.hospital_id && !schedule.clinics.has(values.hospital_id)) {
    throw new ValidationError(availabilityMessages.notYourClinic, { hospital_id: availabilityMessages.notYourClinic });
  }
  const zone = zoneOf(schedule, values.hospital_id ?? '');
  const today = todayIn(zone, now);
  if (values.kind !== 'time_off') {
    const length = values.slot_minutes ?? schedule.settings.slot_minutes;
    values.blocks.forEach((b, i) => {
      if (minutesOfDay(b.end_time) - minutesOfDay(b.start_time) < length) {
        const message = `This block is shorter than one ${length}-minute slot.`;
        throw new ValidationError(message, { [`blocks.${i}.end_time`]: message });
      }
    });
  }
  if (values.kind === 'date') {
    if (values.from_date < today) throw new ValidationError('Choose today or a later date.', { date: 'Choose today or a later date.' });
    const latest = DateTime.fromISO(today).plus({ months: ONE_OFF_MAX_MONTHS }).toISODate()!;
    if (values.from_date > latest) {
      const message = `A one-off date can be at most ${ONE_OFF_MAX_MONTHS} months ahead.`;
      throw new ValidationError(message, { date: message });
    }
  } else if (values.until_date && values.until_date < today) {
    const message = values.kind === 'time_off' ? 'That time off is already over.' : 'The last day has already passed.';
    throw new ValidationError(message, { until_date: message });
  }
  return values;
}

function weeklyValues(input: WeeklyInput): RuleValues {
  return {
    kind: 'weekly',
    hospital_id: input.hospital_id,
    weekdays: input.weekdays,
    blocks: input.blocks,
    from_date: input.from_date,
    until_date: input.until_date ?? null,
    slot_minutes: input.slot_minutes ?? null,
    note: null,
  };
}

function timeOffValues(input: TimeOffInput): RuleValues {
  return {
    kind: 'time_off',
    hospital_id: input.hospital_id ?? null,
    weekdays: [],
    blocks: input.blocks ?? [],
    from_date: input.from_date,
    until_date: input.until_date,
    slot_minutes: null,
    note: input.note ?? null,
  };
}

function oneOffValues(input: OneOffInput): RuleValues {
  return {
    kind: 'date',
    hospital_id: input.hospital_id,
    weekdays: [],
    blocks: [{ start_time: input.start_time, end_time: input.end_time }],
    from_date: input.date,
    until_date: null,
    slot_minutes: input.slot_minutes ?? null,
    note: null,
  };
}

/** How far a change is checked for clashes: a weekly rule's next 18 months (or to its end), a one-off its day. */
function checkUntil(values: RuleValues, schedule: Schedule, now: Date): string | undefined {
  if (values.kind === 'date') return values.from_date;
  if (values.kind !== 'weekly') return undefined;
  const latest = DateTime.fromISO(todayIn(zoneOf(schedule, values.hospital_id!), now))
    .plus({ months: ONE_OFF_MAX_MONTHS })
    .toISODate()!;
  return values.until_date && values.until_date < latest ? values.until_date : latest;
}

const newRow = (schedule: Schedule, values: RuleValues, now: Date): AvailabilityRuleRow => ({
  id: randomUUID(),
  provider_id: schedule.providerId,
  ...values,
  generated_until: null,
  createdAt: now,
  updatedAt: now,
});

/** What a change to the rule set does to the schedule (before anything is written). */
interface Plan {
  change: ScheduleChange;
  /** Writes the rules, inside the transaction, before (or after, for a deletion) the slots follow. */
  persist(tx: Tx): Promise<AvailabilityRuleRow | null>;
  /** Deletions write after the slots are taken away. */
  persistAfterSlots?: boolean;
}

/**
 * Runs a rule change in one transaction: the rules are written, the slots follow, and clashes answer 409 with
 * nothing written. When the no-overlap constraint refuses the slots because another change won the race, the
 * answer names what that change put there.
 */
async function runChange(
  db: Db,
  providerId: string,
  makePlan: (schedule: Schedule, now: Date) => Plan,
  onNewSlots?: NewSlotsHandler,
): Promise<RuleSavedResponse> {
  try {
    return await db.transaction(async (tx) => {
      const now = new Date();
      const schedule = await loadSchedule(tx, providerId);
      const plan = makePlan(schedule, now);
      const rule = plan.persistAfterSlots ? null : await plan.persist(tx);
      const outcome = await applyScheduleChange(tx, plan.change, { now });
      if (outcome.conflicts.length) throw new SlotClashError(outcome.conflicts);
      if (plan.persistAfterSlots) await plan.persist(tx);
      // New open times go to whoever waits for them (the booking module's waitlist), in this same transaction.
      if (onNewSlots && outcome.newSlotIds.length) await onNewSlots(tx, providerId, outcome.newSlotIds);
      const after = rule ? (await loadSchedule(tx, providerId)).rules.find((r) => r.id === rule.id)! : null;
      return {
        status: true as const,
        rule: after ? toRuleDto(after, plan.change.after) : null,
        created: outcome.created,
        removed: outcome.removed,
        kept: outcome.kept,
      };
    });
  } catch (err) {
    if (!isOverlapViolation(err)) throw err;
    const now = new Date();
    const plan = makePlan(await loadSchedule(db, providerId), now);
    const outcome = await applyScheduleChange(db, plan.change, { dryRun: true, now });
    throw new SlotClashError(outcome.conflicts);
  }
}

function withRule(schedule: Schedule, rules: AvailabilityRuleRow[]): Schedule {
  return { ...schedule, rules };
}

/** A new weekly rule or time off (`POST /provider/availability-rules/…`). */
export function createRule(
  db: Db,
  providerId: string,
  input: WeeklyInput | TimeOffInput,
  onNewSlots?: NewSlotsHandler,
): Promise<RuleSavedResponse> {
  return createFromValues(db, providerId, input.kind === 'time_off' ? timeOffValues(input) : weeklyValues(input), onNewSlots);
}

/** A one-off date (`POST /provider/availability/…`), kept as a rule of its own so it can be changed or removed. */
export function createOneOff(db: Db, providerId: string, input: OneOffInput, onNewSlots?: NewSlotsHandler): Promise<RuleSavedResponse> {
  return createFromValues(db, providerId, oneOffValues(input), onNewSlots);
}

function createFromValues(db: Db, providerId: string, given: RuleValues, onNewSlots?: NewSlotsHandler): Promise<RuleSavedResponse> {
  return runChange(
    db,
    providerId,
    (schedule, now) => {
      const values = checkRule(schedule, { ...given }, now);
      const row = newRow(schedule, values, now);
      const after = withRule(schedule, [...schedule.rules, row]);
      const isTimeOff = values.kind === 'time_off';
      return {
        change: {
          after,
          scope: isTimeOff ? new Set<string>() : new Set([row.id]),
          timeOff: isTimeOff ? row : undefined,
          onClash: 'refuse',
          checkUntil: checkUntil(values, schedule, now),
        },
        persist: (tx) => insertRule(tx, { ...values, id: row.id, provider_id: providerId }),
      };
    },
    onNewSlots,
  );
}

/** Every slot-making rule: the scope when time off is given back or a setting changes. */
const slotRules = (rules: AvailabilityRuleRow[]) => new Set(rules.filter((r) => r.kind !== 'time_off').map((r) => r.id));

function findRule(schedule: Schedule, ruleId: string): AvailabilityRuleRow {
  const rule = schedule.rules.find((r) => r.id === ruleId);
  if (!rule) throw new NotFoundError(availabilityMessages.ruleNotFound);
  return rule;
}

/** The rule with the patch applied, checked by the same schema as creating one of its kind. */
function patchedValues(rule: AvailabilityRuleRow, patch: RulePatch, region: string): RuleValues {
  const given = <T>(v: T | undefined, fallback: T) => (v === undefined ? fallback : v);
  let parsed;
  if (rule.kind === 'weekly') {
    parsed = weeklyRuleSchema.safeParse({
      providerRegion: region,
      hospital_id: given(patch.hospital_id, rule.hospital_id),
      weekdays: given(patch.weekdays, rule.weekdays),
      blocks: given(patch.blocks, rule.blocks),
      from_date: given(patch.from_date, rule.from_date),
      until_date: patch.until_date === undefined ? rule.until_date : patch.until_date,
      slot_minutes: patch.slot_minutes === undefined ? rule.slot_minutes : patch.slot_minutes,
    });
    if (parsed.success) return weeklyValues(parsed.data);
  } else if (rule.kind === 'date') {
    parsed = oneOffInputSchema.safeParse({
      providerRegion: region,
      hospital_id: given(patch.hospital_id, rule.hospital_id),
      date: given(patch.date ?? patch.from_date, rule.from_date),
      start_time: given(patch.start_time, rule.blocks[0]?.start_time),
      end_time: given(patch.end_time, rule.blocks[0]?.end_time),
      slot_minutes: patch.slot_minutes === undefined ? rule.slot_minutes : patch.slot_minutes,
    });
    if (parsed.success) return oneOffValues(parsed.data);
  } else {
    parsed = timeOffRuleSchema.safeParse({
      kind: 'time_off',
      providerRegion: region,
      hospital_id: given(patch.hospital_id, rule.hospital_id),
      from_date: given(patch.from_date, rule.from_date),
      until_date: given(patch.until_date ?? undefined, rule.until_date),
      blocks: given(patch.blocks, rule.blocks),
      note: given(patch.note, rule.note),
    });
    if (parsed.success) return timeOffValues(parsed.data);
  }
  const fields: Record<string, string> = {};
  for (const issue of parsed.error.issues) fields[issue.path.join('.') || 'request'] ??= issue.message;
  const [key, message] = Object.entries(fields)[0]!;
  throw new ValidationError(`${key.replace(/_/g, ' ')}: ${message}`, fields);
}

export async function changeRule(
  db: Db,
  providerId: string,
  ruleId: string,
  patch: RulePatch & { providerRegion: string },
  onNewSlots?: NewSlotsHandler,
): Promise<RuleSavedResponse> {
  return runChange(
    db,
    providerId,
    (schedule, now) => {
      const rule = findRule(schedule, ruleId);
      const values = checkRule(schedule, patchedValues(rule, patch, patch.providerRegion), now);
      const updated: AvailabilityRuleRow = { ...rule, ...values, generated_until: null, updatedAt: now };
      const after = withRule(
        schedule,
        schedule.rules.map((r) => (r.id === ruleId ? updated : r)),
      );
      const isTimeOff = rule.kind === 'time_off';
      return {
        change: {
          after,
          // Time off moved: what it no longer covers comes back (clashes skipped), what it newly covers goes.
          scope: isTimeOff ? slotRules(after.rules) : new Set([ruleId]),
          timeOff: isTimeOff ? updated : undefined,
          onClash: isTimeOff ? 'skip' : 'refuse',
          checkUntil: checkUntil(values, schedule, now),
        },
        persist: (tx) => updateRule(tx, ruleId, { ...values, generated_until: null }),
      };
    },
    onNewSlots,
  );
}

export async function removeRule(db: Db, providerId: string, ruleId: string, onNewSlots?: NewSlotsHandler): Promise<RuleSavedResponse> {
  return runChange(
    db,
    providerId,
    (schedule) => {
      const rule = findRule(schedule, ruleId);
      const after = withRule(
        schedule,
        schedule.rules.filter((r) => r.id !== ruleId),
      );
      return {
        // A rule's free slots go with it; time off given back lets the other rules fill the days again.
        change: { after, scope: rule.kind === 'time_off' ? slotRules(after.rules) : new Set([ruleId]), onClash: 'skip' },
        persist: async (tx) => {
          await deleteRule(tx, ruleId);
          return null;
        },
        persistAfterSlots: true,
      };
    },
    onNewSlots,
  );
}

/** The slots a weekly rule or a one-off date would give, and their clashes, without saving anything. */
export async function previewRule(db: Queryable, providerId: string, input: PreviewInput) {
  const now = new Date();
  const schedule = await loadSchedule(db, providerId);
  const parsed = input as (WeeklyInput & { kind: 'weekly'; rule_id?: string }) | (OneOffInput & { kind: 'date'; rule_id?: string });
  const values = checkRule(schedule, parsed.kind === 'date' ? oneOffValues(parsed) : weeklyValues(parsed), now);
  const existing = parsed.rule_id ? findRule(schedule, parsed.rule_id) : null;
  const row: AvailabilityRuleRow = existing ? { ...existing, ...values, generated_until: null } : newRow(schedule, values, now);
  const after = withRule(schedule, existing ? schedule.rules.map((r) => (r.id === row.id ? row : r)) : [...schedule.rules, row]);
  const outcome = await applyScheduleChange(
    db,
    { after, scope: new Set([row.id]), onClash: 'refuse', checkUntil: checkUntil(values, schedule, now) },
    { dryRun: true, now },
  );
  return {
    status: true as const,
    slots: outcome.planned.slice(0, 200).map((p) => showSlot(after, p)),
    total: outcome.planned.length,
    conflicts: outcome.conflicts,
    generated_until: row.kind === 'weekly' ? (generationWindow(row, after, now)?.to ?? null) : null,
  };
}

export function settingsDto(schedule: Schedule): ScheduleSettings {
  return {
    slot_minutes: schedule.settings.slot_minutes_setting,
    consultation_minutes: schedule.settings.consultation_minutes,
    buffer_minutes: schedule.settings.buffer_minutes,
    min_notice_minutes: schedule.settings.min_notice_minutes,
    horizon_days: schedule.settings.horizon_days,
  };
}

export async function scheduleSettings(db: Queryable, providerId: string): Promise<ScheduleSettings> {
  return settingsDto(await loadSchedule(db, providerId));
}

/**
 * New settings: slot length, buffer and horizon regenerate the future free slots of every rule (held and booked ones
 * stay), the minimum notice applies at once to every open future slot. Clashes answer 409 and change nothing.
 */
export async function changeScheduleSettings(db: Db, providerId: string, patch: ScheduleSettingsPatch, onNewSlots?: NewSlotsHandler) {
  const values = {
    ...(patch.slot_minutes !== undefined ? { slot_minutes: patch.slot_minutes as number | null } : {}),
    ...(patch.buffer_minutes !== undefined ? { buffer_minutes: patch.buffer_minutes as number } : {}),
    ...(patch.min_notice_minutes !== undefined ? { min_notice_minutes: patch.min_notice_minutes as number } : {}),
    ...(patch.horizon_days !== undefined ? { horizon_days: patch.horizon_days as number } : {}),
  };
  const plan = (schedule: Schedule): Schedule => {
    const s = { ...schedule.settings };
    if ('slot_minutes' in values) {
      s.slot_minutes_setting = values.slot_minutes ?? null;
      s.slot_minutes = values.slot_minutes ?? s.consultation_minutes;
    }
    if (values.buffer_minutes !== undefined) s.buffer_minutes = values.buffer_minutes;
    if (values.min_notice_minutes !== undefined) s.min_notice_minutes = values.min_notice_minutes;
    if (values.horizon_days !== undefined) s.horizon_days = values.horizon_days;
    return { ...schedule, settings: s, rules: schedule.rules.map((r) => ({ ...r, generated_until: null })) };
  };
  try {
    return await db.transaction(async (tx) => {
      const now = new Date();
      const after = plan(await loadSchedule(tx, providerId));
      const outcome = await applyScheduleChange(tx, { after, scope: slotRules(after.rules), onClash: 'refuse' }, { now });
      if (outcome.conflicts.length) throw new SlotClashError(outcome.conflicts);
      await upsertScheduleSettings(tx, providerId, values);
      if (values.min_notice_minutes !== undefined) await setBookBy(tx, providerId, values.min_notice_minutes);
      if (onNewSlots && outcome.newSlotIds.length) await onNewSlots(tx, providerId, outcome.newSlotIds);
      return {
        status: true as const,
        settings: settingsDto(after),
        created: outcome.created,
        removed: outcome.removed,
        kept: outcome.kept,
      };
    });
  } catch (err) {
    if (!isOverlapViolation(err)) throw err;
    const after = plan(await loadSchedule(db, providerId));
    const outcome = await applyScheduleChange(db, { after, scope: slotRules(after.rules), onClash: 'refuse' }, { dryRun: true });
    throw new SlotClashError(outcome.conflicts);
  }
}

/**
 * The consultation length changed (the default slot length when the provider set none): every rule's future free
 * slots are regenerated; a slot that would now clash is left out rather than refusing the profile change.
 */
export async function regenerateFreeSlots(db: Db, providerId: string) {
  return db.transaction(async (tx) => {
    const schedule = await loadSchedule(tx, providerId);
    const after = { ...schedule, rules: schedule.rules.map((r) => ({ ...r, generated_until: null })) };
    return applyScheduleChange(tx, { after, scope: slotRules(after.rules), onClash: 'skip' });
  });
}

/**
 * A clinic leaves the provider's profile (the caller checked it has no upcoming appointments): inside the caller's
 * transaction its rules go and its future free slots are taken away.
 */
export async function takeAwayClinicAvailability(tx: Tx, providerId: string, hospitalId: string): Promise<number> {
  const now = new Date();
  const slots = await lockSlotsInRange(tx, providerId, now, new Date('9999-12-31T00:00:00Z'));
  const free = slots.filter((s) => s.status === 'open' && s.hospital_id === hospitalId && !s.taken).map((s) => s.id);
  await deleteRulesAt(tx, providerId, hospitalId);
  return takeAwayFreeSlots(tx, free, now);
}
