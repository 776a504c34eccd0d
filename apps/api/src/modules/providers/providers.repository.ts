import { and, asc, eq, gte, inArray, lt, ne, sql } from 'drizzle-orm';
import type { Queryable, Tx } from '../../db/client';
import { availabilitySlots } from '../../db/schema/booking';
import { companies, hospitals, providerHospitals, providers, specialities, verificationReviews } from '../../db/schema/providers';
import { freeSlotCondition } from '../availability/availability.service';
import { rowsOf } from '../../db/rows';

export async function loadProviders(db: Queryable, ids: string[]) {
  if (ids.length === 0) return [];
  return db
    .select({
      id: providers.id,
      region: providers.region,
      first_name: providers.first_name,
      last_name: providers.last_name,
      professional_body_name: providers.professional_body_name,
      membership_number: providers.membership_number,
      verification_status: providers.verification_status,
      bookable: providers.bookable,
      qualifications: providers.qualifications,
      profile_image: providers.profile_image,
      bio: providers.bio,
      languages: providers.languages,
      amount_minor: providers.amount_minor,
      follow_amount_minor: providers.follow_amount_minor,
      currency: providers.currency,
      consultation_minutes: providers.consultation_minutes,
      speciality_name: specialities.name,
      speciality_slug: specialities.slug,
      // Shown publicly only once staff have verified the company.
      company_name: sql<string | null>`case when ${companies.verification_status} = 'Verified' then ${companies.name} end`,
    })
    .from(providers)
    .leftJoin(specialities, eq(specialities.id, providers.speciality_id))
    .leftJoin(companies, eq(companies.id, providers.company_id))
    .where(inArray(providers.id, ids));
}
export type ProviderRecord = Awaited<ReturnType<typeof loadProviders>>[number];

export async function loadProviderHospitals(db: Queryable, ids: string[]) {
  if (ids.length === 0) return [];
  return db
    .select({
      provider_id: providerHospitals.provider_id,
      position: providerHospitals.position,
      id: hospitals.id,
      name: hospitals.name,
      address: hospitals.address,
      city: hospitals.city,
      postcode: hospitals.postcode,
      latitude: hospitals.latitude,
      longitude: hospitals.longitude,
      time_zone: hospitals.time_zone,
    })
    .from(providerHospitals)
    .innerJoin(hospitals, eq(hospitals.id, providerHospitals.hospital_id))
    .where(inArray(providerHospitals.provider_id, ids))
    .orderBy(asc(providerHospitals.provider_id), asc(providerHospitals.position));
}
export type ProviderHospitalRecord = Awaited<ReturnType<typeof loadProviderHospitals>>[number];

/** Future, not withdrawn slots of a provider between two instants, each with whether it is free now. */
export async function listSlots(db: Queryable, providerId: string, from: Date, to: Date) {
  return db
    .select({
      id: availabilitySlots.id,
      starts_at: availabilitySlots.starts_at,
      ends_at: availabilitySlots.ends_at,
      hospital_id: availabilitySlots.hospital_id,
      time_zone: hospitals.time_zone,
      available: sql<boolean>`${freeSlotCondition()}`,
    })
    .from(availabilitySlots)
    .innerJoin(hospitals, eq(hospitals.id, availabilitySlots.hospital_id))
    .where(
      and(
        eq(availabilitySlots.provider_id, providerId),
        ne(availabilitySlots.status, 'withdrawn'),
        gte(availabilitySlots.starts_at, from),
        lt(availabilitySlots.starts_at, to),
        sql`${availabilitySlots.starts_at} > now()`,
      ),
    )
    .orderBy(asc(availabilitySlots.starts_at))
    .limit(2000);
}

// ---------- the provider's own record (workspace) ----------

export async function loadOwnProviderRow(db: Queryable, providerId: string) {
  const [row] = await db
    .select({ provider: providers, speciality: specialities.name })
    .from(providers)
    .leftJoin(specialities, eq(specialities.id, providers.speciality_id))
    .where(eq(providers.id, providerId));
  return row ?? null;
}

/** The provider's clinics with how many held or booked appointments each has from now on. */
export async function ownClinics(db: Queryable, providerId: string) {
  const result = await db.execute(sql`
    select h.id, h.name, h.address, h.city, h.postcode, h.latitude, h.longitude, h.time_zone, ph.position,
      (select count(*)::int from bookings b join availability_slots s on s.id = b.slot_id
        where b.provider_id = ${providerId} and s.hospital_id = h.id and s.starts_at > now()
          and (b.status = 'Booked' or (b.status = 'Held' and b.hold_expires_at > now()))) as upcoming
    from provider_hospitals ph join hospitals h on h.id = ph.hospital_id
    where ph.provider_id = ${providerId}
    order by ph.position`);
  return rowsOf<{
    id: string;
    name: string;
    address: string;
    city: string;
    postcode: string;
    latitude: number;
    longitude: number;
    time_zone: string;
    position: number;
    upcoming: number;
  }>(result);
}

export async function updateProviderRow(
  q: Queryable,
  providerId: string,
  values: Partial<
    Pick<
      typeof providers.$inferInsert,
      'bio' | 'languages' | 'qualifications' | 'amount_minor' | 'follow_amount_minor' | 'consultation_minutes' | 'profile_image'
    >
  >,
): Promise<void> {
  await q
    .update(providers)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(providers.id, providerId));
}

/** A clinic of the region with this name at this postcode, to share one row between its providers. */
export async function findHospital(db: Queryable, region: string, name: string, postcode: string) {
  const [row] = await db
    .select()
    .from(hospitals)
    .where(
      and(
        eq(hospitals.region, region),
        sql`lower(${hospitals.name}) = lower(${name})`,
        sql`upper(${hospitals.postcode}) = upper(${postcode})`,
      ),
    );
  return row ?? null;
}

export async function insertHospital(tx: Tx, values: typeof hospitals.$inferInsert) {
  const [row] = await tx.insert(hospitals).values(values).returning();
  return row!;
}

export async function linkHospital(tx: Tx, providerId: string, hospitalId: string, position: number): Promise<void> {
  await tx.insert(providerHospitals).values({ provider_id: providerId, hospital_id: hospitalId, position });
}

/** Unlinks a clinic and closes the gap in positions (the first remaining one becomes the main clinic). */
export async function unlinkHospital(tx: Tx, providerId: string, hospitalId: string): Promise<void> {
  await tx
    .delete(providerHospitals)
    .where(and(eq(providerHospitals.provider_id, providerId), eq(providerHospitals.hospital_id, hospitalId)));
  await tx.execute(sql`update provider_hospitals ph set position = r.n - 1
    from (select hospital_id, row_number() over (order by position) as n from provider_hospitals where provider_id = ${providerId}) r
    where ph.provider_id = ${providerId} and ph.hospital_id = r.hospital_id`);
}

/** One provider's profile changes run one at a time. */
export async function lockProvider(tx: Tx, providerId: string): Promise<void> {
  await tx.select({ id: providers.id }).from(providers).where(eq(providers.id, providerId)).for('update');
}

// ---------- joining: registration, the register check, companies ----------

export async function findSpecialityId(db: Queryable, region: string, slug: string): Promise<number | null> {
  const [row] = await db
    .select({ id: specialities.id })
    .from(specialities)
    .where(and(eq(specialities.region, region), eq(specialities.slug, slug)));
  return row?.id ?? null;
}

export async function providerEmailTaken(db: Queryable, email: string): Promise<boolean> {
  const [row] = await db.select({ id: providers.id }).from(providers).where(eq(providers.email, email)).limit(1);
  return !!row;
}

export async function findCompanyByNumber(db: Queryable, region: string, number: string) {
  const [row] = await db
    .select()
    .from(companies)
    .where(and(eq(companies.region, region), eq(companies.registration_number, number)));
  return row ?? null;
}

/** The company with this number, made if it is new (a concurrent registration of the same company shares the row). */
export async function findOrInsertCompany(tx: Tx, values: { region: string; name: string; registration_number: string }) {
  await tx.insert(companies).values(values).onConflictDoNothing();
  return (await findCompanyByNumber(tx, values.region, values.registration_number))!;
}

export async function insertProvider(tx: Tx, values: typeof providers.$inferInsert): Promise<string> {
  const [row] = await tx.insert(providers).values(values).returning({ id: providers.id });
  return row!.id;
}

/** What /provider-verify and /company-verify show. */
export async function loadOnboardingRow(db: Queryable, providerId: string) {
  const [row] = await db
    .select({
      id: providers.id,
      first_name: providers.first_name,
      email_verified: providers.email_verified,
      verification_status: providers.verification_status,
      verification_reason: providers.verification_reason,
      company_name: companies.name,
      company_number: companies.registration_number,
      company_status: companies.verification_status,
    })
    .from(providers)
    .leftJoin(companies, eq(companies.id, providers.company_id))
    .where(eq(providers.id, providerId));
  return row ?? null;
}

/** Verified providers whose last register check is older than `before` (the daily re-check), a batch at a time. */
export async function verifiedProvidersDue(db: Queryable, before: Date, limit: number) {
  return db
    .select({
      id: providers.id,
      email: providers.email,
      first_name: providers.first_name,
      last_name: providers.last_name,
      regulator: providers.regulator,
      membership_number: providers.membership_number,
    })
    .from(providers)
    .where(
      and(
        eq(providers.verification_status, 'Verified'),
        // Never checked (seeded rows): due a day after the row was made, so a fresh start does not ask about everyone at once.
        sql`coalesce(${providers.verification_checked_at}, ${providers.createdAt}) < ${before.toISOString()}::timestamptz`,
      ),
    )
    .orderBy(asc(providers.id))
    .limit(limit);
}

export async function recordRegisterCheck(
  q: Queryable,
  providerId: string,
  values: { verification_status?: string; verification_reason: string; register_evidence: unknown; checked_at: Date },
): Promise<void> {
  await q
    .update(providers)
    .set({
      ...(values.verification_status ? { verification_status: values.verification_status } : {}),
      verification_reason: values.verification_reason,
      register_evidence: values.register_evidence,
      verification_checked_at: values.checked_at,
      updatedAt: new Date(),
    })
    .where(eq(providers.id, providerId));
}

export async function insertVerificationReview(q: Queryable, providerId: string, reason: string): Promise<void> {
  await q.insert(verificationReviews).values({ provider_id: providerId, reason });
}

export async function openVerificationReviews(db: Queryable, providerId: string) {
  return db
    .select()
    .from(verificationReviews)
    .where(and(eq(verificationReviews.provider_id, providerId), sql`${verificationReviews.resolved_at} is null`));
}
