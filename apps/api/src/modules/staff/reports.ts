import { stringify } from 'csv-stringify/sync';
import { validateHistoryFilters } from '@careslot/contracts/appointments';
import { currencySymbol, formatAmount, orNA } from '@careslot/contracts/money';
import { STAFF_PAGE_SIZE, type AdminHomeResponse, type PaymentsHistoryRow } from '@careslot/contracts/staff';
import type { Queryable } from '../../db/client';
import { ValidationError } from '../../lib/errors';
import { describeSlot } from '../availability/availability.service';
import { homeFigures, paymentsHistory, type PaymentsDbRow, type PaymentsFilter } from './staff.repository';
import type { StaffActor } from './staff.types';

/** The admin home's figures (docs/staff-admin.md, Admin home). */
export async function adminHome(q: Queryable, actor: StaffActor): Promise<AdminHomeResponse> {
  const { figures, takings } = await homeFigures(q);
  return {
    role: actor.role,
    email: actor.email,
    providers_awaiting_review: Number(figures.providers_awaiting_review ?? 0),
    companies_awaiting_review: Number(figures.companies_awaiting_review ?? 0),
    bookings_today: Number(figures.bookings_today ?? 0),
    month_takings: takings.map((t) => ({ currency: t.currency, amount: formatAmount(Number(t.minor)) })),
    refunds_this_month: Number(figures.refunds_this_month ?? 0),
    failed_payments_this_month: Number(figures.failed_payments_this_month ?? 0),
  };
}

export interface PaymentsQueryInput {
  page?: number;
  sort?: 'asc' | 'desc';
  sort_by?: 'date' | 'amount';
  payment_method?: string;
  month?: string;
  year?: string;
}

function toRow(r: PaymentsDbRow): PaymentsHistoryRow {
  const shown = r.starts_at && r.ends_at && r.time_zone ? describeSlot(r.starts_at, r.ends_at, r.time_zone) : null;
  const user = [r.patient_first_name, r.patient_last_name].filter(Boolean).join(' ');
  const doctor = [r.doctor_first_name, r.doctor_last_name].filter(Boolean).join(' ');
  return {
    id: r.id,
    user_id: r.user_id,
    user_name: user || null,
    doctor_name: doctor || null,
    doctor_region: r.doctor_region,
    date: shown?.date ?? null,
    start_time: shown?.time ?? null,
    amount: r.amount_minor === null ? null : formatAmount(r.amount_minor),
    payment_method: r.payment_method,
    status: r.status,
  };
}

function filterOf(q: PaymentsQueryInput): Omit<PaymentsFilter, 'limit' | 'offset'> {
  const invalid = validateHistoryFilters({ month: q.month, year: q.year });
  if (invalid) throw new ValidationError(invalid.message, { [invalid.field]: invalid.message });
  return {
    sort: q.sort ?? 'desc',
    sortBy: q.sort_by ?? 'date',
    paymentMethod: q.payment_method,
    month: q.month ? Number(q.month) : undefined,
    year: q.year ? Number(q.year) : undefined,
  };
}

/** Appointment History: every provider's paid appointments, 5 a page, with the provider history's filters. */
export async function paymentsHistoryPage(q: Queryable, query: PaymentsQueryInput) {
  const filter = filterOf(query);
  const page = query.page ?? 1;
  const rows = await paymentsHistory(q, { ...filter, limit: STAFF_PAGE_SIZE, offset: (page - 1) * STAFF_PAGE_SIZE });
  const total = rows[0]?.total ?? (await paymentsHistory(q, { ...filter, limit: 1, offset: 0 }))[0]?.total ?? 0;
  return {
    appointments: rows.map(toRow),
    current_page: page,
    total_pages: Math.max(1, Math.ceil(total / STAFF_PAGE_SIZE)),
  };
}

export const PAYMENTS_CSV_MAX_ROWS = 10_000;

/**
 * Every filtered row as CSV, the screen's columns and texts ('N/A', '0.00', the region's currency symbol). Cells that
 * a spreadsheet would read as a formula are escaped.
 */
export async function paymentsHistoryCsv(q: Queryable, query: PaymentsQueryInput): Promise<string> {
  const rows = (await paymentsHistory(q, { ...filterOf(query), limit: PAYMENTS_CSV_MAX_ROWS, offset: 0 })).map(toRow);
  return stringify(
    rows.map((r, i) => [
      i + 1,
      orNA(r.user_name),
      orNA(r.doctor_name),
      orNA(r.date),
      orNA(r.start_time),
      `${currencySymbol(r.doctor_region)}${r.amount ?? '0.00'}`,
      orNA(r.payment_method),
      r.status,
    ]),
    {
      header: true,
      columns: ['#', 'User name', 'Doctor name', 'Date', 'Time', 'Amount', 'Payment method', 'Status'],
      escape_formulas: true,
      bom: true,
    },
  );
}
