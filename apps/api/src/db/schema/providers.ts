import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from './common';

export const specialities = pgTable(
  'specialities',
  {
    id: serial('id').primaryKey(),
    region: text('region').notNull(),
    slug: text('slug').notNull(),
    name: text('name').notNull(),
  },
  (t) => [uniqueIndex('specialities_region_slug_uq').on(t.region, t.slug)],
);

/** A provider's company: UK Companies House number or US EIN, normalised (docs/providers-onboarding.md). */
export const companies = pgTable(
  'companies',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    region: text('region').notNull(),
    name: text('name').notNull(),
    registration_number: text('registration_number'),
    verification_status: text('verification_status').notNull().default('Unverified'),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('companies_region_number_uq').on(t.region, t.registration_number)],
);

export const hospitals = pgTable(
  'hospitals',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    region: text('region').notNull(),
    name: text('name').notNull(),
    address: text('address').notNull(),
    city: text('city').notNull(),
    postcode: text('postcode').notNull(),
    latitude: doublePrecision('latitude').notNull(),
    longitude: doublePrecision('longitude').notNull(),
    /** IANA time zone, e.g. Europe/London, America/New_York. */
    time_zone: text('time_zone').notNull(),
  },
  (t) => [index('hospitals_region_lat_lon_idx').on(t.region, t.latitude, t.longitude)],
);
/** A hospital as a row; `HospitalPlace` is what screens and e-mails show of it (everything but the region). */
export type Hospital = typeof hospitals.$inferSelect;
export type HospitalPlace = Omit<Hospital, 'region'>;

export const providers = pgTable(
  'providers',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    region: text('region').notNull(),
    first_name: text('first_name').notNull(),
    last_name: text('last_name').notNull(),
    /** Sign-in e-mail, stored lowercased. Seeded providers without an account have none. */
    email: text('email'),
    password_hash: text('password_hash'),
    phone_number: text('phone_number'),
    /** 'gmc' | 'gdc' (UK), 'npi' (USA) */
    regulator: text('regulator').notNull(),
    professional_body_name: text('professional_body_name').notNull(),
    membership_number: text('membership_number').notNull(),
    verification_status: text('verification_status').notNull().default('Unverified'),
    /** The register check in plain words (docs/providers-onboarding.md, "Verification"): evidence for staff. */
    verification_reason: text('verification_reason'),
    /** What the register answered (or why it could not), as checked. */
    register_evidence: jsonb('register_evidence'),
    verification_checked_at: timestamp('verification_checked_at', { withTimezone: true }),
    speciality_id: integer('speciality_id')
      .notNull()
      .references(() => specialities.id),
    qualifications: text('qualifications')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    profile_image: text('profile_image'),
    bio: text('bio').notNull().default(''),
    languages: text('languages')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** Fees in minor units of the region's currency. */
    amount_minor: integer('amount_minor').notNull(),
    follow_amount_minor: integer('follow_amount_minor').notNull(),
    currency: text('currency').notNull(),
    consultation_minutes: integer('consultation_minutes').notNull().default(30),
    /** Patients cancel free of charge until this many hours before the start; later the fee is kept (docs/after-booking.md). */
    cancellation_cutoff_hours: integer('cancellation_cutoff_hours').notNull().default(24),
    company_id: uuid('company_id').references(() => companies.id),
    /** Accepting bookings. */
    bookable: boolean('bookable').notNull().default(true),
    email_verified: boolean('email_verified').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('providers_region_speciality_idx').on(t.region, t.speciality_id),
    uniqueIndex('providers_email_uq').on(t.email),
    check('providers_fees_positive', sql`${t.amount_minor} >= 0 and ${t.follow_amount_minor} >= 0`),
  ],
);

export const providerHospitals = pgTable(
  'provider_hospitals',
  {
    provider_id: uuid('provider_id')
      .notNull()
      .references(() => providers.id, { onDelete: 'cascade' }),
    hospital_id: uuid('hospital_id')
      .notNull()
      .references(() => hospitals.id),
    /** 0 = the provider's main hospital (hospital_details[0]). */
    position: integer('position').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.provider_id, t.hospital_id] }), index('provider_hospitals_hospital_idx').on(t.hospital_id)],
);

/**
 * Search rows: one per (searchable provider, hospital of the provider's region), so the bounding box of a search reads
 * only the wanted region and speciality (provider_locations_search_idx, index-only). A provider is searchable when
 * verified and bookable. Kept by database triggers on providers, provider_hospitals and hospitals (migration
 * 0001_provider_locations) in the same transaction as every write; never written by the application.
 */
export const providerLocations = pgTable(
  'provider_locations',
  {
    provider_id: uuid('provider_id')
      .notNull()
      .references(() => providers.id, { onDelete: 'cascade' }),
    hospital_id: uuid('hospital_id')
      .notNull()
      .references(() => hospitals.id, { onDelete: 'cascade' }),
    region: text('region').notNull(),
    speciality_id: integer('speciality_id').notNull(),
    latitude: doublePrecision('latitude').notNull(),
    longitude: doublePrecision('longitude').notNull(),
    /** First-visit fee (providers.amount_minor), for the fee sorts. */
    amount_minor: integer('amount_minor').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.provider_id, t.hospital_id] }),
    index('provider_locations_search_idx').on(
      t.region,
      t.speciality_id,
      t.latitude,
      t.longitude,
      t.provider_id,
      t.hospital_id,
      t.amount_minor,
    ),
  ],
);

/**
 * A provider's payout accounts (docs/provider-workspace.md, "Bank accounts"). The account number is stored only
 * encrypted (AES-256-GCM with DATA_ENCRYPTION_KEY, lib/data-encryption.ts) and never returned or logged; the
 * fingerprint (a keyed hash of bank code and number) finds a duplicate without decrypting. Exactly one primary.
 */
export const bankAccounts = pgTable(
  'bank_accounts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    provider_id: uuid('provider_id')
      .notNull()
      .references(() => providers.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    account_number_encrypted: text('account_number_encrypted').notNull(),
    fingerprint: text('fingerprint').notNull(),
    /** Sort code (uk) or routing number (usa). */
    bank_code: text('bank_code').notNull().default(''),
    bank_name: text('bank_name').notNull().default(''),
    is_primary: boolean('is_primary').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('bank_accounts_provider_idx').on(t.provider_id),
    uniqueIndex('bank_accounts_one_primary_uq')
      .on(t.provider_id)
      .where(sql`${t.is_primary}`),
    uniqueIndex('bank_accounts_provider_fingerprint_uq').on(t.provider_id, t.fingerprint),
  ],
);

/** Sandbox regulator register: what the GMC / GDC / NPI lookups answer when no endpoint is configured. */
export const regulatorRegister = pgTable(
  'regulator_register',
  {
    id: serial('id').primaryKey(),
    regulator: text('regulator').notNull(),
    registration_number: text('registration_number').notNull(),
    name: text('name').notNull(),
  },
  (t) => [uniqueIndex('regulator_register_uq').on(t.regulator, t.registration_number)],
);

/**
 * The staff queue of providers whose register check needs a person: a registration lapsed at the daily re-check
 * (docs/providers-onboarding.md, "Daily re-check"). Staff resolve a row (another issue's screens).
 */
export const verificationReviews = pgTable(
  'verification_reviews',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    provider_id: uuid('provider_id')
      .notNull()
      .references(() => providers.id, { onDelete: 'cascade' }),
    reason: text('reason').notNull(),
    resolved_at: timestamp('resolved_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    index('verification_reviews_open_idx')
      .on(t.provider_id)
      .where(sql`${t.resolved_at} is null`),
  ],
);
