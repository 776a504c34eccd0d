import { sql, type SQL } from 'drizzle-orm';
import type { Queryable } from '../../db/client';

/**
 * THE rule for a free slot, in one place (search, profile, check-slot and booking use it; docs/booking.md):
 * a slot is free when it is open, starts in the future, and no booking holds it — neither a 'Booked' one
 * nor a 'Held' one whose hold has not yet expired.
 *
 * `slot` is the SQL alias (or table name) of availability_slots in the surrounding query.
 * The NOT EXISTS probe uses the partial unique index bookings_one_active_per_slot_uq (slot_id where Held/Booked).
 */
export function freeSlotCondition(slot = 'availability_slots', now: SQL = sql`now()`): SQL {
  const s = sql.raw(`"${slot.replace(/"/g, '')}"`);
  return sql`(${s}.status = 'open' and ${s}.starts_at > ${now} and not exists (
    select 1 from bookings fb
    where fb.slot_id = ${s}.id
      and fb.status in ('Held', 'Booked')
      and (fb.status = 'Booked' or fb.hold_expires_at > ${now})))`;
}

/** Whether one slot is free right now. */
export async function isSlotFree(db: Queryable, slotId: number, now: Date = new Date()): Promise<boolean> {
  const res = await db.execute(sql`select ${freeSlotCondition('s', sql`${now.toISOString()}::timestamptz`)} as free
    from availability_slots s where s.id = ${slotId}`);
  const rows = (res as unknown as { rows: { free: boolean }[] }).rows;
  return rows[0]?.free === true;
}

/** Whether this patient holds the slot right now (their own checkout in progress). */
export async function isHeldBy(db: Queryable, slotId: number, patientId: string, now: Date = new Date()): Promise<boolean> {
  const res = await db.execute(sql`select 1 from bookings
    where slot_id = ${slotId} and patient_id = ${patientId} and status = 'Held' and hold_expires_at > ${now.toISOString()}::timestamptz`);
  return (res as unknown as { rows: unknown[] }).rows.length > 0;
}
