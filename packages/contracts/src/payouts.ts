import { z } from 'zod';
import { providerRegionSchema } from './availability';
import { blankable } from './blankable';

/** Providers' earnings, payouts and the staff payout screens (docs/payouts.md). Money is a string with two decimals. */

export const PAYOUT_SCHEDULES = ['daily', 'weekly', 'monthly'] as const;
export type PayoutSchedule = (typeof PAYOUT_SCHEDULES)[number];
export const PAYOUT_STATUSES = ['scheduled', 'in_transit', 'paid', 'failed'] as const;
export type PayoutStatus = (typeof PAYOUT_STATUSES)[number];
/** What each status is called on the screens. */
export const PAYOUT_STATUS_LABELS: Record<PayoutStatus, string> = {
  scheduled: 'Scheduled',
  in_transit: 'In transit',
  paid: 'Paid',
  failed: 'Failed',
};
/** The smallest payout, in minor units of its currency (10.00). */
export const MINIMUM_PAYOUT_MINOR = 1000;
export const EARNINGS_PAGE_SIZE = 20;
export const PAYOUTS_PAGE_SIZE = 10;

export const payoutMessages = {
  accountInTransit: 'This bank account has a payout on its way to it. You can delete it once that payout has arrived or failed.',
  notFailed: 'Only a failed payout can be retried.',
  payoutNotFound: 'That payout does not exist.',
  nothingToRetry: 'There is nothing to pay: the available balance is below the minimum payout of 10.00.',
  noBankAccount: 'The provider has no bank account to pay into.',
  alreadyOpen: 'A payout for this provider is already on its way.',
  scheduleSaved: 'Payout schedule saved.',
} as const;

const pageSchema = blankable(
  z.coerce.number({ error: 'The page must be a number.' }).int('The page must be a whole number.').min(1, 'Pages start at 1.'),
);

export const earningsQuerySchema = z.object({
  providerRegion: providerRegionSchema,
  month: blankable(
    z.coerce
      .number({ error: 'The month must be a number from 1 to 12.' })
      .int('The month must be a number from 1 to 12.')
      .min(1, 'The month must be a number from 1 to 12.')
      .max(12, 'The month must be a number from 1 to 12.'),
  ),
  year: blankable(
    z.coerce
      .number({ error: 'Please enter a valid year.' })
      .int('Please enter a valid year.')
      .min(2000, 'Please enter a valid year.')
      .max(9999, 'Please enter a valid year.'),
  ),
  page: pageSchema,
});
export type EarningsQuery = z.input<typeof earningsQuerySchema>;

export const statementRowSchema = z.object({
  /** YYYY-MM-DD (UTC) of the movement. */
  date: z.string(),
  booking_id: z.string().nullable(),
  patient_first_name: z.string(),
  description: z.string(),
  gross: z.string(),
  fee: z.string(),
  refund: z.string(),
  net: z.string(),
});
export type StatementRow = z.infer<typeof statementRowSchema>;

export const earningsResponseSchema = z.object({
  currency: z.string(),
  pending: z.string(),
  available: z.string(),
  paid_out_this_month: z.string(),
  schedule: z.enum(PAYOUT_SCHEDULES),
  /** The statement month's totals (every page). */
  totals: z.object({ gross: z.string(), fee: z.string(), refund: z.string(), net: z.string() }),
  entries: z.array(statementRowSchema),
  current_page: z.number().int(),
  total_pages: z.number().int(),
});
export type EarningsResponse = z.infer<typeof earningsResponseSchema>;

export const payoutRowSchema = z.object({
  id: z.string(),
  created_at: z.string(),
  amount: z.string(),
  currency: z.string(),
  status: z.enum(PAYOUT_STATUSES),
  /** The bank account as the bank accounts screen shows it (number masked). */
  destination: z.string(),
  arrival_date: z.string().nullable(),
  failure_reason: z.string().nullable(),
});
export type PayoutRow = z.infer<typeof payoutRowSchema>;

export const payoutsQuerySchema = z.object({ providerRegion: providerRegionSchema, page: pageSchema });
export const payoutsResponseSchema = z.object({
  payouts: z.array(payoutRowSchema),
  current_page: z.number().int(),
  total_pages: z.number().int(),
});
export type PayoutsResponse = z.infer<typeof payoutsResponseSchema>;

export const payoutSettingsInputSchema = z.object({
  providerRegion: providerRegionSchema,
  schedule: z.enum(PAYOUT_SCHEDULES, { error: "Choose the schedule 'daily', 'weekly' or 'monthly'." }),
});
export const payoutSettingsResponseSchema = z.object({ message: z.string(), schedule: z.enum(PAYOUT_SCHEDULES) });

export const staffPayoutsQuerySchema = z.object({
  status: blankable(z.enum(PAYOUT_STATUSES, { error: "Choose the status 'scheduled', 'in_transit', 'paid' or 'failed'." })),
  page: pageSchema,
});
export const staffPayoutRowSchema = payoutRowSchema.extend({ provider_id: z.string(), provider_name: z.string() });
export type StaffPayoutRow = z.infer<typeof staffPayoutRowSchema>;
export const staffPayoutsResponseSchema = z.object({
  payouts: z.array(staffPayoutRowSchema),
  current_page: z.number().int(),
  total_pages: z.number().int(),
});
export type StaffPayoutsResponse = z.infer<typeof staffPayoutsResponseSchema>;
export const payoutIdParamsSchema = z.object({ id: z.uuid({ error: 'That payout id is not valid.' }) });
export const payoutRetryResponseSchema = z.object({ payout: staffPayoutRowSchema });
export const payoutRunResponseSchema = z.object({
  /** Bookings whose money became available. */
  released: z.number().int(),
  /** Payouts created by this run. */
  created: z.number().int(),
  /** Payouts sent to the rail (new, or resumed after a crash). */
  sent: z.number().int(),
});
export type PayoutRunResponse = z.infer<typeof payoutRunResponseSchema>;

export const reconciliationQuerySchema = z.object({
  date: blankable(
    z
      .string()
      .regex(/^\d{4}-\d{2}-\d{2}$/, 'Enter the date as YYYY-MM-DD.')
      .refine(
        (v) => !Number.isNaN(Date.parse(`${v}T00:00:00Z`)) && new Date(`${v}T00:00:00Z`).toISOString().startsWith(v),
        'That date does not exist.',
      ),
  ),
  currency: blankable(z.enum(['GBP', 'USD'], { error: "Choose the currency 'GBP' or 'USD'." })),
});
export const reconciliationResponseSchema = z.object({
  date: z.string(),
  currency: z.string(),
  captured: z.string(),
  refunded: z.string(),
  fees: z.string(),
  paid_out: z.string(),
  /** captured − refunded − fees − paid out */
  expected_change: z.string(),
  /** How much the providers' balances (pending + available) changed that day. */
  balance_change: z.string(),
  difference: z.string(),
  balanced: z.boolean(),
  /** Every entry of the day sums to zero. */
  entries_balanced: z.boolean(),
});
export type ReconciliationResponse = z.infer<typeof reconciliationResponseSchema>;

/** A CSV cell that a spreadsheet would read as a formula is prefixed with a quote mark; every cell is quoted. */
export function csvCell(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) && !/^-\d+(\.\d+)?$/.test(value) ? `'${value}` : value;
  return `"${safe.replace(/"/g, '""')}"`;
}
