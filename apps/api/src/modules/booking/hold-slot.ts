import { randomUUID } from 'node:crypto';
import { bookingMessages } from '@careslot/contracts/booking';
import { currencyForRegion } from '@careslot/contracts/money';
import type { Tx } from '../../db/client';
import type { bookings } from '../../db/schema/booking';
import { ConflictError } from '../../lib/errors';
import { isSlotFree } from '../availability/availability.service';
import {
  activeBookingForSlot,
  expireStaleHolds,
  insertHold,
  lockSlot,
  releaseOtherHolds,
  updateHold,
  type BookingRow,
  type SlotContext,
} from './booking.repository';

/** Asking for a code holds the slot this long (decision 010)… */
export const OTP_HOLD_MINUTES = 10;
/** …and starting a payment extends the hold to this (Stripe's shortest checkout session). */
export const PAYMENT_HOLD_MINUTES = 30;

/**
 * Takes (or extends) this patient's hold on the slot, under the slot's row lock. Stale holds expire
 * first; the partial unique index refuses a second active booking whatever happens. A lost race is a 409
 * 'Oops! This slot is already booked.', never a 500.
 */
export async function holdSlot(
  tx: Tx,
  ctx: SlotContext,
  patientId: string,
  minutes: number,
  fields: Partial<typeof bookings.$inferInsert> = {},
): Promise<BookingRow> {
  const now = new Date();
  const slot = await lockSlot(tx, ctx.slot.id);
  if (!slot || slot.status !== 'open' || slot.starts_at <= now || !ctx.provider.bookable) {
    throw new ConflictError(bookingMessages.slotTaken);
  }
  await expireStaleHolds(tx, slot.id, now);
  const until = new Date(now.getTime() + minutes * 60_000);
  const active = await activeBookingForSlot(tx, slot.id);
  if (active) {
    if (active.status !== 'Held' || active.patient_id !== patientId) throw new ConflictError(bookingMessages.slotTaken);
    const keep = active.hold_expires_at && active.hold_expires_at > until ? active.hold_expires_at : until;
    return updateHold(tx, active.id, { ...fields, hold_expires_at: keep, updatedAt: now });
  }
  // The one shared rule of a free slot (search, profile and check-slot use it too).
  if (!(await isSlotFree(tx, slot.id, now))) throw new ConflictError(bookingMessages.slotTaken);
  await releaseOtherHolds(tx, patientId, slot.id, now);
  const row = await insertHold(tx, {
    slot_id: slot.id,
    patient_id: patientId,
    provider_id: ctx.provider.id,
    region: ctx.provider.region,
    hold_expires_at: until,
    amount_minor: ctx.provider.amount_minor,
    currency: currencyForRegion(ctx.provider.region),
    ics_uid: `${randomUUID()}@careslot`,
    ...fields,
  });
  if (!row) throw new ConflictError(bookingMessages.slotTaken);
  return row;
}
