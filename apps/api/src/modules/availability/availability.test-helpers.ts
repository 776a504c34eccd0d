/** Shared set-up for the provider workspace tests (not a test file itself). */
import { randomUUID } from 'node:crypto';
import { and, asc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { DateTime } from 'luxon';
import { availabilitySlots, bookings } from '../../db/schema/booking';
import { patients } from '../../db/schema/identity';
import { hospitals, providerHospitals, providers, specialities } from '../../db/schema/providers';

export interface TestProvider {
  id: string;
  region: 'uk' | 'usa';
  token: string;
  auth: { authorization: string };
  clinics: { id: string; name: string; time_zone: string }[];
}

/** A fresh verified provider with no availability, at `clinics` hospitals of the region (distinct, by name order). */
export async function newProvider(
  app: FastifyInstance,
  opts: { region?: 'uk' | 'usa'; clinics?: number; consultationMinutes?: number; skipClinics?: number } = {},
): Promise<TestProvider> {
  const region = opts.region ?? 'uk';
  const [spec] = await app.db.select().from(specialities).where(eq(specialities.region, region)).limit(1);
  const clinicRows = await app.db
    .select({ id: hospitals.id, name: hospitals.name, time_zone: hospitals.time_zone })
    .from(hospitals)
    .where(eq(hospitals.region, region))
    .orderBy(asc(hospitals.name))
    .offset(opts.skipClinics ?? 0)
    .limit(opts.clinics ?? 2);
  const label = randomUUID().slice(0, 8);
  const [p] = await app.db
    .insert(providers)
    .values({
      region,
      first_name: 'Test',
      last_name: `Provider ${label}`,
      email: `provider-${label}@example.com`,
      regulator: region === 'uk' ? 'gmc' : 'npi',
      professional_body_name: region === 'uk' ? 'General Medical Council' : 'National Provider Identifier (NPPES)',
      membership_number: String(7_100_000 + Math.floor(Math.random() * 800_000)),
      verification_status: 'Verified',
      speciality_id: spec!.id,
      qualifications: ['MBBS', 'MRCGP'],
      amount_minor: 6000,
      follow_amount_minor: 4000,
      currency: region === 'uk' ? 'GBP' : 'USD',
      consultation_minutes: opts.consultationMinutes ?? 30,
      email_verified: true,
    })
    .returning();
  await app.db.insert(providerHospitals).values(clinicRows.map((c, position) => ({ provider_id: p!.id, hospital_id: c.id, position })));
  const token = await app.tokens.signAccess({ id: p!.id, type: 'provider' });
  return { id: p!.id, region, token, auth: { authorization: `Bearer ${token}` }, clinics: clinicRows };
}

/** An open slot of the provider at its first clinic from `at`, `minutes` long (straight into the table). */
export async function slotAt(app: FastifyInstance, p: TestProvider, at: Date, minutes = 30) {
  const [slot] = await app.db
    .insert(availabilitySlots)
    .values({
      provider_id: p.id,
      hospital_id: p.clinics[0]!.id,
      region: p.region,
      starts_at: at,
      ends_at: new Date(at.getTime() + minutes * 60_000),
    })
    .returning();
  return slot!;
}

/** A local calendar day `days` after today in a zone, as YYYY-MM-DD. */
export const dayIn = (zone: string, days: number) => DateTime.now().setZone(zone).startOf('day').plus({ days }).toISODate()!;

/** The provider's open slots in start order (straight from the table). */
export async function openSlotsOf(app: FastifyInstance, providerId: string) {
  return app.db
    .select()
    .from(availabilitySlots)
    .where(and(eq(availabilitySlots.provider_id, providerId), eq(availabilitySlots.status, 'open')))
    .orderBy(asc(availabilitySlots.starts_at));
}

/** A booking in a slot, as if a patient had paid (or holds it, with `status: 'Held'`). */
export async function bookSlot(
  app: FastifyInstance,
  slot: { id: number; provider_id: string; region: string },
  opts: { status?: string; patientId?: string | null; holdMinutes?: number; amountMinor?: number; paymentMethod?: string } = {},
) {
  const status = opts.status ?? 'Booked';
  const [row] = await app.db
    .insert(bookings)
    .values({
      slot_id: slot.id,
      patient_id: opts.patientId ?? null,
      provider_id: slot.provider_id,
      region: slot.region,
      status,
      hold_expires_at: status === 'Held' ? new Date(Date.now() + (opts.holdMinutes ?? 10) * 60_000) : null,
      amount_minor: opts.amountMinor ?? 6000,
      currency: slot.region === 'uk' ? 'GBP' : 'USD',
      payment_method: opts.paymentMethod ?? 'stripe',
      ics_uid: `${randomUUID()}@careslot`,
    })
    .returning();
  return row!;
}

/** A patient with an e-mail address. */
export async function newPatientRow(app: FastifyInstance, firstName = 'Pat') {
  const label = randomUUID().slice(0, 8);
  const [p] = await app.db
    .insert(patients)
    .values({ email: `patient-${label}@example.com`, first_name: firstName, last_name: `Tester ${label}`, email_verified_at: new Date() })
    .returning();
  return p!;
}
