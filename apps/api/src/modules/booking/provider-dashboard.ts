import { DateTime } from 'luxon';
import { formatAmount } from '@careslot/contracts/money';
import type { Dashboard } from '@careslot/contracts/provider-workspace';
import type { Db } from '../../db/client';
import { countRules, describeSlot, nextFreeSlot } from '../availability/availability.service';
import { countBankAccounts } from '../bank-accounts/bank-accounts.service';
import { calendarClashes } from '../calendars/calendars.service';
import { monthEarningsFromLedger } from '../payouts/payouts.service';
import { bookingFigures, providerClinicZones, upcomingAppointments } from './provider-bookings.repository';
import { toHistoryRow } from './provider-history';

/**
 * The provider's dashboard: today's and the next appointments, this week's bookings and cancellations, this month's
 * earnings per currency, the next free slot, and what is set up yet (for a new provider's first steps). Days, weeks
 * (Monday to Sunday) and months are those of the main clinic's zone. The month's earnings are the ledger's: what was
 * credited to the provider that month for payments, net of the platform fee and of refunds (docs/payouts.md). Its eight reads go out at once, each on its own
 * pooled connection, so it takes the database and never a transaction: a transaction is one connection, which runs
 * one statement at a time (decision 068).
 */
export async function providerDashboard(
  db: Db,
  provider: { id: string; region: string; verification_status: string },
  now: Date = new Date(),
): Promise<Dashboard> {
  const zones = await providerClinicZones(db, provider.id);
  const zone = zones[0] ?? (provider.region === 'usa' ? 'America/New_York' : 'Europe/London');
  const local = DateTime.fromJSDate(now, { zone });
  const today = local.startOf('day');
  const tomorrow = today.plus({ days: 1 });
  const week = local.startOf('week');
  const month = local.startOf('month');
  const [todays, next, figures, earned, free, rules, bankAccounts, clashes] = await Promise.all([
    upcomingAppointments(db, provider.id, today.toJSDate(), tomorrow.toJSDate(), 50),
    upcomingAppointments(db, provider.id, tomorrow.toJSDate(), new Date('9999-12-31T00:00:00Z'), 5),
    bookingFigures(db, provider.id, week.toJSDate(), week.plus({ weeks: 1 }).toJSDate()),
    monthEarningsFromLedger(db, provider.id, month.toJSDate(), month.plus({ months: 1 }).toJSDate()),
    nextFreeSlot(db, provider.id),
    countRules(db, provider.id),
    countBankAccounts(db, provider.id),
    calendarClashes(db, provider.id, now),
  ]);
  const shownFree = free ? describeSlot(free.starts_at, free.ends_at, free.time_zone) : null;
  return {
    verification_status: provider.verification_status,
    verified: provider.verification_status === 'Verified',
    today_date: today.toFormat('dd/MM/yyyy'),
    today: todays.map((r) => toHistoryRow(r, now)),
    upcoming: next.map((r) => toHistoryRow(r, now)),
    week: { bookings: figures.booked, cancellations: figures.cancelled },
    month_earnings: earned.map((e) => ({ currency: e.currency, amount: formatAmount(e.amount_minor) })),
    next_free_slot:
      free && shownFree
        ? { date: shownFree.date, start_time: shownFree.time, end_time: shownFree.end_time, hospital_name: free.hospital_name }
        : null,
    setup: { clinics: zones.length, rules, bank_accounts: bankAccounts },
    calendar_clashes: clashes,
  };
}
