import { and, asc, eq, gte, inArray, lt, ne, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client';
import { availabilitySlots } from '../../db/schema/booking';
import { hospitals, providerHospitals, providers, specialities } from '../../db/schema/providers';
import { freeSlotCondition } from '../availability/availability.service';

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
    })
    .from(providers)
    .leftJoin(specialities, eq(specialities.id, providers.speciality_id))
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
