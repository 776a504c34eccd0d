import { and, asc, desc, eq, isNull, ne, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client';
import { availabilitySlots, bookingReminders, bookings, otpCodes } from '../../db/schema/booking';
import { emailTokens, patients } from '../../db/schema/identity';
import { hospitals, providers, specialities } from '../../db/schema/providers';

export async function findPatient(q: Queryable, id: string) {
  const [row] = await q
    .select()
    .from(patients)
    .where(and(eq(patients.id, id), isNull(patients.deleted_at)))
    .limit(1);
  return row ?? null;
}

export async function updatePatient(
  q: Queryable,
  id: string,
  values: Partial<
    Pick<
      typeof patients.$inferInsert,
      'first_name' | 'last_name' | 'phone_number' | 'date_of_birth' | 'profile_image' | 'password_hash' | 'sms_opt_in'
    >
  >,
) {
  const [row] = await q
    .update(patients)
    .set({ ...values, updatedAt: sql`now()` })
    .where(and(eq(patients.id, id), isNull(patients.deleted_at)))
    .returning();
  return row ?? null;
}

/** A patient's bookings with provider, speciality, hospital and slot; checkouts in progress (Held) are left out. */
export async function listPatientBookings(q: Queryable, patientId: string) {
  return q
    .select({
      id: bookings.id,
      status: bookings.status,
      provider_id: bookings.provider_id,
      first_name: providers.first_name,
      last_name: providers.last_name,
      speciality: specialities.name,
      profile_image: providers.profile_image,
      hospital_name: hospitals.name,
      address: hospitals.address,
      city: hospitals.city,
      postcode: hospitals.postcode,
      time_zone: hospitals.time_zone,
      region: bookings.region,
      starts_at: availabilitySlots.starts_at,
      ends_at: availabilitySlots.ends_at,
      amount_minor: bookings.amount_minor,
      currency: bookings.currency,
      payment_method: bookings.payment_method,
      type_of_visit: bookings.type_of_visit,
      cancellation_cutoff_hours: providers.cancellation_cutoff_hours,
      purpose_for_visit: bookings.purpose_for_visit,
      created_at: bookings.createdAt,
    })
    .from(bookings)
    .innerJoin(availabilitySlots, eq(availabilitySlots.id, bookings.slot_id))
    .innerJoin(providers, eq(providers.id, bookings.provider_id))
    .innerJoin(hospitals, eq(hospitals.id, availabilitySlots.hospital_id))
    .leftJoin(specialities, eq(specialities.id, providers.speciality_id))
    .where(and(eq(bookings.patient_id, patientId), ne(bookings.status, 'Held')))
    .orderBy(asc(availabilitySlots.starts_at), desc(bookings.createdAt));
}

export async function countUpcomingBooked(q: Queryable, patientId: string): Promise<number> {
  const [row] = await q
    .select({ n: sql<number>`count(*)::int` })
    .from(bookings)
    .innerJoin(availabilitySlots, eq(availabilitySlots.id, bookings.slot_id))
    .where(and(eq(bookings.patient_id, patientId), eq(bookings.status, 'Booked'), sql`${availabilitySlots.starts_at} > now()`));
  return row?.n ?? 0;
}

/**
 * Erases personal data but keeps the row, so booking history (which providers and payments refer to)
 * stays whole and shows a "Deleted patient". Returns the old picture path to remove from disk.
 */
export async function anonymisePatient(q: Queryable, patientId: string) {
  await q.delete(otpCodes).where(eq(otpCodes.patient_id, patientId));
  await q.delete(emailTokens).where(and(eq(emailTokens.subject_type, 'patient'), eq(emailTokens.subject_id, patientId)));
  await q
    .update(bookings)
    .set({ purpose_for_visit: '', updatedAt: sql`now()` })
    .where(eq(bookings.patient_id, patientId));
  await q
    .update(patients)
    .set({
      email: null,
      password_hash: null,
      first_name: 'Deleted',
      last_name: 'patient',
      phone_number: null,
      sms_opt_in: false,
      date_of_birth: null,
      temp_distance: null,
      profile_image: null,
      deleted_at: sql`now()`,
      updatedAt: sql`now()`,
    })
    .where(eq(patients.id, patientId));
}

/** The planned reminders of a patient's bookings (what, when, sent or not). */
export async function remindersOfPatient(q: Queryable, patientId: string) {
  return q
    .select({
      booking_id: bookingReminders.booking_id,
      kind: bookingReminders.kind,
      channel: bookingReminders.channel,
      due_at: bookingReminders.due_at,
      sent_at: bookingReminders.sent_at,
    })
    .from(bookingReminders)
    .innerJoin(bookings, eq(bookings.id, bookingReminders.booking_id))
    .where(eq(bookings.patient_id, patientId))
    .orderBy(asc(bookingReminders.due_at));
}

/** A STOP reply: every account with that number stops getting texts. Answers how many accounts changed. */
export async function optOutPhoneNumber(q: Queryable, phoneNumber: string): Promise<number> {
  const rows = await q
    .update(patients)
    .set({ sms_opt_in: false, updatedAt: sql`now()` })
    .where(and(eq(patients.phone_number, phoneNumber), eq(patients.sms_opt_in, true)))
    .returning({ id: patients.id });
  return rows.length;
}

/** A START reply: every account with that number gets texts again. Answers how many accounts have that number. */
export async function optInPhoneNumber(q: Queryable, phoneNumber: string): Promise<number> {
  const rows = await q
    .update(patients)
    .set({ sms_opt_in: true, updatedAt: sql`now()` })
    .where(eq(patients.phone_number, phoneNumber))
    .returning({ id: patients.id });
  return rows.length;
}
