import {
  AVAILABILITY_PAGE_SIZE,
  PLANNED_RANGE_MAX_DAYS,
  availabilityMessages,
  type AvailabilityRow,
  type PlannedSlotRow,
  type SlotStatus,
} from '@careslot/contracts/availability';
import type { Db, Queryable } from '../../db/client';
import { ConflictError, NotFoundError } from '../../lib/errors';
import { listProviderSlots, lockProviderSlot, withdrawFreeSlot } from './availability.repository';
import { addDays, maxDay, minDay, todayIn } from './rule-expansion';
import { loadSchedule, plannedSlots, showSlot, zoneOf } from './schedule';
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
  const { planned, horizon_until } = await plannedBeyondHorizon(db, providerId, zone, query);
  return { availabilities, current_page: page, total_pages: Math.max(1, Math.ceil(total / pageSize)), total, planned, horizon_until };
}

/**
 * The times the provider's weekly rules will open between `from` and `to` on days beyond the booking horizon (each
 * rule's horizon read in its clinic's zone), with the day the roll-forward makes each one. Only for a range of at most
 * PLANNED_RANGE_MAX_DAYS days, so a week view can show a rule's later weeks (a DST week months ahead, say) before any
 * slot exists there.
 */
export async function plannedBeyondHorizon(
  db: Queryable,
  providerId: string,
  zone: string,
  query: Pick<SlotListQuery, 'from' | 'to' | 'hospital_id'>,
  now: Date = new Date(),
): Promise<{ planned: PlannedSlotRow[]; horizon_until: string }> {
  const schedule = await loadSchedule(db, providerId);
  const horizonDays = schedule.settings.horizon_days;
  const horizon_until = addDays(todayIn(zone, now), horizonDays);
  const { from, to } = query;
  if (!from || !to || to < from || addDays(from, PLANNED_RANGE_MAX_DAYS - 1) < to) return { planned: [], horizon_until };
  const planned: (PlannedSlotRow & { at: number })[] = [];
  for (const rule of schedule.rules) {
    if (rule.kind !== 'weekly' || !rule.hospital_id) continue;
    if (query.hospital_id && rule.hospital_id !== query.hospital_id) continue;
    const ruleZone = zoneOf(schedule, rule.hospital_id);
    const start = maxDay(maxDay(from, rule.from_date), addDays(todayIn(ruleZone, now), horizonDays + 1));
    const end = rule.until_date ? minDay(to, rule.until_date) : to;
    if (start > end) continue;
    for (const slot of plannedSlots(rule, schedule, now, { from: start, to: end })) {
      const day = todayIn(ruleZone, slot.starts_at);
      planned.push({
        ...showSlot(schedule, slot),
        hospital_id: slot.hospital_id,
        iso_date: day,
        rule_id: rule.id,
        opens_on: addDays(day, -horizonDays),
        at: slot.starts_at.getTime(),
      });
    }
  }
  planned.sort((a, b) => a.at - b.at);
  return { planned: planned.map(({ at: _at, ...row }) => row), horizon_until };
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
