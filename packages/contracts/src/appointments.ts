import { z } from 'zod';
import { blankable } from './blankable';
import { PAYMENT_METHODS } from './booking';
import { searchRegionSchema } from './search';

/**
 * The provider's booked history and what can be done with a booking there: its filters and their texts, the row
 * numbers, the status styles, cancellation and no-show (docs/provider-workspace.md, "Booked History"). Pure rules
 * shared by the API and the web app.
 */

export const APPOINTMENT_STATUSES = ['Booked', 'Completed', 'Cancelled by Patient', 'Cancelled by Doctor', 'No Show', 'Expired'] as const;
export type AppointmentStatus = (typeof APPOINTMENT_STATUSES)[number];

export const HISTORY_PAGE_SIZE = 5;
export const HISTORY_SORTS = [
  { value: 'desc', label: 'Latest to Oldest' },
  { value: 'asc', label: 'Oldest to Latest' },
] as const;
export type HistorySort = (typeof HISTORY_SORTS)[number]['value'];
export const HISTORY_MONTHS = ['01', '02', '03', '04', '05', '06', '07', '08', '09', '10', '11', '12'] as const;
/** A booked appointment may be marked No Show from its start until this many hours after. */
export const NO_SHOW_WINDOW_HOURS = 48;
export const CANCELLATION_REASON_MAX = 500;

export const historyMessages = {
  yearMissing: 'Please enter a year',
  yearInvalid: 'Please enter a valid year',
  monthInvalid: 'Please choose a month from 01 to 12',
  notAllowed: 'Not Allowed',
  alreadyCancelled: 'This appointment is already cancelled.',
  alreadyHappened: 'This appointment has already started or taken place, so it can no longer be cancelled.',
  notFound: 'We could not find that appointment.',
  onlyOwnProvider: "Only the appointment's own provider can cancel it.",
  noShowTooEarly: 'You can mark a no-show only once the appointment has started.',
  noShowTooLate: `A no-show can be marked only within ${NO_SHOW_WINDOW_HOURS} hours of the appointment's start.`,
  noShowNotBooked: 'Only a booked appointment can be marked as a no-show.',
} as const;

/** The filters' rules, the same on the screen and in the API: a month needs a year; a year is 1000–9999. */
export function validateHistoryFilters(f: {
  month?: string | null;
  year?: string | null;
}): { field: 'month' | 'year'; message: string } | null {
  const month = f.month?.trim() ?? '';
  const year = f.year?.trim() ?? '';
  if (month && !(HISTORY_MONTHS as readonly string[]).includes(month.padStart(2, '0')))
    return { field: 'month', message: historyMessages.monthInvalid };
  if (month && !year) return { field: 'year', message: historyMessages.yearMissing };
  if (year && !(/^\d{1,4}$/.test(year) && Number(year) >= 1000 && Number(year) <= 9999))
    return { field: 'year', message: historyMessages.yearInvalid };
  return null;
}

/** The number shown in the first column: (page − 1) × 5 + index + 1. */
export function rowNumber(page: number, index: number, pageSize: number = HISTORY_PAGE_SIZE): number {
  return (page - 1) * pageSize + index + 1;
}

export type StatusTone = 'booked' | 'completed' | 'cancelled' | 'no-show' | 'expired' | 'neutral';
/** The colour family of a status; a status we do not know is shown as it is, in a neutral style. */
export function statusTone(status: string): StatusTone {
  switch (status) {
    case 'Booked':
      return 'booked';
    case 'Completed':
      return 'completed';
    case 'Cancelled by Patient':
    case 'Cancelled by Doctor':
      return 'cancelled';
    case 'No Show':
      return 'no-show';
    case 'Expired':
      return 'expired';
    default:
      return 'neutral';
  }
}

/** The cancellation dialog's question. */
export function cancelQuestion(user: string, date: string, time: string): string {
  return `Are you sure you want to cancel the appointment with ${user} on ${date} at ${time} ?`;
}

/** Prev, the page numbers and Next show only when there is more than one page. */
export function showPagination(totalPages: number): boolean {
  return totalPages > 1;
}

export const historyQuerySchema = z.object({
  ProviderRegion: searchRegionSchema,
  page: blankable(
    z.coerce.number({ error: 'The page must be a number.' }).int('The page must be a whole number.').min(1, 'Pages start at 1.'),
  ),
  sort: blankable(z.enum(['desc', 'asc'], { error: "Sort by 'desc' (Latest to Oldest) or 'asc' (Oldest to Latest)." })),
  payment_method: blankable(z.enum(PAYMENT_METHODS, { error: "Choose the payment method 'stripe' or 'paypal'." })),
  /** Checked with the year by validateHistoryFilters, for the same texts as the screen. */
  month: blankable(z.string().max(4)),
  year: blankable(z.string().max(8)),
});
export type HistoryQuery = z.input<typeof historyQuerySchema>;

export const historyRowSchema = z.object({
  id: z.string(),
  /** Null once the patient deleted their account (shown 'N/A'). */
  user_id: z.string().nullable(),
  user_name: z.string().nullable(),
  doctor_name: z.string(),
  /** usa, uk (or another region), for the currency symbol. */
  doctor_region: z.string(),
  /** DD/MM/YYYY and 'h:mm AM/PM' in the clinic's zone: what the cancellation call takes back. */
  date: z.string(),
  start_time: z.string(),
  end_time: z.string(),
  hospital_name: z.string(),
  /** '45.00', '0.00' when missing. */
  amount: z.string(),
  currency: z.string(),
  payment_method: z.string().nullable(),
  status: z.string(),
  cancellation_reason: z.string().nullable(),
  can_cancel: z.boolean(),
  can_mark_no_show: z.boolean(),
});
export type HistoryRow = z.infer<typeof historyRowSchema>;

export const historyResponseSchema = z.object({
  appointments: z.array(historyRowSchema),
  current_page: z.number().int(),
  total_pages: z.number().int(),
});
export type HistoryResponse = z.infer<typeof historyResponseSchema>;

export const cancellationParamsSchema = z.object({
  userId: z.uuid({ error: 'That user id is not valid.' }),
  providerId: z.uuid({ error: 'That provider id is not valid.' }),
});

/**
 * What the patient's screen showed before they confirmed: the server cancels only under that rule (409 when the
 * cut-off passed in between), so the rule applied is always the one shown (docs/after-booking.md).
 */
export const shownTermsSchema = blankable(z.enum(['refund', 'no_refund'], { error: "expected_refund is 'refund' or 'no_refund'." }));

export const cancellationRequestSchema = z.object({
  providerRegion: searchRegionSchema,
  date: z.string({ error: 'Please give the date as DD/MM/YYYY.' }).regex(/^\d{2}\/\d{2}\/\d{4}$/, 'Please give the date as DD/MM/YYYY.'),
  start_time: z
    .string({ error: 'Please give the time as h:mm AM/PM.' })
    .max(12, 'Please give the time as h:mm AM/PM.')
    .regex(/^\s*\d{1,2}:\d{2}\s*[AaPp][Mm]\s*$/, 'Please give the time as h:mm AM/PM.'),
  cancelling_person: z.enum(['provider', 'patient'], { error: "cancelling_person is 'provider' or 'patient'." }),
  cancellation_reason: blankable(
    z.string().trim().max(CANCELLATION_REASON_MAX, `Keep the reason under ${CANCELLATION_REASON_MAX} characters.`),
  ),
  /** The patient's cancellation only: the terms their screen showed. */
  expected_refund: shownTermsSchema,
});
export type CancellationRequest = z.input<typeof cancellationRequestSchema>;

export const cancellationResponseSchema = z.object({
  status: z.literal(true),
  data: z.object({
    id: z.string(),
    status: z.string(),
    /** The refund queued to the card or wallet that paid, or null when nothing was paid. */
    refund: z.object({ amount: z.string(), currency: z.string() }).nullable(),
  }),
});
export type CancellationResponse = z.infer<typeof cancellationResponseSchema>;

export const appointmentParamsSchema = z.object({
  providerId: z.uuid({ error: 'That provider id is not valid.' }),
  appointmentId: z.uuid({ error: 'That appointment id is not valid.' }),
});
export const noShowRequestSchema = z.object({
  providerRegion: searchRegionSchema,
  status: z.literal('No Show', { error: "The only change allowed here is status 'No Show'." }),
});
export const noShowResponseSchema = z.object({ status: z.literal(true), data: historyRowSchema });
