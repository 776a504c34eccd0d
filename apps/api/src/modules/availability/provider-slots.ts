import { AVAILABILITY_PAGE_SIZE, availabilityMessages, type AvailabilityRow, type SlotStatus } from '@careslot/contracts/availability';
import type { Db, Queryable } from '../../db/client';
import { ConflictError, NotFoundError } from '../../lib/errors';
import { listProviderSlots, lockProviderSlot, withdrawFreeSlot } from './availability.repository';
import { todayIn } from './rule-expansion';
import { describeSlot } from './slot-display';

export interface SlotListQuery {
  from?: string;
  to?: string;
  page?: number;
  page_size?: number;
  hospital_id?: string;
  status?: SlotStatus;
}

/** The provider's slots from a local day on (default today), each with whether it is open, held, booked or withdrawn. */
export async function listSlotPage(db: Queryable, providerId: string, zone: string, query: SlotListQuery) {
  const pageSize = query.page_size ?? AVAILABILITY_PAGE_SIZE;
  const page = query.page ?? 1;
  const { rows, total } = await listProviderSlots(db, providerId, {
    from: query.from ?? todayIn(zone),
    to: query.to,
    hospitalId: query.hospital_id,
    status: query.status,
    limit: pageSize,
    offset: (page - 1) * pageSize,
  });
  const availabilities: AvailabilityRow[] = rows.map((r) => {
    const shown = describeSlot(r.starts_at, r.ends_at, r.time_zone);
    return {
      id: Number(r.id),
      date: shown.date,
      start_time: shown.time,
      end_time: shown.end_time,
      hospital_name: r.hospital_name,
      hospital_id: r.hospital_id,
      status: r.state,
      iso_date: r.local_day,
      weekday: r.weekday,
      rule_id: r.rule_id,
    };
  });
  return { availabilities, current_page: page, total_pages: Math.max(1, Math.ceil(total / pageSize)), total };
}

/**
 * Withdraws a free slot: patients no longer see it and the rules never make it again. A held or booked slot answers
 * 409 (cancel the appointment instead); withdrawing twice is the same as once.
 */
export async function withdrawSlot(db: Db, providerId: string, slotId: number) {
  return db.transaction(async (tx) => {
    const now = new Date();
    const slot = await lockProviderSlot(tx, providerId, slotId);
    if (!slot || slot.status === 'removed') throw new NotFoundError(availabilityMessages.slotNotFound);
    if (slot.status === 'withdrawn') return { status: true as const, id: slotId, slot_status: 'Withdrawn' as const };
    if (slot.taken) throw new ConflictError(availabilityMessages.slotBooked);
    if (slot.starts_at <= now) throw new ConflictError('This slot has already started, so it can no longer be withdrawn.');
    await withdrawFreeSlot(tx, slotId, now);
    return { status: true as const, id: slotId, slot_status: 'Withdrawn' as const };
  });
}
