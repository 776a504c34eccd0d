import { randomUUID } from 'node:crypto';
import { DateTime } from 'luxon';
import { formatAmount } from '@careslot/contracts/money';
import {
  EARNINGS_PAGE_SIZE,
  MINIMUM_PAYOUT_MINOR,
  PAYOUTS_PAGE_SIZE,
  payoutMessages,
  type EarningsResponse,
  type PayoutRow,
  type PayoutSchedule,
  type PayoutStatus,
  type ReconciliationResponse,
  type StaffPayoutRow,
  type StatementRow,
  csvCell,
} from '@careslot/contracts/payouts';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { ConflictError, NotFoundError } from '../../lib/errors';
import { enqueueMail } from '../mail/mail.service';
import {
  accountId,
  availableAtLeast,
  availableOf,
  netEarnings,
  postEntry,
  providerBalances,
  reconciliation,
  releaseDue,
  statementRows,
  statementTotals,
  type StatementDbRow,
} from './ledger.repository';
import { payoutFailedMail } from './payout-mail';
import {
  claimPayouts,
  finishPayout,
  insertPayout,
  lastGoodPayoutAt,
  latestPayout,
  lockProviderCurrency,
  lookAgainAt,
  markInTransit,
  payoutById,
  paidOutBetween,
  providerContact,
  providerPayoutsPage,
  saveSchedule,
  scheduleOf,
  staffPayoutsPage,
  type PayoutDbRow,
} from './payouts.repository';
import type { PayoutDestination, PayoutRail } from './payouts.types';

/** The platform's fee on a payment, from the provider's share: basis points (rounded half up) plus a fixed part. */
export function platformFee(amountMinor: number, config: Pick<Config, 'PLATFORM_FEE_BPS' | 'PLATFORM_FEE_FIXED_MINOR'>): number {
  const fee = Math.floor((amountMinor * config.PLATFORM_FEE_BPS + 5000) / 10000) + config.PLATFORM_FEE_FIXED_MINOR;
  return Math.max(0, Math.min(amountMinor, fee));
}

export interface PayoutDeps {
  db: Db;
  rail: PayoutRail;
  /** The provider's primary account, or the given one of theirs. */
  destination(providerId: string, region: string, accountId?: string): Promise<PayoutDestination | null>;
  publicUrl: string;
  kickOutbox(): void;
  /** How long to wait before asking the rail again about a payout in transit. */
  recheckMs: number;
}

const currencyOfRegion = (region: string) => (region === 'usa' ? 'USD' : 'GBP');

/** The start of the current schedule period in UTC: today, this week's Monday, or the 1st of this month. */
export function periodStart(schedule: PayoutSchedule, now: Date): Date {
  const d = DateTime.fromJSDate(now, { zone: 'utc' });
  if (schedule === 'daily') return d.startOf('day').toJSDate();
  if (schedule === 'monthly') return d.startOf('month').toJSDate();
  return d.startOf('week').toJSDate(); // ISO weeks start on Monday
}

/**
 * Whether a provider's available money in a currency should be paid now. The automatic run pays once per schedule
 * period; a failed payout waits until the primary account changes, then is retried at once (whatever the schedule).
 */
async function shouldPay(
  deps: PayoutDeps,
  providerId: string,
  currency: string,
  destination: PayoutDestination,
  now: Date,
  force: boolean,
): Promise<boolean> {
  const latest = await latestPayout(deps.db, providerId, currency);
  if (latest && (latest.status === 'scheduled' || latest.status === 'in_transit')) return false;
  if (force) return true;
  if (latest?.status === 'failed') return latest.bank_account_id !== destination.bankAccountId;
  const last = await lastGoodPayoutAt(deps.db, providerId, currency);
  return !last || last < periodStart(await scheduleOf(deps.db, providerId), now);
}

/**
 * Creates one payout of the provider's whole available balance in a currency, if it is at least the minimum: in one
 * transaction under an advisory lock for that provider and currency (so any number of processes make it once), the
 * payout row and its ledger entry (available → in transit). Answers the payout, or null when there is nothing to pay.
 */
async function createPayout(
  deps: PayoutDeps,
  providerId: string,
  currency: string,
  destination: PayoutDestination,
  now: Date,
): Promise<PayoutDbRow | null> {
  return deps.db.transaction(async (tx) => {
    await lockProviderCurrency(tx, providerId, currency);
    const latest = await latestPayout(tx, providerId, currency);
    if (latest && (latest.status === 'scheduled' || latest.status === 'in_transit')) return null;
    const available = await availableOf(tx, providerId, currency);
    if (available < MINIMUM_PAYOUT_MINOR) return null;
    // The key is the payout's own id: stable across every retry of this payout, different for the next one.
    const id = randomUUID();
    const payout = await insertPayout(tx, {
      id,
      provider_id: providerId,
      currency,
      amount_minor: available,
      status: 'scheduled',
      bank_account_id: destination.bankAccountId,
      destination: destination.masked,
      rail: deps.rail.name,
      idempotency_key: `payout:${id}`,
      next_check_at: now,
    });
    await postEntry(tx, {
      kind: 'payout',
      ref: `payout:${payout.id}`,
      payoutId: payout.id,
      description: `Payout to ${destination.masked}`,
      at: now,
      lines: [
        { account: await accountId(tx, 'provider_available', { provider: providerId }, currency), amount: available, currency },
        { account: await accountId(tx, 'payouts_in_transit', {}, currency), amount: -available, currency },
      ],
    });
    return payout;
  });
}

/** Pays out whatever is due (or, with `force`, every available balance at the minimum or more). */
export async function createDuePayouts(deps: PayoutDeps, now: Date, opts: { force?: boolean; providerId?: string } = {}): Promise<number> {
  let created = 0;
  for (const c of await availableAtLeast(deps.db, MINIMUM_PAYOUT_MINOR, opts.providerId)) {
    const who = await providerContact(deps.db, c.provider_id);
    if (!who) continue;
    const destination = await deps.destination(c.provider_id, who.region);
    if (!destination) continue;
    if (!(await shouldPay(deps, c.provider_id, c.currency, destination, now, !!opts.force))) continue;
    if (await createPayout(deps, c.provider_id, c.currency, destination, now)) created++;
  }
  return created;
}

/**
 * Sends scheduled payouts to the rail with their idempotency key. A payout left scheduled by a crash (before or after
 * the rail answered) is claimed again once its lease ends and sent again with the same key: the rail answers the payout
 * it already made, so it is recorded, never repeated.
 */
export async function sendScheduled(deps: PayoutDeps, now: Date): Promise<number> {
  let sent = 0;
  for (const payout of await claimPayouts(deps.db, 'scheduled', now, 50)) {
    const who = await providerContact(deps.db, payout.provider_id);
    // The account the payout was made for (a new primary affects the next payout only; an account with a payout open
    // cannot be deleted, so this is only for a provider removed meanwhile).
    const destination =
      who && payout.bank_account_id ? await deps.destination(payout.provider_id, who.region, payout.bank_account_id) : null;
    if (!destination) {
      await failPayout(deps, payout, payoutMessages.noBankAccount, now);
      continue;
    }
    const answer = await deps.rail.send({
      idempotencyKey: payout.idempotency_key,
      amountMinor: payout.amount_minor,
      currency: payout.currency,
      destination,
      now,
    });
    await markInTransit(deps.db, payout.id, answer, new Date(now.getTime() + deps.recheckMs));
    sent++;
  }
  return sent;
}

async function failPayout(deps: PayoutDeps, payout: PayoutDbRow, reason: string, now: Date): Promise<boolean> {
  const done = await deps.db.transaction(async (tx) => {
    const row = await finishPayout(tx, payout.id, { status: 'failed', at: now, reason });
    if (!row) return false;
    await postEntry(tx, {
      kind: 'payout_failed',
      ref: `payout_failed:${row.id}`,
      payoutId: row.id,
      description: `Payout failed: ${reason}`,
      at: now,
      lines: [
        { account: await accountId(tx, 'payouts_in_transit', {}, row.currency), amount: row.amount_minor, currency: row.currency },
        {
          account: await accountId(tx, 'provider_available', { provider: row.provider_id }, row.currency),
          amount: -row.amount_minor,
          currency: row.currency,
        },
      ],
    });
    const who = await providerContact(tx, row.provider_id);
    if (who?.email) {
      await enqueueMail(
        tx,
        payoutFailedMail(who.email, {
          firstName: who.first_name,
          amountMinor: row.amount_minor,
          currency: row.currency,
          destination: row.destination,
          reason,
          link: `${deps.publicUrl}/provider/earnings`,
        }),
      );
    }
    return true;
  });
  if (done) deps.kickOutbox();
  return done;
}

/** Asks the rail about payouts in transit: paid ones leave the ledger's in-transit account, failed ones come back. */
export async function followInTransit(deps: PayoutDeps, now: Date): Promise<number> {
  let finished = 0;
  for (const payout of await claimPayouts(deps.db, 'in_transit', now, 50)) {
    if (!payout.rail_payout_id) continue;
    const state = await deps.rail.state(payout.rail_payout_id, now);
    if (state.status === 'in_transit') {
      await lookAgainAt(deps.db, payout.id, new Date(now.getTime() + deps.recheckMs));
      continue;
    }
    if (state.status === 'failed') {
      if (await failPayout(deps, payout, state.reason, now)) finished++;
      continue;
    }
    const paid = await deps.db.transaction(async (tx) => {
      const row = await finishPayout(tx, payout.id, { status: 'paid', at: now });
      if (!row) return false;
      await postEntry(tx, {
        kind: 'payout_paid',
        ref: `payout_paid:${row.id}`,
        payoutId: row.id,
        description: 'Payout arrived',
        at: now,
        lines: [
          { account: await accountId(tx, 'payouts_in_transit', {}, row.currency), amount: row.amount_minor, currency: row.currency },
          {
            account: await accountId(tx, 'gateway_cash', { gateway: row.rail }, row.currency),
            amount: -row.amount_minor,
            currency: row.currency,
          },
        ],
      });
      return true;
    });
    if (paid) finished++;
  }
  return finished;
}

/** One turn of the payout worker: release matured money, pay what is due, send, follow. Answers how much happened. */
export async function payoutCycle(deps: PayoutDeps, now: Date = new Date()): Promise<number> {
  const released = await releaseDue(deps.db, now);
  const created = await createDuePayouts(deps, now);
  const sent = await sendScheduled(deps, now);
  const finished = await followInTransit(deps, now);
  return released + created + sent + finished;
}

/** Staff's run: everything available at the minimum or more is paid now, whatever the schedules. */
export async function runPayoutsNow(deps: PayoutDeps, now: Date = new Date()) {
  const released = await releaseDue(deps.db, now);
  const created = await createDuePayouts(deps, now, { force: true });
  const sent = await sendScheduled(deps, now);
  return { released, created, sent };
}

/** Staff retry a failed payout: the provider's available balance is paid now to their current primary account. */
export async function retryPayout(deps: PayoutDeps, payoutId: string, now: Date = new Date()): Promise<StaffPayoutRow> {
  const failed = await payoutById(deps.db, payoutId);
  if (!failed) throw new NotFoundError(payoutMessages.payoutNotFound);
  if (failed.status !== 'failed') throw new ConflictError(payoutMessages.notFailed);
  const who = (await providerContact(deps.db, failed.provider_id))!;
  const destination = await deps.destination(failed.provider_id, who.region);
  if (!destination) throw new ConflictError(payoutMessages.noBankAccount);
  const latest = await latestPayout(deps.db, failed.provider_id, failed.currency);
  if (latest && (latest.status === 'scheduled' || latest.status === 'in_transit')) throw new ConflictError(payoutMessages.alreadyOpen);
  const payout = await createPayout(deps, failed.provider_id, failed.currency, destination, now);
  if (!payout) throw new ConflictError(payoutMessages.nothingToRetry);
  await sendScheduled(deps, now);
  const fresh = (await payoutById(deps.db, payout.id))!;
  return { ...payoutRow(fresh), provider_id: fresh.provider_id, provider_name: `${who.first_name} ${who.last_name}` };
}

export function payoutRow(p: PayoutDbRow): PayoutRow {
  return {
    id: p.id,
    created_at: p.createdAt.toISOString(),
    amount: formatAmount(p.amount_minor),
    currency: p.currency,
    status: p.status as PayoutStatus,
    destination: p.destination,
    arrival_date: p.arrival_date,
    failure_reason: p.failure_reason,
  };
}

const pages = (total: number, size: number) => Math.max(1, Math.ceil(total / size));

export async function providerPayouts(db: Db, providerId: string, page = 1) {
  const { rows, total } = await providerPayoutsPage(db, providerId, PAYOUTS_PAGE_SIZE, (page - 1) * PAYOUTS_PAGE_SIZE);
  return { payouts: rows.map(payoutRow), current_page: page, total_pages: pages(total, PAYOUTS_PAGE_SIZE) };
}

export async function staffPayouts(db: Db, status: string | undefined, page = 1) {
  const { rows, total } = await staffPayoutsPage(db, status, PAYOUTS_PAGE_SIZE, (page - 1) * PAYOUTS_PAGE_SIZE);
  return {
    payouts: rows.map((r) => ({
      ...payoutRow(r.payout),
      provider_id: r.payout.provider_id,
      provider_name: `${r.first_name} ${r.last_name}`,
    })),
    current_page: page,
    total_pages: pages(total, PAYOUTS_PAGE_SIZE),
  };
}

export async function setPayoutSchedule(db: Db, providerId: string, schedule: PayoutSchedule) {
  await saveSchedule(db, providerId, schedule);
  return { message: payoutMessages.scheduleSaved, schedule };
}

function monthRange(now: Date, month?: number, year?: number) {
  const current = DateTime.fromJSDate(now, { zone: 'utc' });
  const start = DateTime.utc(year ?? current.year, month ?? (year ? 1 : current.month), 1);
  return { from: start.toJSDate(), to: start.plus({ months: 1 }).toJSDate() };
}

function toStatementRow(r: StatementDbRow): StatementRow {
  const capture = r.kind === 'capture';
  return {
    date: new Date(r.created_at).toISOString().slice(0, 10),
    booking_id: r.booking_id,
    patient_first_name: r.first_name ?? '',
    description: r.description,
    gross: formatAmount(capture ? r.net + r.fee : 0),
    fee: formatAmount(r.fee),
    refund: formatAmount(capture ? 0 : -(r.net + r.fee)),
    net: formatAmount(r.net),
  };
}

/** The Earnings screen: balances now, paid out this month, and a month's statement (one page). */
export async function providerEarnings(
  db: Db,
  provider: { id: string; region: string },
  query: { month?: number; year?: number; page?: number },
  now: Date = new Date(),
): Promise<EarningsResponse> {
  const currency = currencyOfRegion(provider.region);
  const page = query.page ?? 1;
  const { from, to } = monthRange(now, query.month, query.year);
  const thisMonth = monthRange(now);
  const [balances, paidOut, totals, rows, schedule] = await Promise.all([
    providerBalances(db, provider.id),
    paidOutBetween(db, provider.id, thisMonth.from, thisMonth.to),
    statementTotals(db, provider.id, currency, from, to),
    statementRows(db, provider.id, currency, from, to, { limit: EARNINGS_PAGE_SIZE, offset: (page - 1) * EARNINGS_PAGE_SIZE }),
    scheduleOf(db, provider.id),
  ]);
  const b = balances.find((x) => x.currency === currency) ?? { pending: 0, available: 0 };
  return {
    currency,
    pending: formatAmount(b.pending),
    available: formatAmount(b.available),
    paid_out_this_month: formatAmount(paidOut.find((x) => x.currency === currency)?.amount ?? 0),
    schedule,
    totals: {
      gross: formatAmount(totals.gross),
      fee: formatAmount(totals.fee),
      refund: formatAmount(totals.refund),
      net: formatAmount(totals.net),
    },
    entries: rows.map(toStatementRow),
    current_page: page,
    total_pages: pages(totals.count, EARNINGS_PAGE_SIZE),
  };
}

/** The month's statement as CSV, every line, with cells a spreadsheet would run as formulas escaped. */
export async function statementCsv(
  db: Db,
  provider: { id: string; region: string },
  query: { month?: number; year?: number },
  now = new Date(),
) {
  const currency = currencyOfRegion(provider.region);
  const { from } = monthRange(now, query.month, query.year);
  const { to } = monthRange(now, query.month, query.year);
  const rows = (await statementRows(db, provider.id, currency, from, to, null)).map(toStatementRow);
  const header = ['Date', 'Booking reference', 'Patient', 'Description', `Gross (${currency})`, 'Fee', 'Refund', 'Net'];
  const lines = [
    header,
    ...rows.map((r) => [r.date, r.booking_id ?? '', r.patient_first_name, r.description, r.gross, r.fee, r.refund, r.net]),
  ];
  return {
    csv: `${lines.map((l) => l.map(csvCell).join(',')).join('\r\n')}\r\n`,
    month: DateTime.fromJSDate(from, { zone: 'utc' }).toFormat('yyyy-MM'),
  };
}

/** The dashboard's "Earnings this month": what the ledger credited the provider for appointments, net of fees and refunds. */
export async function monthEarningsFromLedger(db: Db, providerId: string, from: Date, to: Date) {
  return netEarnings(db, providerId, from, to);
}

/** One day's reconciliation in one currency (UTC day). */
export async function dailyReconciliation(
  db: Db,
  query: { date?: string; currency?: string },
  now = new Date(),
): Promise<ReconciliationResponse> {
  const date = query.date ?? now.toISOString().slice(0, 10);
  const currency = query.currency ?? 'GBP';
  const from = new Date(`${date}T00:00:00Z`);
  const to = new Date(from.getTime() + 24 * 3600 * 1000);
  const r = await reconciliation(db, currency, from, to);
  const expected = r.captured - r.refunded - r.fees - r.paid_out;
  return {
    date,
    currency,
    captured: formatAmount(r.captured),
    refunded: formatAmount(r.refunded),
    fees: formatAmount(r.fees),
    paid_out: formatAmount(r.paid_out),
    expected_change: formatAmount(expected),
    balance_change: formatAmount(r.balance_change),
    difference: formatAmount(r.balance_change - expected),
    balanced: r.balance_change === expected && r.entries_balanced,
    entries_balanced: r.entries_balanced,
  };
}
