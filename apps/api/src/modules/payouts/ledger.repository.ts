import { sql } from 'drizzle-orm';
import { rowsOf } from '../../db/rows';
import type { Queryable } from '../../db/client';

/**
 * The ledger's SQL (docs/payouts.md). Entries are posted only through the database's ledger_post() (payments' entries
 * by the payments_ledger trigger); amounts are debits positive, so a provider's balance is minus the sum of its lines.
 */

export interface LedgerLine {
  account: number;
  amount: number;
  currency: string;
}

export async function accountId(
  q: Queryable,
  kind: string,
  owner: { provider?: string; gateway?: string },
  currency: string,
): Promise<number> {
  const [row] = rowsOf<{ id: string | number }>(
    await q.execute(sql`select ledger_account(${kind}, ${owner.provider ?? null}::uuid, ${owner.gateway ?? null}, ${currency}) as id`),
  );
  return Number(row!.id);
}

/** Posts an entry once by `ref`; answers whether it was new. */
export async function postEntry(
  q: Queryable,
  entry: { kind: string; ref: string; payoutId?: string; description: string; at: Date; lines: LedgerLine[] },
): Promise<boolean> {
  const [row] = rowsOf<{ id: string | number | null }>(
    await q.execute(sql`select ledger_post(${entry.kind}, ${entry.ref}, null, null, ${entry.payoutId ?? null}::uuid,
      ${entry.description}, ${entry.at.toISOString()}::timestamptz, ${JSON.stringify(entry.lines)}::jsonb) as id`),
  );
  return row!.id !== null;
}

/** Moves every booking's pending share that has matured (24 h after the appointment's end) to available. */
export async function releaseDue(q: Queryable, now: Date): Promise<number> {
  const [row] = rowsOf<{ n: number }>(await q.execute(sql`select ledger_release_due(${now.toISOString()}::timestamptz) as n`));
  return Number(row!.n);
}

/** A provider's pending and available balances per currency (credit balances, in minor units). */
export async function providerBalances(q: Queryable, providerId: string) {
  return rowsOf<{ currency: string; pending: number; available: number }>(
    await q.execute(sql`select a.currency,
        coalesce(-sum(l.amount_minor) filter (where a.kind = 'provider_pending'), 0)::bigint as pending,
        coalesce(-sum(l.amount_minor) filter (where a.kind = 'provider_available'), 0)::bigint as available
      from ledger_accounts a join ledger_lines l on l.account_id = a.id
      where a.provider_id = ${providerId} group by a.currency`),
  ).map((r) => ({ currency: r.currency, pending: Number(r.pending), available: Number(r.available) }));
}

/** Providers whose available balance in a currency is at least `minimum`. */
export async function availableAtLeast(q: Queryable, minimum: number, providerId?: string) {
  return rowsOf<{ provider_id: string; currency: string; available: number }>(
    await q.execute(sql`select a.provider_id, a.currency, -sum(l.amount_minor)::bigint as available
      from ledger_accounts a join ledger_lines l on l.account_id = a.id
      where a.kind = 'provider_available' ${providerId ? sql`and a.provider_id = ${providerId}` : sql``}
      group by a.provider_id, a.currency having -sum(l.amount_minor) >= ${minimum}`),
  ).map((r) => ({ ...r, available: Number(r.available) }));
}

/** The available balance of one provider in one currency. */
export async function availableOf(q: Queryable, providerId: string, currency: string): Promise<number> {
  const [row] = rowsOf<{ available: number | null }>(
    await q.execute(sql`select -sum(l.amount_minor)::bigint as available
      from ledger_accounts a join ledger_lines l on l.account_id = a.id
      where a.kind = 'provider_available' and a.provider_id = ${providerId} and a.currency = ${currency}`),
  );
  return Number(row?.available ?? 0);
}

const statementFrom = (providerId: string, currency: string, from: Date, to: Date) => sql`
  from bookings b
    join ledger_entries e on e.booking_id = b.id and e.kind in ('capture', 'refund')
    left join patients pt on pt.id = b.patient_id
    join lateral (
      select coalesce(sum(-l.amount_minor) filter (where a.kind in ('provider_pending', 'provider_available')), 0)::bigint as net,
             coalesce(sum(-l.amount_minor) filter (where a.kind = 'platform_fees'), 0)::bigint as fee
      from ledger_lines l join ledger_accounts a on a.id = l.account_id where l.entry_id = e.id) x on true
  where b.provider_id = ${providerId} and b.currency = ${currency}
    and e.created_at >= ${from.toISOString()}::timestamptz and e.created_at < ${to.toISOString()}::timestamptz
    and (x.net <> 0 or x.fee <> 0)`;

export interface StatementDbRow {
  created_at: string | Date;
  kind: string;
  booking_id: string;
  first_name: string | null;
  description: string;
  net: number;
  fee: number;
}

/** A month's statement lines (captures and refunds), oldest first: one page, or all of them (CSV). */
export async function statementRows(
  q: Queryable,
  providerId: string,
  currency: string,
  from: Date,
  to: Date,
  page: { limit: number; offset: number } | null,
) {
  const rows = rowsOf<StatementDbRow>(
    await q.execute(sql`select e.created_at, e.kind, e.booking_id, pt.first_name, e.description, x.net, x.fee
      ${statementFrom(providerId, currency, from, to)}
      order by e.created_at, e.id ${page ? sql`limit ${page.limit} offset ${page.offset}` : sql``}`),
  );
  return rows.map((r) => ({ ...r, net: Number(r.net), fee: Number(r.fee) }));
}

export async function statementTotals(q: Queryable, providerId: string, currency: string, from: Date, to: Date) {
  const [row] = rowsOf<{ count: number; gross: number; fee: number; refund: number; net: number }>(
    await q.execute(sql`select count(*)::int as count,
        coalesce(sum(x.net + x.fee) filter (where e.kind = 'capture'), 0)::bigint as gross,
        coalesce(sum(x.fee), 0)::bigint as fee,
        coalesce(-sum(x.net + x.fee) filter (where e.kind = 'refund'), 0)::bigint as refund,
        coalesce(sum(x.net), 0)::bigint as net
      ${statementFrom(providerId, currency, from, to)}`),
  );
  return { count: row!.count, gross: Number(row!.gross), fee: Number(row!.fee), refund: Number(row!.refund), net: Number(row!.net) };
}

/** What a provider earned (net of fees and refunds) in a period, per currency: the dashboard's month figure. */
export async function netEarnings(q: Queryable, providerId: string, from: Date, to: Date) {
  return rowsOf<{ currency: string; amount_minor: number }>(
    await q.execute(sql`select a.currency, -sum(l.amount_minor)::bigint as amount_minor
      from ledger_accounts a join ledger_lines l on l.account_id = a.id join ledger_entries e on e.id = l.entry_id
      where a.provider_id = ${providerId} and a.kind in ('provider_pending', 'provider_available') and e.kind in ('capture', 'refund')
        and e.created_at >= ${from.toISOString()}::timestamptz and e.created_at < ${to.toISOString()}::timestamptz
      group by a.currency order by a.currency`),
  ).map((r) => ({ currency: r.currency, amount_minor: Number(r.amount_minor) }));
}

/**
 * One day's reconciliation in one currency, from the entries posted that day: what the providers gained from captures,
 * lost to refunds, paid in fees and were paid out, against how much their balances moved; and whether every entry of
 * the day sums to zero.
 */
export async function reconciliation(q: Queryable, currency: string, from: Date, to: Date) {
  const [row] = rowsOf<Record<string, number | boolean>>(
    await q.execute(sql`with day as (
        select e.id, e.kind, a.kind as account_kind, l.amount_minor
        from ledger_entries e join ledger_lines l on l.entry_id = e.id join ledger_accounts a on a.id = l.account_id
        where l.currency = ${currency}
          and e.created_at >= ${from.toISOString()}::timestamptz and e.created_at < ${to.toISOString()}::timestamptz),
      booked as (select distinct id from day where account_kind in ('provider_pending', 'provider_available') and kind in ('capture', 'refund'))
      select
        coalesce(sum(amount_minor) filter (where kind = 'capture' and account_kind = 'gateway_cash' and id in (select id from booked)), 0)::bigint as captured,
        coalesce(-sum(amount_minor) filter (where kind = 'refund' and account_kind = 'refunds_due'), 0)::bigint as refunded,
        coalesce(-sum(amount_minor) filter (where account_kind = 'platform_fees'), 0)::bigint as fees,
        coalesce(-sum(amount_minor) filter (where account_kind = 'payouts_in_transit' and kind in ('payout', 'payout_failed')), 0)::bigint as paid_out,
        coalesce(-sum(amount_minor) filter (where account_kind in ('provider_pending', 'provider_available')), 0)::bigint as balance_change,
        not exists (select 1 from day group by id having sum(amount_minor) <> 0) as entries_balanced
      from day`),
  );
  return {
    captured: Number(row!.captured),
    refunded: Number(row!.refunded),
    fees: Number(row!.fees),
    paid_out: Number(row!.paid_out),
    balance_change: Number(row!.balance_change),
    entries_balanced: row!.entries_balanced === true,
  };
}
