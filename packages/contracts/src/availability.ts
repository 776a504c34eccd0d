import { z } from 'zod';
import { blankable, clearable } from './blankable';
import { searchRegionSchema } from './search';

/**
 * The provider's availability calls (docs/provider-workspace.md, "Availability"): rules in the clinic's wall-clock
 * time, one-off slots, the slot list and the scheduling settings. Shared by the API and the web app.
 */

/** ISO weekdays, Monday 1 … Sunday 7. */
export const WEEKDAYS = [1, 2, 3, 4, 5, 6, 7] as const;
export const WEEKDAY_NAMES: Record<number, string> = {
  1: 'Monday',
  2: 'Tuesday',
  3: 'Wednesday',
  4: 'Thursday',
  5: 'Friday',
  6: 'Saturday',
  7: 'Sunday',
};
/** Rows per page of the slot list. */
export const AVAILABILITY_PAGE_SIZE = 5;
/** A page of the week view may ask for this many rows at most. */
export const MAX_AVAILABILITY_PAGE_SIZE = 500;
/** A one-off date may be this many months ahead; weekly rules are bounded by the booking horizon. */
export const ONE_OFF_MAX_MONTHS = 18;
export const MAX_BLOCKS_PER_DAY = 8;
export const SLOT_MINUTES_RANGE = { min: 5, max: 480 } as const;
export const BUFFER_MINUTES_MAX = 240;
export const MIN_NOTICE_MINUTES_MAX = 14 * 24 * 60;
export const HORIZON_DAYS_RANGE = { min: 1, max: 365 } as const;
export const DEFAULT_MIN_NOTICE_MINUTES = 120;
export const DEFAULT_HORIZON_DAYS = 90;

export const availabilityMessages = {
  slotBooked: 'This slot is booked: cancel the appointment instead.',
  clash: 'These times overlap availability you already have. A provider cannot be in two places at once.',
  notYourClinic: 'That clinic is not one of yours. Add it to your profile first.',
  ruleNotFound: 'That availability rule does not exist.',
  slotNotFound: 'That slot does not exist.',
} as const;

export const providerRegionSchema = searchRegionSchema;

const TIME_24 = /^(?:[01]\d|2[0-3]):[0-5]\d$/;
/** 'HH:MM' → minutes since midnight; '24:00' is the end of the day (an end time only). */
export function minutesOfDay(time: string): number {
  if (time === '24:00') return 24 * 60;
  const [h, m] = time.split(':').map(Number) as [number, number];
  return h * 60 + m;
}

export const startTimeSchema = z
  .string({ error: 'Enter a start time like 09:00.' })
  .regex(TIME_24, 'Enter a start time like 09:00 (24-hour clock).');
export const endTimeSchema = z
  .string({ error: 'Enter an end time like 12:30.' })
  .max(5, 'Enter an end time like 12:30 (24-hour clock).')
  .refine((v) => TIME_24.test(v) || v === '24:00', 'Enter an end time like 12:30 (24-hour clock).');

/** 'YYYY-MM-DD' that is a real calendar date. */
export function isRealIsoDate(value: string): boolean {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!m) return false;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const date = new Date(Date.UTC(y, mo - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === mo - 1 && date.getUTCDate() === d;
}
export const isoDateSchema = (label: string) =>
  z
    .string({ error: `Enter the ${label} as YYYY-MM-DD.` })
    .max(10, `Enter the ${label} as YYYY-MM-DD.`)
    .refine(isRealIsoDate, `Enter the ${label} as a real date, like 2027-03-03.`);

export const timeBlockSchema = z
  .object({ start_time: startTimeSchema, end_time: endTimeSchema })
  .refine((b) => minutesOfDay(b.end_time) > minutesOfDay(b.start_time), {
    message: 'The end time must be after the start time.',
    path: ['end_time'],
  });
export type TimeBlockInput = z.infer<typeof timeBlockSchema>;

/** Blocks of one day must not overlap each other. Returns the index of the first block that overlaps another, or -1. */
export function overlappingBlock(blocks: TimeBlockInput[]): number {
  const sorted = blocks.map((b, i) => ({ i, s: minutesOfDay(b.start_time), e: minutesOfDay(b.end_time) })).sort((a, b) => a.s - b.s);
  for (let k = 1; k < sorted.length; k++) if (sorted[k]!.s < sorted[k - 1]!.e) return sorted[k]!.i;
  return -1;
}

const blocksSchema = z
  .array(timeBlockSchema, { error: 'Add the hours as blocks of start_time and end_time.' })
  .min(1, 'Add at least one block of hours.')
  .max(MAX_BLOCKS_PER_DAY, `At most ${MAX_BLOCKS_PER_DAY} blocks a day.`)
  .superRefine((blocks, ctx) => {
    const i = overlappingBlock(blocks);
    if (i >= 0) ctx.addIssue({ code: 'custom', path: [i, 'start_time'], message: 'Blocks of the same day must not overlap.' });
  });

const slotMinutes = z.coerce
  .number({ error: 'The slot length must be a number of minutes.' })
  .int('The slot length must be whole minutes.')
  .min(SLOT_MINUTES_RANGE.min, `A slot lasts at least ${SLOT_MINUTES_RANGE.min} minutes.`)
  .max(SLOT_MINUTES_RANGE.max, `A slot lasts at most ${SLOT_MINUTES_RANGE.max} minutes.`);
const slotMinutesSchema = blankable(slotMinutes);

const hospitalIdSchema = z.uuid({ error: 'Choose one of your clinics.' });

const weekdaysSchema = z
  .array(
    z
      .number({ error: 'Weekdays are numbers, Monday 1 to Sunday 7.' })
      .int()
      .min(1, 'Weekdays go from Monday 1 to Sunday 7.')
      .max(7, 'Weekdays go from Monday 1 to Sunday 7.'),
    {
      error: 'Choose the weekdays (Monday 1 to Sunday 7).',
    },
  )
  .min(1, 'Choose at least one weekday.')
  .max(7, 'Choose each weekday once.')
  .refine((d) => new Set(d).size === d.length, 'Choose each weekday once.');

const untilAfterFrom = <T extends { from_date: string; until_date?: string | undefined }>(v: T) =>
  !v.until_date || v.until_date >= v.from_date;

/** Weekly hours at one clinic: `kind` may be left out. */
export const weeklyRuleSchema = z
  .object({
    kind: z.literal('weekly').optional(),
    providerRegion: providerRegionSchema,
    hospital_id: hospitalIdSchema,
    weekdays: weekdaysSchema,
    blocks: blocksSchema,
    from_date: isoDateSchema('first day'),
    until_date: blankable(isoDateSchema('last day')),
    slot_minutes: slotMinutesSchema,
  })
  .refine(untilAfterFrom, { message: 'The last day must not be before the first day.', path: ['until_date'] });

/** Time off: whole days (no blocks) or the same hours on each day of the range, at one clinic or all of them. */
export const timeOffRuleSchema = z
  .object({
    kind: z.literal('time_off'),
    providerRegion: providerRegionSchema,
    hospital_id: blankable(hospitalIdSchema),
    from_date: isoDateSchema('first day'),
    until_date: isoDateSchema('last day'),
    blocks: blankable(
      z
        .array(timeBlockSchema)
        .max(MAX_BLOCKS_PER_DAY, `At most ${MAX_BLOCKS_PER_DAY} blocks a day.`)
        .superRefine((blocks, ctx) => {
          const i = overlappingBlock(blocks);
          if (i >= 0) ctx.addIssue({ code: 'custom', path: [i, 'start_time'], message: 'Blocks of the same day must not overlap.' });
        }),
    ),
    note: blankable(z.string().trim().max(200, 'Keep the note under 200 characters.')),
  })
  .refine(untilAfterFrom, { message: 'The last day must not be before the first day.', path: ['until_date'] });

export const ruleInputSchema = z.discriminatedUnion('kind', [weeklyRuleSchema, timeOffRuleSchema], {
  error: "Choose the kind of rule: 'weekly' or 'time_off'.",
});
export type RuleInput = z.input<typeof ruleInputSchema>;
export type WeeklyRuleInput = z.infer<typeof weeklyRuleSchema>;
export type TimeOffRuleInput = z.infer<typeof timeOffRuleSchema>;

/** One day at one clinic (`POST /provider/availability/{providerId}/`). */
export const oneOffInputSchema = z
  .object({
    providerRegion: providerRegionSchema,
    hospital_id: hospitalIdSchema,
    date: isoDateSchema('date'),
    start_time: startTimeSchema,
    end_time: endTimeSchema,
    slot_minutes: slotMinutesSchema,
  })
  .refine((v) => minutesOfDay(v.end_time) > minutesOfDay(v.start_time), {
    message: 'The end time must be after the start time.',
    path: ['end_time'],
  });
export type OneOffInput = z.input<typeof oneOffInputSchema>;

/** A rule change: the same fields as creating one of its kind (a one-off date takes date, start_time and end_time). */
export const rulePatchSchema = z.object({
  providerRegion: providerRegionSchema,
  hospital_id: blankable(hospitalIdSchema),
  weekdays: blankable(weekdaysSchema),
  blocks: blankable(z.array(timeBlockSchema)),
  from_date: blankable(isoDateSchema('first day')),
  /** '' or null: no last day. */
  until_date: clearable(isoDateSchema('last day')),
  date: blankable(isoDateSchema('date')),
  start_time: blankable(startTimeSchema),
  end_time: blankable(endTimeSchema),
  /** '' or null: the provider's slot length. */
  slot_minutes: clearable(slotMinutes),
  note: blankable(z.string().trim().max(200, 'Keep the note under 200 characters.')),
});
export type RulePatch = z.input<typeof rulePatchSchema>;

export const providerParamsSchema = z.object({ providerId: z.uuid({ error: 'That provider id is not valid.' }) });
export const ruleParamsSchema = providerParamsSchema.extend({ ruleId: z.uuid({ error: 'That rule id is not valid.' }) });
export const slotParamsSchema = providerParamsSchema.extend({
  slotId: z.coerce.number({ error: 'That slot id is not valid.' }).int('That slot id is not valid.').positive('That slot id is not valid.'),
});
export const providerRegionQuerySchema = z.object({ providerRegion: providerRegionSchema });
/** An availability read or delete may name no region: the signed-in provider's own is used (empty means absent). */
export const optionalRegionQuerySchema = z.object({ providerRegion: blankable(providerRegionSchema) });

/** A slot as the workspace shows it: date DD/MM/YYYY, times 'h:mm AM/PM' in its clinic's zone. */
export const shownSlotSchema = z.object({
  date: z.string(),
  start_time: z.string(),
  end_time: z.string(),
  hospital_name: z.string(),
});
export type ShownSlot = z.infer<typeof shownSlotSchema>;

export const SLOT_STATUSES = ['Open', 'Held', 'Booked', 'Withdrawn'] as const;
export type SlotStatus = (typeof SLOT_STATUSES)[number];

/** Held and booked slots a change left alone (they are never touched; cancel the appointment to free one). */
export const keptSlotSchema = shownSlotSchema.extend({ id: z.number().int(), status: z.enum(['Held', 'Booked']) });

export const ruleSchema = z.object({
  id: z.string(),
  kind: z.enum(['weekly', 'date', 'time_off']),
  hospital_id: z.string().nullable(),
  /** Null for time off at every clinic. */
  hospital_name: z.string().nullable(),
  time_zone: z.string().nullable(),
  weekdays: z.array(z.number().int()),
  blocks: z.array(z.object({ start_time: z.string(), end_time: z.string() })),
  from_date: z.string(),
  until_date: z.string().nullable(),
  slot_minutes: z.number().int().nullable(),
  note: z.string().nullable(),
  /** Weekly rules: slots exist up to this local day. */
  generated_until: z.string().nullable(),
});
export type AvailabilityRule = z.infer<typeof ruleSchema>;

export const rulesResponseSchema = z.object({ status: z.literal(true), rules: z.array(ruleSchema) });
export type RulesResponse = z.infer<typeof rulesResponseSchema>;

export const ruleSavedResponseSchema = z.object({
  status: z.literal(true),
  rule: ruleSchema.nullable(),
  /** Slots created and free slots taken away by this change. */
  created: z.number().int(),
  removed: z.number().int(),
  kept: z.array(keptSlotSchema),
});
export type RuleSavedResponse = z.infer<typeof ruleSavedResponseSchema>;

export const oneOffResponseSchema = ruleSavedResponseSchema;

/**
 * A time new availability would overlap, and the rule that gives it: `rule` says it in words (null for a slot no rule
 * made), `planned` is true when the slot does not exist yet because its day is beyond the booking horizon (the rule
 * opens it when the roll-forward reaches that day).
 */
export const conflictSchema = shownSlotSchema.extend({
  rule_id: z.string().nullable(),
  rule: z.string().nullable(),
  planned: z.boolean(),
});
export type Conflict = z.infer<typeof conflictSchema>;

/** 409 body of a clash: what the new times would overlap; the message names the rules that give those times. */
export const conflictResponseSchema = z.looseObject({
  status: z.literal(false),
  statusCode: z.literal(409),
  error: z.string(),
  message: z.string(),
  conflicts: z.array(conflictSchema),
});
export type ConflictResponse = z.infer<typeof conflictResponseSchema>;

/** The slots a weekly rule or a one-off date would create, and what they would clash with, without saving. */
export const previewInputSchema = z.discriminatedUnion(
  'kind',
  [
    weeklyRuleSchema.safeExtend({ kind: z.literal('weekly'), rule_id: blankable(z.uuid()) }),
    oneOffInputSchema.safeExtend({ kind: z.literal('date'), rule_id: blankable(z.uuid()) }),
  ],
  { error: "Choose what to preview: 'weekly' or 'date'." },
);
export type PreviewInput = z.input<typeof previewInputSchema>;
export const previewResponseSchema = z.object({
  status: z.literal(true),
  /** The first slots it would create (at most 200), and how many in all up to the horizon. */
  slots: z.array(shownSlotSchema),
  total: z.number().int(),
  /** Slots it cannot create because they overlap availability you already have (or a rule will open later). */
  conflicts: z.array(conflictSchema),
  /** The last day weekly hours are generated for now (the booking horizon). */
  generated_until: z.string().nullable(),
});
export type PreviewResponse = z.infer<typeof previewResponseSchema>;

export const slotListQuerySchema = z.object({
  providerRegion: blankable(providerRegionSchema),
  /** First and last local day (YYYY-MM-DD); default today and no end. */
  from: blankable(isoDateSchema('first day')),
  to: blankable(isoDateSchema('last day')),
  page: blankable(
    z.coerce.number({ error: 'The page must be a number.' }).int('The page must be a whole number.').min(1, 'Pages start at 1.'),
  ),
  page_size: blankable(
    z.coerce
      .number({ error: 'The page size must be a number.' })
      .int()
      .min(1, 'The page size must be at least 1.')
      .max(MAX_AVAILABILITY_PAGE_SIZE, `The page size can be at most ${MAX_AVAILABILITY_PAGE_SIZE}.`),
  ),
  hospital_id: blankable(hospitalIdSchema),
  status: blankable(z.enum(SLOT_STATUSES, { error: `Choose a status: ${SLOT_STATUSES.join(', ')}.` })),
});

export const availabilityRowSchema = shownSlotSchema.extend({
  id: z.number().int(),
  hospital_id: z.string(),
  status: z.enum(SLOT_STATUSES),
  /** The local day as YYYY-MM-DD and the weekday (1–7), for the week view. */
  iso_date: z.string(),
  weekday: z.number().int(),
  rule_id: z.string().nullable(),
});
export type AvailabilityRow = z.infer<typeof availabilityRowSchema>;

/**
 * A time a weekly rule will open on a day beyond the booking horizon: no slot yet (patients cannot see it), made by the
 * roll-forward on `opens_on`, when the day comes within the horizon.
 */
export const plannedSlotSchema = shownSlotSchema.extend({
  hospital_id: z.string(),
  iso_date: z.string(),
  rule_id: z.string(),
  opens_on: z.string(),
});
export type PlannedSlotRow = z.infer<typeof plannedSlotSchema>;
/** The longest from–to range for which the slot list answers the planned times (a week view needs 7 days). */
export const PLANNED_RANGE_MAX_DAYS = 31;

export const slotListResponseSchema = z.object({
  availabilities: z.array(availabilityRowSchema),
  current_page: z.number().int(),
  total_pages: z.number().int(),
  total: z.number().int(),
  /**
   * With both from and to (at most 31 days apart): the times the weekly rules will open in those days beyond the booking
   * horizon, earliest first (empty otherwise).
   */
  planned: z.array(plannedSlotSchema),
  /** The last local day slots are made for now (today + the booking horizon, in the provider's main zone). */
  horizon_until: z.string(),
});
export type SlotListResponse = z.infer<typeof slotListResponseSchema>;

export const withdrawResponseSchema = z.object({ status: z.literal(true), id: z.number().int(), slot_status: z.literal('Withdrawn') });

export const scheduleSettingsSchema = z.object({
  /** Null: the consultation length. */
  slot_minutes: z.number().int().nullable(),
  consultation_minutes: z.number().int(),
  buffer_minutes: z.number().int(),
  min_notice_minutes: z.number().int(),
  horizon_days: z.number().int(),
});
export type ScheduleSettings = z.infer<typeof scheduleSettingsSchema>;
export const scheduleSettingsResponseSchema = z.object({ status: z.literal(true), settings: scheduleSettingsSchema });

export const scheduleSettingsPatchSchema = z.object({
  providerRegion: providerRegionSchema,
  /** '' or null: the consultation length. */
  slot_minutes: clearable(slotMinutes),
  buffer_minutes: blankable(
    z.coerce
      .number({ error: 'The buffer must be a number of minutes.' })
      .int('The buffer must be whole minutes.')
      .min(0, 'The buffer cannot be negative.')
      .max(BUFFER_MINUTES_MAX, `The buffer can be at most ${BUFFER_MINUTES_MAX} minutes.`),
  ),
  min_notice_minutes: blankable(
    z.coerce
      .number({ error: 'The minimum notice must be a number of minutes.' })
      .int('The minimum notice must be whole minutes.')
      .min(0, 'The minimum notice cannot be negative.')
      .max(MIN_NOTICE_MINUTES_MAX, 'The minimum notice can be at most 14 days.'),
  ),
  horizon_days: blankable(
    z.coerce
      .number({ error: 'The booking horizon must be a number of days.' })
      .int('The booking horizon must be whole days.')
      .min(HORIZON_DAYS_RANGE.min, 'Patients must be able to book at least one day ahead.')
      .max(HORIZON_DAYS_RANGE.max, `Patients can book at most ${HORIZON_DAYS_RANGE.max} days ahead.`),
  ),
});
export type ScheduleSettingsPatch = z.input<typeof scheduleSettingsPatchSchema>;
export const scheduleSettingsSavedSchema = ruleSavedResponseSchema.omit({ rule: true }).extend({ settings: scheduleSettingsSchema });
