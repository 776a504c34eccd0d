import { eq } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { bookings } from '../../db/schema/booking';
import type { BookingRow } from './booking.repository';

function isUniqueViolation(err: unknown): boolean {
  const e = err as { code?: string; cause?: { code?: string } } | null;
  return e?.code === '23505' || e?.cause?.code === '23505';
}

/**
 * The booking row moves to another slot (its payment, UID and history stay with it) with the calendar's next
 * SEQUENCE. The partial unique index bookings_one_active_per_slot_uq refuses a second active booking on the target:
 * then null comes back (the caller answers 409 and the transaction rolls back).
 */
export async function moveBooking(tx: Tx, bookingId: string, slotId: number, sequence: number, now: Date): Promise<BookingRow | null> {
  try {
    const [row] = await tx
      .update(bookings)
      .set({ slot_id: slotId, ics_sequence: sequence, updatedAt: now })
      .where(eq(bookings.id, bookingId))
      .returning();
    return row ?? null;
  } catch (err) {
    if (isUniqueViolation(err)) return null;
    throw err;
  }
}
