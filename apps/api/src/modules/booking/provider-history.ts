import {
  HISTORY_PAGE_SIZE,
  NO_SHOW_WINDOW_HOURS,
  historyMessages,
  validateHistoryFilters,
  type HistoryRow,
} from '@careslot/contracts/appointments';
import { formatAmount } from '@careslot/contracts/money';
import type { Db, Queryable } from '../../db/client';
import { ConflictError, NotFoundError, ValidationError } from '../../lib/errors';
import { describeSlot } from '../availability/availability.service';
import { historyRow, lockBookingOfProvider, providerHistory, setBookingStatus, type HistoryDbRow } from './provider-bookings.repository';

const HOUR_MS = 3600_000;

/** A history row as the workspace shows it; what the cancellation call takes back is its date and start_time. */
export function toHistoryRow(r: HistoryDbRow, now: Date = new Date()): HistoryRow {
  const shown = describeSlot(r.starts_at, r.ends_at, r.time_zone);
  const start = new Date(r.starts_at).getTime();
  const name = [r.patient_first_name, r.patient_last_name].filter(Boolean).join(' ');
  return {
    id: r.id,
    user_id: r.user_id,
    user_name: name || null,
    doctor_name: `${r.doctor_first_name} ${r.doctor_last_name}`,
    doctor_region: r.doctor_region,
    date: shown.date,
    start_time: shown.time,
    end_time: shown.end_time,
    hospital_name: r.hospital_name,
    amount: formatAmount(r.amount_minor),
    currency: r.currency,
    payment_method: r.payment_method,
    status: r.status,
    cancellation_reason: r.cancellation_reason,
    can_cancel: r.status === 'Booked' && start > now.getTime(),
    can_mark_no_show:
      (r.status === 'Booked' || r.status === 'Completed') &&
      start <= now.getTime() &&
      now.getTime() < start + NO_SHOW_WINDOW_HOURS * HOUR_MS,
  };
}

export interface HistoryQueryInput {
  page?: number;
  sort?: 'asc' | 'desc';
  payment_method?: string;
  month?: string;
  year?: string;
}

/** The booked history, 5 a page, newest first unless asked; the month and year filters follow the screen's rules. */
export async function bookedHistory(db: Queryable, providerId: string, q: HistoryQueryInput) {
  const invalid = validateHistoryFilters({ month: q.month, year: q.year });
  if (invalid) throw new ValidationError(invalid.message, { [invalid.field]: invalid.message });
  const page = q.page ?? 1;
  const rows = await providerHistory(db, providerId, {
    sort: q.sort ?? 'desc',
    paymentMethod: q.payment_method,
    month: q.month ? Number(q.month) : undefined,
    year: q.year ? Number(q.year) : undefined,
    limit: HISTORY_PAGE_SIZE,
    offset: (page - 1) * HISTORY_PAGE_SIZE,
  });
  let total = rows[0]?.total ?? 0;
  if (rows.length === 0 && page > 1) {
    total =
      (
        await providerHistory(db, providerId, {
          sort: 'desc',
          limit: 1,
          offset: 0,
          paymentMethod: q.payment_method,
          month: q.month ? Number(q.month) : undefined,
          year: q.year ? Number(q.year) : undefined,
        })
      )[0]?.total ?? 0;
  }
  const now = new Date();
  return {
    appointments: rows.map((r) => toHistoryRow(r, now)),
    current_page: page,
    total_pages: Math.max(1, Math.ceil(total / HISTORY_PAGE_SIZE)),
  };
}

/** The provider marks a booked appointment No Show, from its start until 48 hours after. */
export async function markNoShow(db: Db, providerId: string, bookingId: string): Promise<HistoryRow> {
  await db.transaction(async (tx) => {
    const now = new Date();
    const booking = await lockBookingOfProvider(tx, bookingId, providerId);
    if (!booking) throw new NotFoundError(historyMessages.notFound);
    const row = (await historyRow(tx, bookingId))!;
    if (row.status === 'No Show') return;
    if (row.status !== 'Booked' && row.status !== 'Completed') throw new ConflictError(historyMessages.noShowNotBooked);
    const start = new Date(row.starts_at).getTime();
    if (now.getTime() < start) throw new ConflictError(historyMessages.noShowTooEarly);
    if (now.getTime() >= start + NO_SHOW_WINDOW_HOURS * HOUR_MS) throw new ConflictError(historyMessages.noShowTooLate);
    await setBookingStatus(tx, bookingId, 'No Show', now);
  });
  return toHistoryRow((await historyRow(db, bookingId))!);
}
