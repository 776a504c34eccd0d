import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Queryable, Tx } from '../../db/client';
import { bookings, payments } from '../../db/schema/booking';
import type { BookingRow } from './booking.repository';
import { rowsOf } from '../../db/rows';

/**
 * SQL of the provider workspace's side of bookings: the booked history, cancellation and no-show, the statuses
 * that move by themselves, and the dashboard's figures.
 */

/** What the history shows: paid appointments (never the holds of unfinished checkouts). Booked past its end reads Completed. */
const shownStatus = sql`case when b.status = 'Booked' and s.ends_at <= now() then 'Completed' else b.status end`;

export interface HistoryFilter {
  sort: 'asc' | 'desc';
  paymentMethod?: string;
  month?: number;
  year?: number;
  limit: number;
  offset: number;
}

export interface HistoryDbRow {
  id: string;
  user_id: string | null;
  patient_first_name: string | null;
  patient_last_name: string | null;
  doctor_first_name: string;
  doctor_last_name: string;
  doctor_region: string;
  starts_at: Date | string;
  ends_at: Date | string;
  time_zone: string;
  hospital_name: string;
  amount_minor: number | null;
  currency: string;
  payment_method: string | null;
  status: string;
  cancellation_reason: string | null;
  total: number;
}

const historySelect = sql`select b.id, b.patient_id as user_id, pa.first_name as patient_first_name, pa.last_name as patient_last_name,
      pr.first_name as doctor_first_name, pr.last_name as doctor_last_name, pr.region as doctor_region,
      s.starts_at, s.ends_at, h.time_zone, h.name as hospital_name,
      b.amount_minor, b.currency, b.payment_method, ${shownStatus} as status, b.cancellation_reason`;
const historyFrom = sql`from bookings b
    join availability_slots s on s.id = b.slot_id
    join hospitals h on h.id = s.hospital_id
    join providers pr on pr.id = b.provider_id
    left join patients pa on pa.id = b.patient_id`;

export async function providerHistory(db: Queryable, providerId: string, f: HistoryFilter) {
  const local = sql`(s.starts_at at time zone h.time_zone)`;
  const result = await db.execute(sql`${historySelect}, count(*) over ()::int as total
    ${historyFrom}
    where b.provider_id = ${providerId} and b.status not in ('Held', 'Expired')
      ${f.paymentMethod ? sql`and b.payment_method = ${f.paymentMethod}` : sql``}
      ${f.year ? sql`and extract(year from ${local}) = ${f.year}` : sql``}
      ${f.month ? sql`and extract(month from ${local}) = ${f.month}` : sql``}
    order by s.starts_at ${f.sort === 'asc' ? sql`asc` : sql`desc`}, b.created_at
    limit ${f.limit} offset ${f.offset}`);
  return rowsOf<HistoryDbRow>(result);
}

export async function historyRow(db: Queryable, bookingId: string): Promise<HistoryDbRow | null> {
  const result = await db.execute(sql`${historySelect}, 1 as total ${historyFrom} where b.id = ${bookingId}`);
  return rowsOf<HistoryDbRow>(result)[0] ?? null;
}

/** The patient's booking in a slot that a cancellation is about: the live one first, else the latest. Row-locked. */
export async function bookingToCancel(tx: Tx, slotId: number, patientId: string): Promise<BookingRow | null> {
  const rows = await tx
    .select()
    .from(bookings)
    .where(
      and(
        eq(bookings.slot_id, slotId),
        eq(bookings.patient_id, patientId),
        inArray(bookings.status, ['Booked', 'Completed', 'No Show', 'Cancelled by Patient', 'Cancelled by Doctor']),
      ),
    )
    .orderBy(sql`${bookings.status} = 'Booked' desc`, desc(bookings.createdAt))
    .limit(1)
    .for('update');
  return rows[0] ?? null;
}

export async function lockBookingOfProvider(tx: Tx, bookingId: string, providerId: string): Promise<BookingRow | null> {
  const [row] = await tx
    .select()
    .from(bookings)
    .where(and(eq(bookings.id, bookingId), eq(bookings.provider_id, providerId)))
    .for('update');
  return row ?? null;
}

/** The booking is cancelled: who, why, and the calendar's next SEQUENCE (the cancellation invitation carries it). */
export async function markCancelled(
  tx: Tx,
  bookingId: string,
  values: { status: 'Cancelled by Doctor' | 'Cancelled by Patient'; cancelling_person: string; reason: string | null; sequence: number },
  now: Date,
): Promise<void> {
  await tx
    .update(bookings)
    .set({
      status: values.status,
      cancelling_person: values.cancelling_person,
      cancellation_reason: values.reason,
      ics_sequence: values.sequence,
      updatedAt: now,
    })
    .where(eq(bookings.id, bookingId));
}

export async function setBookingStatus(tx: Tx, bookingId: string, status: string, now: Date): Promise<void> {
  await tx.update(bookings).set({ status, updatedAt: now }).where(eq(bookings.id, bookingId));
}

/**
 * A full refund of the booking's completed payment is due: REFUND_PENDING, due at once, for the payments module's
 * refund worker (which refunds through the gateway that took it, once, with its idempotency key). Answers what it queued.
 */
export async function queueFullRefund(tx: Tx, bookingId: string): Promise<{ id: string; amount_minor: number; currency: string } | null> {
  const [row] = await tx
    .update(payments)
    .set({ status: 'REFUND_PENDING', updatedAt: new Date(0) })
    .where(and(eq(payments.booking_id, bookingId), eq(payments.status, 'COMPLETED')))
    .returning({ id: payments.id, amount_minor: payments.amount_minor, currency: payments.currency });
  return row ?? null;
}

/** The refund a cancelled booking's payment is under (queued or done), to answer a repeated cancellation the same way. */
export async function refundOfBooking(tx: Tx, bookingId: string): Promise<{ amount_minor: number; currency: string } | null> {
  const [row] = await tx
    .select({ amount_minor: payments.amount_minor, currency: payments.currency })
    .from(payments)
    .where(and(eq(payments.booking_id, bookingId), inArray(payments.status, ['REFUND_PENDING', 'REFUNDED'])))
    .limit(1);
  return row ?? null;
}

/** Statuses that move by themselves: a booking past its end is Completed, a hold past its time is Expired. */
export async function advanceStatuses(q: Queryable, now: Date): Promise<number> {
  const completed = await q.execute(sql`update bookings b set status = 'Completed', updated_at = ${now}
    from availability_slots s where s.id = b.slot_id and b.status = 'Booked' and s.ends_at <= ${now.toISOString()}::timestamptz
    returning b.id`);
  const expired = await q.execute(sql`update bookings set status = 'Expired', updated_at = ${now}
    where status = 'Held' and hold_expires_at <= ${now.toISOString()}::timestamptz returning id`);
  const count = (r: unknown) => rowsOf(r).length;
  return count(completed) + count(expired);
}

/** The dashboard's appointments: from `from` on, booked or done, soonest first. */
export async function upcomingAppointments(db: Queryable, providerId: string, from: Date, to: Date, limit: number) {
  const result = await db.execute(sql`${historySelect}, 0 as total ${historyFrom}
    where b.provider_id = ${providerId} and b.status in ('Booked', 'Completed', 'No Show')
      and s.starts_at >= ${from.toISOString()}::timestamptz and s.starts_at < ${to.toISOString()}::timestamptz
    order by s.starts_at limit ${limit}`);
  return rowsOf<HistoryDbRow>(result);
}

/** Bookings made (paid checkouts, by when they were made) and cancellations (by when they happened) in a period. */
export async function bookingFigures(db: Queryable, providerId: string, from: Date, to: Date) {
  const [f, t] = [from.toISOString(), to.toISOString()];
  const result = await db.execute(sql`select
      count(*) filter (where b.status not in ('Held', 'Expired') and b.created_at >= ${f}::timestamptz and b.created_at < ${t}::timestamptz)::int as booked,
      count(*) filter (where b.status in ('Cancelled by Doctor', 'Cancelled by Patient')
        and b.updated_at >= ${f}::timestamptz and b.updated_at < ${t}::timestamptz)::int as cancelled
    from bookings b where b.provider_id = ${providerId}`);
  return rowsOf<{ booked: number; cancelled: number }>(result)[0]!;
}

/** The zones of the provider's clinics, main clinic first. */
export async function providerClinicZones(db: Queryable, providerId: string): Promise<string[]> {
  const result = await db.execute(sql`select h.time_zone from provider_hospitals ph join hospitals h on h.id = ph.hospital_id
    where ph.provider_id = ${providerId} order by ph.position`);
  return rowsOf<{ time_zone: string }>(result).map((r) => r.time_zone);
}
