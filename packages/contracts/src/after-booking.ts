import { z } from 'zod';
import { blankable } from './blankable';
import { CANCELLATION_REASON_MAX, shownTermsSchema } from './appointments';

/**
 * What a patient may do with a booking once it is made: the cancellation policy with its cut-off, and the signed
 * e-mail links (docs/after-booking.md). Pure rules shared by the API and the web app.
 */

/** The provider setting's default: free cancellation until this many hours before the start. */
export const DEFAULT_CANCELLATION_CUTOFF_HOURS = 24;

export interface CancellationPolicy {
  /** The last instant (whole second, UTC) at which cancelling refunds the fee. */
  free_until: string;
  cutoff_hours: number;
  /** True when cancelling now refunds the fee in full. */
  refundable: boolean;
  /** Minor units refunded if cancelled now: the whole fee, or 0 once the cut-off has passed. */
  refund_minor: number;
}

/**
 * The policy at `now` for an appointment starting at `startsAt`. The cut-off is `cutoffHours` of elapsed time before
 * the start (so a change of clocks in between changes nothing), compared to the second: cancelling at any instant of
 * the second named by `free_until` is still free, from the next second the fee is kept.
 */
export function cancellationPolicy(startsAt: Date, now: Date, cutoffHours: number, amountMinor: number): CancellationPolicy {
  const freeUntilSec = Math.floor(startsAt.getTime() / 1000) - cutoffHours * 3600;
  const refundable = Math.floor(now.getTime() / 1000) <= freeUntilSec;
  return {
    free_until: new Date(freeUntilSec * 1000).toISOString(),
    cutoff_hours: cutoffHours,
    refundable,
    refund_minor: refundable ? amountMinor : 0,
  };
}

export const afterBookingMessages = {
  termsChanged:
    'The cancellation terms have changed since they were shown to you: the free cancellation period has ended. Please review them and confirm again.',
  linkInvalid: 'This link is not valid. Please use the link in your latest e-mail, or sign in to see your appointments.',
  linkExpired: 'This link has expired because the appointment has started.',
  slotTaken: 'Oops! This slot is already booked.',
} as const;

/** The patient's own sentence of the policy, as the cancel dialog and the e-mail link page show it. */
export function policySentence(
  p: { refundable: boolean; free_until: string; cutoff_hours: number },
  refund: string,
  freeUntilText: string,
): string {
  return p.refundable
    ? `Free cancellation until ${freeUntilText} (${p.cutoff_hours} hours before). If you cancel now, ${refund} will be refunded to the card or wallet you paid with.`
    : `The free cancellation period ended at ${freeUntilText} (${p.cutoff_hours} hours before). If you cancel now, the fee is kept and nothing is refunded.`;
}

export const cancellationPolicySchema = z.object({
  free_until: z.string(),
  cutoff_hours: z.number().int(),
  refundable: z.boolean(),
  /** '45.00': the amount refunded if cancelled now, in the booking's currency. */
  refund_amount: z.string(),
  currency: z.string(),
});
export type CancellationPolicyView = z.infer<typeof cancellationPolicySchema>;

/** A signed single-purpose e-mail link: what it shows. */
export const linkQuerySchema = z.object({ token: z.string().min(10, 'This link is not valid.').max(600, 'This link is not valid.') });
export const linkBookingResponseSchema = z.object({
  status: z.literal(true),
  data: z.object({
    purpose: z.literal('cancel'),
    user_id: z.string(),
    provider_id: z.string(),
    providerRegion: z.string(),
    doctor_name: z.string(),
    hospital_name: z.string(),
    /** DD/MM/YYYY and 'h:mm AM/PM' in the clinic's zone. */
    date: z.string(),
    start_time: z.string(),
    time_zone: z.string(),
    status: z.string(),
    policy: cancellationPolicySchema,
  }),
});
export type LinkBookingResponse = z.infer<typeof linkBookingResponseSchema>;

export const linkCancelRequestSchema = z.object({
  token: z.string().min(10, 'This link is not valid.').max(600, 'This link is not valid.'),
  cancellation_reason: blankable(
    z.string().trim().max(CANCELLATION_REASON_MAX, `Keep the reason under ${CANCELLATION_REASON_MAX} characters.`),
  ),
  expected_refund: shownTermsSchema,
});
export type LinkCancelRequest = z.input<typeof linkCancelRequestSchema>;

const dateText = (field: string) =>
  z.string({ error: `Please give ${field} as DD/MM/YYYY.` }).regex(/^\d{2}\/\d{2}\/\d{4}$/, `Please give ${field} as DD/MM/YYYY.`);
const timeText = (field: string) =>
  z
    .string({ error: `Please give ${field} as h:mm AM/PM.` })
    .max(12, `Please give ${field} as h:mm AM/PM.`)
    .regex(/^\s*\d{1,2}:\d{2}\s*[AaPp][Mm]\s*$/, `Please give ${field} as h:mm AM/PM.`);

export const rescheduleParamsSchema = z.object({
  userId: z.uuid({ error: 'That user id is not valid.' }),
  providerId: z.uuid({ error: 'That provider id is not valid.' }),
});
export const rescheduleRequestSchema = z.object({
  providerRegion: z.enum(['uk', 'usa'], { error: 'Please choose a region: uk or usa.' }),
  date: dateText('the date'),
  start_time: timeText('the time'),
  new_date: dateText('the new date'),
  new_start_time: timeText('the new time'),
});
export type RescheduleRequest = z.input<typeof rescheduleRequestSchema>;
export const rescheduleResponseSchema = z.object({
  status: z.literal(true),
  data: z.object({ id: z.string(), status: z.literal('Booked'), date: z.string(), start_time: z.string() }),
});
export type RescheduleResponse = z.infer<typeof rescheduleResponseSchema>;

// ---------- reminders ----------

export const REMINDER_KINDS = ['7d', '24h'] as const;
export type ReminderKind = (typeof REMINDER_KINDS)[number];
const DAY_MS = 86_400_000;

/**
 * The reminders a booking gets (decision 063): one 7 days before when it was made earlier than that, and one 24 hours
 * before — or at once when it was made less than 24 hours ahead. None for an appointment that has started.
 */
export function plannedReminders(bookedAt: Date, startsAt: Date): { kind: ReminderKind; due_at: Date }[] {
  const booked = bookedAt.getTime();
  const start = startsAt.getTime();
  if (start <= booked) return [];
  const out: { kind: ReminderKind; due_at: Date }[] = [];
  if (booked < start - 7 * DAY_MS) out.push({ kind: '7d', due_at: new Date(start - 7 * DAY_MS) });
  out.push({ kind: '24h', due_at: new Date(Math.max(booked, start - DAY_MS)) });
  return out;
}

export const reminderViewSchema = z.object({
  kind: z.enum(REMINDER_KINDS),
  channel: z.string(),
  /** ISO instant it is (or was) due. */
  due_at: z.string(),
  sent: z.boolean(),
});
export type ReminderView = z.infer<typeof reminderViewSchema>;

// ---------- waitlist ----------

const isoDay = (field: string) =>
  z.string({ error: `Please give ${field} as YYYY-MM-DD.` }).regex(/^\d{4}-\d{2}-\d{2}$/, `Please give ${field} as YYYY-MM-DD.`);

/** The longest range one waitlist entry may cover. */
export const WAITLIST_MAX_DAYS = 90;

export const waitlistParamsSchema = z.object({ userId: z.uuid({ error: 'That user id is not valid.' }) });
export const waitlistEntryParamsSchema = waitlistParamsSchema.extend({
  entryId: z.uuid({ error: 'That waitlist entry id is not valid.' }),
});
export const waitlistJoinSchema = z.object({
  providerId: z.uuid({ error: 'That provider id is not valid.' }),
  providerRegion: z.enum(['uk', 'usa'], { error: 'Please choose a region: uk or usa.' }),
  from_date: isoDay('the first day'),
  to_date: isoDay('the last day'),
});
export type WaitlistJoin = z.input<typeof waitlistJoinSchema>;
export const waitlistEntrySchema = z.object({
  id: z.string(),
  provider_id: z.string(),
  doctor_name: z.string(),
  region: z.string(),
  from_date: z.string(),
  to_date: z.string(),
  joined_at: z.string(),
});
export type WaitlistEntry = z.infer<typeof waitlistEntrySchema>;
export const waitlistEntryResponseSchema = z.object({ status: z.literal(true), data: waitlistEntrySchema });
export const waitlistListResponseSchema = z.object({ status: z.literal(true), data: z.array(waitlistEntrySchema) });
export type WaitlistEntryResponse = z.infer<typeof waitlistEntryResponseSchema>;
export type WaitlistListResponse = z.infer<typeof waitlistListResponseSchema>;
export const waitlistMessages = {
  rangeOrder: 'The last day must be on or after the first day.',
  rangePast: 'The last day has already passed. Please choose days from today on.',
  rangeTooLong: `Please choose at most ${WAITLIST_MAX_DAYS} days.`,
  duplicate: 'You are already on this waitlist for these days.',
  notFound: 'We could not find that waitlist entry.',
} as const;
