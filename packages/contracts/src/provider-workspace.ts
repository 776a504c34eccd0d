import { z } from 'zod';
import { historyRowSchema } from './appointments';
import { shownSlotSchema } from './availability';
import { blankable } from './blankable';
import { searchRegionSchema } from './search';

/** The provider's own profile and dashboard (docs/provider-workspace.md, "Profile" and "Dashboard"). */

export const CONSULTATION_MINUTES_RANGE = { min: 5, max: 240 } as const;
export const MAX_CLINICS = 10;
export const MAX_FEE = 10_000;

export const profileMessages = {
  lastClinic: 'Keep at least one clinic: add another one before removing this one.',
  clinicBooked: 'This clinic has upcoming appointments. Cancel them first, then remove the clinic.',
  clinicNotYours: 'That clinic is not one of yours.',
  clinicAlreadyYours: 'This clinic is already one of yours.',
  tooManyClinics: `You can have at most ${MAX_CLINICS} clinics.`,
  fee: 'Enter the fee as an amount like 45 or 45.50.',
} as const;

/** '62', '62.5' or '62.50' (major units) → 6250 minor units; null when it is not an amount. */
export function parseAmountText(text: string): number | null {
  const t = text.trim();
  if (!/^\d{1,5}(\.\d{1,2})?$/.test(t)) return null;
  const [whole, fraction = ''] = t.split('.');
  const minor = Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
  return minor <= MAX_FEE * 100 ? minor : null;
}

const feeSchema = z
  .string({ error: profileMessages.fee })
  .max(12, profileMessages.fee)
  .refine((v) => parseAmountText(v) !== null, profileMessages.fee);
const listOfText = (label: string, max: number) =>
  z
    .array(z.string().trim().min(1, `A ${label} cannot be empty.`).max(60, `Keep each ${label} under 60 characters.`), {
      error: `Send the ${label}s as a list.`,
    })
    .max(max, `At most ${max} ${label}s.`);

export const profilePatchSchema = z.object({
  providerRegion: searchRegionSchema,
  bio: blankable(z.string().max(2000, 'Keep your bio under 2,000 characters.')),
  languages: blankable(listOfText('language', 12)),
  qualifications: blankable(listOfText('qualification', 12)),
  /** First-visit and follow-up fees in the region's currency, major units ('62.00'). */
  amount: blankable(feeSchema),
  follow_amount: blankable(feeSchema),
  consultation_minutes: blankable(
    z.coerce
      .number({ error: 'The consultation length must be a number of minutes.' })
      .int('The consultation length must be whole minutes.')
      .min(CONSULTATION_MINUTES_RANGE.min, `A consultation lasts at least ${CONSULTATION_MINUTES_RANGE.min} minutes.`)
      .max(CONSULTATION_MINUTES_RANGE.max, `A consultation lasts at most ${CONSULTATION_MINUTES_RANGE.max} minutes.`),
  ),
});
export type ProfilePatch = z.input<typeof profilePatchSchema>;
export type ProfileChanges = z.output<typeof profilePatchSchema>;

export const clinicInputSchema = z.object({
  providerRegion: searchRegionSchema,
  name: z
    .string({ error: 'Enter the name of the clinic.' })
    .trim()
    .min(2, 'Enter the name of the clinic.')
    .max(120, 'Keep the name under 120 characters.'),
  address: z
    .string({ error: 'Enter the street address.' })
    .trim()
    .min(3, 'Enter the street address.')
    .max(200, 'Keep the address under 200 characters.'),
  city: z
    .string({ error: 'Enter the town or city.' })
    .trim()
    .min(2, 'Enter the town or city.')
    .max(80, 'Keep the city under 80 characters.'),
  postcode: z
    .string({ error: 'Enter the postcode or ZIP code.' })
    .trim()
    .min(3, 'Enter the postcode or ZIP code.')
    .max(16, "We couldn't find that postcode"),
});
export type ClinicInput = z.input<typeof clinicInputSchema>;
export const clinicParamsSchema = z.object({
  providerId: z.uuid({ error: 'That provider id is not valid.' }),
  hospitalId: z.uuid({ error: 'That clinic id is not valid.' }),
});

export const ownClinicSchema = z.object({
  hospital_id: z.string(),
  hospital_name: z.string(),
  hospital_location: z.string(),
  address: z.string(),
  city: z.string(),
  postcode: z.string(),
  latitude: z.number(),
  longitude: z.number(),
  time_zone: z.string(),
  /** Held or booked appointments from now on: a clinic with some cannot be removed. */
  upcoming_appointments: z.number().int(),
});
export type OwnClinic = z.infer<typeof ownClinicSchema>;

export const ownProfileSchema = z.object({
  _id: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  name: z.string(),
  email: z.string().nullable(),
  region: searchRegionSchema,
  registed_with: z.object({ professional_body_name: z.string(), membership_number: z.string() }),
  verification_status: z.string(),
  verified: z.boolean(),
  bookable: z.boolean(),
  speciality: z.string().nullable(),
  qualifications: z.array(z.string()),
  bio: z.string(),
  languages: z.array(z.string()),
  profile_image: z.string().nullable(),
  amount: z.string(),
  follow_amount: z.string(),
  amount_minor: z.number().int(),
  follow_amount_minor: z.number().int(),
  currency: z.string(),
  consultation_minutes: z.number().int(),
  /** Every clinic, verified or not, with its id (the availability calls take it). */
  hospital_details: z.array(ownClinicSchema),
});
export type OwnProfile = z.infer<typeof ownProfileSchema>;
export const ownProfileResponseSchema = z.object({ status: z.literal(true), data: ownProfileSchema });
export type OwnProfileResponse = z.infer<typeof ownProfileResponseSchema>;

export const dashboardSchema = z.object({
  verification_status: z.string(),
  verified: z.boolean(),
  /** The clinic zone's today, as DD/MM/YYYY. */
  today_date: z.string(),
  today: z.array(historyRowSchema),
  /** The next appointments after today (at most 5). */
  upcoming: z.array(historyRowSchema),
  week: z.object({ bookings: z.number().int(), cancellations: z.number().int() }),
  /** This month's earnings (appointments this month, not cancelled), per currency. */
  month_earnings: z.array(z.object({ currency: z.string(), amount: z.string() })),
  next_free_slot: shownSlotSchema.nullable(),
  /** What is set up, for the new provider's first steps. */
  setup: z.object({ clinics: z.number().int(), rules: z.number().int(), bank_accounts: z.number().int() }),
  /** Booked appointments from now on that a busy time in one of the provider's own calendars overlaps (they stay booked). */
  calendar_clashes: z.array(z.object({ date: z.string(), start_time: z.string(), end_time: z.string(), calendar_name: z.string() })),
});
export type Dashboard = z.infer<typeof dashboardSchema>;
export const dashboardResponseSchema = z.object({ status: z.literal(true), data: dashboardSchema });
export type DashboardResponse = z.infer<typeof dashboardResponseSchema>;
