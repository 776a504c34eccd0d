import { z } from 'zod';
import { hospitalDetailSchema, searchRegionSchema, slotSummarySchema } from './search';

/** Provider profile, doctor lookup and availability calls (docs/search.md). */

export const providerIdParamsSchema = z.object({
  id: z.uuid({ error: 'That provider id is not valid.' }),
});
export const providerRegionQuerySchema = z.object({ selectedRegion: searchRegionSchema.default('uk') });

export const providerDetailsSchema = z.object({
  _id: z.string(),
  id: z.string(),
  region: searchRegionSchema,
  first_name: z.string(),
  last_name: z.string(),
  name: z.string(),
  /** Spelled as in the product specification. */
  registed_with: z.object({ professional_body_name: z.string(), membership_number: z.string() }),
  verification_status: z.string(),
  verified: z.boolean(),
  /** Accepting bookings now. */
  bookable: z.boolean(),
  profile_image: z.string().nullable(),
  /** Null when unknown: show 'No speciality information available'. */
  speciality: z.string().nullable(),
  speciality_slug: z.string().nullable(),
  qualifications: z.array(z.string()),
  hospital_details: z.array(hospitalDetailSchema),
  /** Fees as text in the region's currency ('45.00'), and in minor units. */
  amount: z.string(),
  follow_amount: z.string(),
  amount_minor: z.number().int(),
  follow_amount_minor: z.number().int(),
  currency: z.string(),
  consultationTime: z.number().int(),
  about: z.string(),
  languages: z.array(z.string()),
  /** The provider's company, once staff have verified it; null otherwise (docs/providers-onboarding.md, "Companies"). */
  company_name: z.string().nullable().optional(),
});
export type ProviderDetails = z.infer<typeof providerDetailsSchema>;

export const providerDetailsResponseSchema = z.object({ status: z.literal(true), data: providerDetailsSchema });
export type ProviderDetailsResponse = z.infer<typeof providerDetailsResponseSchema>;

export const doctorResponseSchema = z.object({
  status: z.literal(true),
  data: z.object({
    _id: z.string(),
    name: z.string(),
    first_name: z.string(),
    last_name: z.string(),
    qualifications: z.array(z.string()),
    profile_image: z.string().nullable(),
    speciality: z.string().nullable(),
    region: searchRegionSchema,
  }),
});
export type DoctorResponse = z.infer<typeof doctorResponseSchema>;

const isoDay = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'Use a date like 2027-03-03.')
  .optional();

/** Days of availability the profile shows, and the longest range one call may ask for. */
export const PROFILE_AVAILABILITY_DAYS = 14;
export const MAX_SLOT_RANGE_DAYS = 31;

export const providerSlotsQuerySchema = z.object({
  selectedRegion: searchRegionSchema.default('uk'),
  /** First day (YYYY-MM-DD, in the hospital's time zone); default today. */
  from: isoDay,
  /** Last day included (YYYY-MM-DD); default from + 13 days. At most 31 days in one call. */
  to: isoDay,
});

export const providerSlotSchema = slotSummarySchema.extend({
  consultationTime: z.number().int(),
  available: z.boolean(),
  hospital: z.object({ hospital_id: z.string(), hospital_name: z.string(), hospital_location: z.string() }),
});
export type ProviderSlot = z.infer<typeof providerSlotSchema>;

export const providerSlotsResponseSchema = z.object({
  status: z.literal(true),
  data: z.object({
    from: z.string(),
    to: z.string(),
    slots: z.array(providerSlotSchema),
  }),
});
export type ProviderSlotsResponse = z.infer<typeof providerSlotsResponseSchema>;

export const checkSlotParamsSchema = z.object({ doctorId: z.uuid({ error: 'That provider id is not valid.' }) });
export const checkSlotQuerySchema = z.object({
  providerRegion: searchRegionSchema.default('uk'),
  /** Day/month/year text, e.g. '03/03/2027'. */
  date: z.string({ error: 'Please give the date as DD/MM/YYYY.' }).regex(/^\d{2}\/\d{2}\/\d{4}$/, 'Please give the date as DD/MM/YYYY.'),
  /** 'h:mm AM/PM' in the hospital's time zone. */
  time: z
    .string({ error: 'Please give the time as h:mm AM/PM.' })
    .regex(/^\s*\d{1,2}:\d{2}\s*[AaPp][Mm]\s*$/, 'Please give the time as h:mm AM/PM.'),
});
export const checkSlotResponseSchema = z.object({
  status: z.literal(true),
  data: z.object({
    available: z.boolean(),
    slot_id: z.number().int().nullable(),
    /** The slot's own hospital (a provider may work at several), so a checkout opened from its address alone shows it. */
    hospital_id: z.string().nullable(),
    /** The slot's own end, 'h:mm AM/PM' in its hospital's time zone. */
    end_time: z.string().nullable(),
  }),
});
export type CheckSlotResponse = z.infer<typeof checkSlotResponseSchema>;
