import { formatAmount } from '@careslot/contracts/money';
import type { LinkBookingResponse } from '@careslot/contracts/after-booking';
import { historyMessages } from '@careslot/contracts/appointments';
import { NotFoundError } from '../../lib/errors';
import { describeSlot } from '../availability/availability.service';
import { findBooking, loadSlotContext } from './booking.repository';
import type { BookingDeps } from './booking.types';
import { verifyBookingLink } from './booking-link';
import { policyOf } from './cancel-booking';

/** What a cancel link shows before the patient confirms: the booking, its state and the terms that apply now. */
export async function linkedBooking(deps: Pick<BookingDeps, 'db' | 'config'>, token: string): Promise<LinkBookingResponse['data']> {
  const bookingId = verifyBookingLink(deps.config, 'cancel', token);
  const booking = await findBooking(deps.db, bookingId);
  const ctx = booking && (await loadSlotContext(deps.db, booking.slot_id));
  if (!booking?.patient_id || !ctx) throw new NotFoundError(historyMessages.notFound);
  const shown = describeSlot(ctx.slot.starts_at, ctx.slot.ends_at, ctx.hospital.time_zone);
  const policy = policyOf(ctx, booking, new Date());
  return {
    purpose: 'cancel',
    user_id: booking.patient_id,
    provider_id: booking.provider_id,
    providerRegion: booking.region,
    doctor_name: `Dr ${ctx.provider.first_name} ${ctx.provider.last_name}`,
    hospital_name: ctx.hospital.name,
    date: shown.date,
    start_time: shown.time,
    time_zone: ctx.hospital.time_zone,
    status: booking.status,
    policy: {
      free_until: policy.free_until,
      cutoff_hours: policy.cutoff_hours,
      refundable: policy.refundable,
      refund_amount: formatAmount(policy.refund_minor),
      currency: booking.currency,
    },
  };
}
