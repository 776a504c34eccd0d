import { and, between, eq, inArray, lte, sql } from 'drizzle-orm';
import type { Queryable, Tx } from '../../db/client';
import { availabilitySlots, bookings } from '../../db/schema/booking';
import { patients } from '../../db/schema/identity';
import { hospitals, providers, specialities, type Hospital } from '../../db/schema/providers';
import { startsAtLocal } from '../availability/availability.service';

export type BookingRow = typeof bookings.$inferSelect;
export type SlotRow = typeof availabilitySlots.$inferSelect;
export type ProviderRow = typeof providers.$inferSelect;

/** A slot with what booking shows and checks about it. */
export interface SlotContext {
  slot: SlotRow;
  hospital: Hospital;
  provider: ProviderRow;
  specialityName: string | null;
}

const slotContextColumns = { slot: availabilitySlots, hospital: hospitals, provider: providers, specialityName: specialities.name };

/**
 * The provider's slot that starts on `dateText` (DD/MM/YYYY) at `time24` (HH:mm) in its hospital's
 * own time zone. Slots of one provider may sit in different zones (USA), so the match is made per row.
 */
export async function findSlotByLocalTime(
  db: Queryable,
  providerId: string,
  region: string,
  dateText: string,
  time24: string,
): Promise<SlotContext | null> {
  const [d, m, y] = dateText.split('/').map(Number) as [number, number, number];
  const dayUtc = Date.UTC(y, m - 1, d);
  const rows = await db
    .select(slotContextColumns)
    .from(availabilitySlots)
    .innerJoin(hospitals, eq(hospitals.id, availabilitySlots.hospital_id))
    .innerJoin(providers, eq(providers.id, availabilitySlots.provider_id))
    .leftJoin(specialities, eq(specialities.id, providers.speciality_id))
    .where(
      and(
        eq(availabilitySlots.provider_id, providerId),
        eq(availabilitySlots.region, region),
        // Any zone from UTC-12 to UTC+14 keeps the local day inside this window.
        between(availabilitySlots.starts_at, new Date(dayUtc - 14 * 3600_000), new Date(dayUtc + 38 * 3600_000)),
      ),
    );
  return rows.find((row) => startsAtLocal(row.slot.starts_at, row.hospital.time_zone, dateText, time24)) ?? null;
}

export async function loadSlotContext(db: Queryable, slotId: number): Promise<SlotContext | null> {
  const [row] = await db
    .select(slotContextColumns)
    .from(availabilitySlots)
    .innerJoin(hospitals, eq(hospitals.id, availabilitySlots.hospital_id))
    .innerJoin(providers, eq(providers.id, availabilitySlots.provider_id))
    .leftJoin(specialities, eq(specialities.id, providers.speciality_id))
    .where(eq(availabilitySlots.id, slotId));
  return row ?? null;
}

/** Every change about one slot runs under this row lock, so holds and confirmations never interleave. */
export async function lockSlot(tx: Tx, slotId: number): Promise<SlotRow | null> {
  const [slot] = await tx.select().from(availabilitySlots).where(eq(availabilitySlots.id, slotId)).for('update');
  return slot ?? null;
}

/** Holds whose time ran out stop counting (status → 'Expired'); done before anyone inserts a new one. */
export async function expireStaleHolds(tx: Tx, slotId: number, now: Date): Promise<void> {
  await tx
    .update(bookings)
    .set({ status: 'Expired', updatedAt: now })
    .where(and(eq(bookings.slot_id, slotId), eq(bookings.status, 'Held'), lte(bookings.hold_expires_at, now)));
}

export async function activeBookingForSlot(tx: Tx, slotId: number): Promise<BookingRow | null> {
  const [row] = await tx
    .select()
    .from(bookings)
    .where(and(eq(bookings.slot_id, slotId), inArray(bookings.status, ['Held', 'Booked'])));
  return row ?? null;
}

/**
 * Inserts a hold. The partial unique index bookings_one_active_per_slot_uq decides: on conflict
 * nothing is inserted and null comes back.
 */
export async function insertHold(tx: Tx, values: typeof bookings.$inferInsert): Promise<BookingRow | null> {
  const [row] = await tx
    .insert(bookings)
    .values({ ...values, status: 'Held' })
    .onConflictDoNothing({ target: bookings.slot_id, where: sql.raw(`status in ('Held','Booked')`) })
    .returning();
  return row ?? null;
}

/** Extends this patient's hold (and records what the checkout chose). */
export async function updateHold(
  tx: Tx,
  bookingId: string,
  values: Partial<typeof bookings.$inferInsert> & { hold_expires_at: Date; updatedAt: Date },
): Promise<BookingRow> {
  const [row] = await tx.update(bookings).set(values).where(eq(bookings.id, bookingId)).returning();
  return row!;
}

/** A patient holds one slot at a time: their other holds with no payment in flight are released. */
export async function releaseOtherHolds(tx: Tx, patientId: string, keepSlotId: number, now: Date): Promise<void> {
  await tx.execute(sql`
    update bookings set status = 'Expired', updated_at = ${now}
    where patient_id = ${patientId} and status = 'Held' and slot_id <> ${keepSlotId}
      and not exists (select 1 from payments p where p.booking_id = bookings.id and p.status = 'PENDING')`);
}

/** The checkout expired: its hold ends too, unless another payment for it is still open. */
export async function releaseHoldWithoutOpenPayment(tx: Tx, bookingId: string): Promise<void> {
  await tx.execute(sql`
          update bookings set status = 'Expired', updated_at = now()
          where id = ${bookingId} and status = 'Held'
            and not exists (select 1 from payments where booking_id = ${bookingId} and status = 'PENDING')`);
}

/** The patient lets their own hold go (no payment in flight): the slot is free again at once. True when released. */
export async function releaseOwnHold(db: Queryable, bookingId: string, patientId: string, now: Date): Promise<boolean> {
  const res = await db.execute(sql`
    update bookings set status = 'Expired', updated_at = ${now}
    where id = ${bookingId} and patient_id = ${patientId} and status = 'Held'
      and not exists (select 1 from payments where booking_id = ${bookingId} and status = 'PENDING')
    returning id`);
  return (res as unknown as { rows: unknown[] }).rows.length > 0;
}

export async function findBooking(tx: Queryable, bookingId: string, opts: { lock?: boolean } = {}): Promise<BookingRow | null> {
  const query = tx.select().from(bookings).where(eq(bookings.id, bookingId));
  const [row] = opts.lock ? await query.for('update') : await query;
  return row ?? null;
}

/** The hold becomes the booking: Booked, with the method and amount that paid for it. */
export async function markBooked(
  tx: Tx,
  bookingId: string,
  paid: { payment_method: string; amount_minor: number },
  now: Date,
): Promise<BookingRow> {
  const [row] = await tx
    .update(bookings)
    .set({ status: 'Booked', hold_expires_at: null, payment_method: paid.payment_method, amount_minor: paid.amount_minor, updatedAt: now })
    .where(eq(bookings.id, bookingId))
    .returning();
  return row!;
}

export async function patientById(db: Queryable, id: string) {
  const [row] = await db.select().from(patients).where(eq(patients.id, id));
  return row ?? null;
}
