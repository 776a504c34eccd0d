import { z } from 'zod';

/** Provider search (docs/search.md): search and map parameters and answers. Shared by the API and the web app. */

export * from './search-params';
import { DEFAULT_RADIUS, MAX_RADIUS_MILES, POSTCODE_NOT_FOUND, SEARCH_REGIONS, SEARCH_SORTS } from './search-params';

export const searchRegionSchema = z.enum(SEARCH_REGIONS, { error: 'Please choose a region: uk or usa.' });

// ---------- specialities ----------

export const specialitySchema = z.object({
  id: z.number().int(),
  /** The value to send as `specialty` in searches. */
  slug: z.string(),
  name: z.string(),
});
export type Speciality = z.infer<typeof specialitySchema>;

export const specialityQuerySchema = z.object({ selectedRegion: searchRegionSchema.default('uk') });
export const specialityResponseSchema = z.object({
  status: z.literal(true),
  region: searchRegionSchema,
  data: z.array(specialitySchema),
});
export type SpecialityResponse = z.infer<typeof specialityResponseSchema>;

// ---------- search ----------

const radiusSchema = z.coerce
  .number({ error: 'The radius must be a number of miles.' })
  .refine((n) => Number.isFinite(n) && n > 0, 'The radius must be a positive number of miles.')
  .refine((n) => n <= MAX_RADIUS_MILES, `The radius can be at most ${MAX_RADIUS_MILES} miles.`);

const postcodeSchema = z
  .string({ error: 'Please enter a postcode or ZIP code.' })
  .trim()
  .min(1, 'Please enter a postcode or ZIP code.')
  .max(16, POSTCODE_NOT_FOUND);

const specialtySchema = z
  .string({ error: 'Please choose a speciality.' })
  .trim()
  .min(1, 'Please choose a speciality.')
  .max(64, 'We do not know that speciality.');

const truthy = z
  .union([z.boolean(), z.string()])
  .optional()
  .transform((v) => v === true || v === 'true' || v === '1');

export const searchQuerySchema = z.object({
  postcode: postcodeSchema,
  /** Speciality slug from /api/get-speciality (e.g. 'gp', 'dentist'). */
  specialty: specialtySchema,
  radius: radiusSchema.default(DEFAULT_RADIUS),
  page: z.coerce
    .number({ error: 'The page must be a whole number from 1.' })
    .int('The page must be a whole number from 1.')
    .min(1, 'The page must be a whole number from 1.')
    .max(100000, 'That page is out of range.')
    .default(1),
  sort: z.enum(SEARCH_SORTS, { error: 'Sort by distance, availability, fee_asc or fee_desc.' }).default('distance'),
  /** ALTCHA payload (base64) solved in the browser. Without a valid one, a per-IP budget of searches applies. */
  captchaValue: z.string().max(4096).optional(),
  /** The patient changed the distance filter on the results page (analytics only). */
  distance_filter_clicked: truthy,
  consentID: z.string().max(128).optional(),
  selectedRegion: searchRegionSchema.default('uk'),
});
export type SearchQuery = z.input<typeof searchQuerySchema>;

export const slotSummarySchema = z.object({
  slot_id: z.number().int(),
  /** Day/month/year text, e.g. '03/03/2027', in the hospital's time zone. */
  date: z.string(),
  /** 'h:mm AM/PM' in the hospital's time zone. */
  time: z.string(),
  end_time: z.string(),
  starts_at: z.string(),
  time_zone: z.string(),
});
export type SlotSummary = z.infer<typeof slotSummarySchema>;

export const hospitalDetailSchema = z.object({
  hospital_id: z.string(),
  hospital_name: z.string(),
  /** One-line address: street, city, postcode. */
  hospital_location: z.string(),
  address: z.string(),
  city: z.string(),
  postcode: z.string(),
  latitude: z.number(),
  longitude: z.number(),
  time_zone: z.string(),
});
export type HospitalDetail = z.infer<typeof hospitalDetailSchema>;

export const searchResultSchema = z.object({
  _id: z.string(),
  id: z.string(),
  name: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  /** Speciality name in the region's wording; null when unknown ('No speciality information available'). */
  speciality: z.string().nullable(),
  speciality_slug: z.string(),
  qualifications: z.array(z.string()),
  profile_image: z.string().nullable(),
  verified: z.boolean(),
  /** The nearest of the provider's hospitals within the radius. */
  hospital_name: z.string(),
  hospital_location: z.string(),
  hospital_details: z.array(hospitalDetailSchema),
  /** Great-circle miles from the postcode centroid to the nearest hospital, one decimal. */
  distance: z.number(),
  /** First-visit fee in minor units of `currency`, and as text ('45.00'). */
  amount_minor: z.number().int(),
  amount: z.string(),
  currency: z.string(),
  next_available_slot: slotSummarySchema.nullable(),
});
export type SearchResult = z.infer<typeof searchResultSchema>;

export const searchOriginSchema = z.object({
  postcode: z.string(),
  latitude: z.number(),
  longitude: z.number(),
  /** How precise the centroid is: a full postcode or ZIP, a sector, a district (outward code) or a whole area. */
  precision: z.enum(['unit', 'sector', 'district', 'area', 'zip']),
});
export type SearchOrigin = z.infer<typeof searchOriginSchema>;

export const searchResponseSchema = z.object({
  status: z.literal(true),
  data: z.array(searchResultSchema),
  page: z.number().int(),
  page_size: z.number().int(),
  total: z.number().int(),
  total_pages: z.number().int(),
  sort: z.enum(SEARCH_SORTS),
  radius: z.number(),
  region: searchRegionSchema,
  speciality: specialitySchema,
  origin: searchOriginSchema,
});
export type SearchResponse = z.infer<typeof searchResponseSchema>;

// ---------- map ----------

const coordinate = (label: string, max: number) =>
  z.coerce
    .number({ error: `The ${label} must be a number.` })
    .refine((n) => Number.isFinite(n) && Math.abs(n) <= max, `The ${label} must be between -${max} and ${max}.`)
    .optional();

export const mapQuerySchema = z.object({
  postcode: postcodeSchema,
  specialty: specialtySchema,
  radius: radiusSchema.default(DEFAULT_RADIUS),
  /** Optional centre; when both are given they replace the postcode centroid (the postcode is still validated). */
  latitude: coordinate('latitude', 90),
  /** Spelled as in the product specification. */
  longitudea: coordinate('longitude', 180),
  /** Region of the search; when absent, a 5-digit ZIP means usa and anything else uk. */
  selectedRegion: searchRegionSchema.optional(),
});
export type MapQuery = z.input<typeof mapQuerySchema>;

export const mapMarkerSchema = z.object({
  id: z.string(),
  name: z.string(),
  speciality: z.string().nullable(),
  hospital_name: z.string(),
  hospital_location: z.string(),
  latitude: z.number(),
  longitude: z.number(),
  distance: z.number(),
});
export type MapMarker = z.infer<typeof mapMarkerSchema>;

export const mapResponseSchema = z.object({
  status: z.literal(true),
  center: z.object({ latitude: z.number(), longitude: z.number() }),
  radius: z.number(),
  total: z.number().int(),
  markers: z.array(mapMarkerSchema),
});
export type MapResponse = z.infer<typeof mapResponseSchema>;

export const publicConfigSchema = z.object({
  mapTileUrl: z.string(),
  mapAttribution: z.string(),
  searchPageSize: z.number().int(),
  maxRadiusMiles: z.number(),
});
export type PublicConfig = z.infer<typeof publicConfigSchema>;
