import { and, count, desc, eq, inArray, sql } from 'drizzle-orm';
import { rowsOf } from '../../db/rows';
import type { Queryable, Tx } from '../../db/client';
import { payoutSettings, payouts } from '../../db/schema/ledger';
import { providers } from '../../db/schema/providers';

export type PayoutDbRow = typeof payouts.$inferSelect;

/** How long a claimed payout is left alone by other workers (the rail call takes seconds at most). */
const LEASE_SECONDS = 120;

export async function scheduleOf(q: Queryable, providerId: string): Promise<'daily' | 'weekly' | 'monthly'> {
  const [row] = await q
    .select({ schedule: payoutSettings.schedule })
    .from(payoutSettings)
    .where(eq(payoutSettings.provider_id, providerId));
  return (row?.schedule as 'daily' | 'weekly' | 'monthly' | undefined) ?? 'weekly';
}

export async function saveSchedule(q: Queryable, providerId: string, schedule: string): Promise<void> {
  await q
    .insert(payoutSettings)
    .values({ provider_id: providerId, schedule })
    .onConflictDoUpdate({ target: payoutSettings.provider_id, set: { schedule, updatedAt: new Date() } });
}

/** Serialises payout decisions for one provider and currency across processes, until the transaction ends. */
export async function lockProviderCurrency(tx: Tx, providerId: string, currency: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`payout:${providerId}:${currency}`}))`);
}

/** The provider's most recent payout in a currency (any status). */
export async function latestPayout(q: Queryable, providerId: string, currency: string): Promise<PayoutDbRow | null> {
  const [row] = await q
    .select()
    .from(payouts)
    .where(and(eq(payouts.provider_id, providerId), eq(payouts.currency, currency)))
    .orderBy(desc(payouts.createdAt))
    .limit(1);
  return row ?? null;
}

/** The last payout that was not a failure, to tell whether this schedule period has had its payout. */
export async function lastGoodPayoutAt(q: Queryable, providerId: string, currency: string): Promise<Date | null> {
  const [row] = rowsOf<{ at: string | Date | null }>(
    await q.execute(sql`select max(created_at) as at from payouts
      where provider_id = ${providerId} and currency = ${currency} and status <> 'failed'`),
  );
  return row?.at ? new Date(row.at) : null;
}

export async function insertPayout(tx: Tx, values: typeof payouts.$inferInsert): Promise<PayoutDbRow> {
  const [row] = await tx.insert(payouts).values(values).returning();
  return row!;
}

/** Claims payouts in `status` whose next look is due, leasing them so another worker leaves them alone. */
export async function claimPayouts(q: Queryable, status: 'scheduled' | 'in_transit', now: Date, limit: number): Promise<PayoutDbRow[]> {
  const rows = rowsOf<{ id: string }>(
    await q.execute(sql`update payouts set next_check_at = ${now.toISOString()}::timestamptz + make_interval(secs => ${LEASE_SECONDS})
      where id in (select id from payouts where status = ${status} and next_check_at <= ${now.toISOString()}::timestamptz
        order by next_check_at limit ${limit} for update skip locked)
      returning id`),
  );
  if (rows.length === 0) return [];
  return q
    .select()
    .from(payouts)
    .where(
      inArray(
        payouts.id,
        rows.map((r) => r.id),
      ),
    );
}

export async function markInTransit(q: Queryable, id: string, rail: { railPayoutId: string; arrivalDate: string }, nextCheckAt: Date) {
  await q
    .update(payouts)
    .set({
      status: 'in_transit',
      rail_payout_id: rail.railPayoutId,
      arrival_date: rail.arrivalDate,
      next_check_at: nextCheckAt,
      updatedAt: new Date(),
    })
    .where(and(eq(payouts.id, id), eq(payouts.status, 'scheduled')));
}

export async function lookAgainAt(q: Queryable, id: string, at: Date) {
  await q.update(payouts).set({ next_check_at: at }).where(eq(payouts.id, id));
}

/** Ends an open payout (a failure may come before the rail took it); answers the row when this call ended it, once. */
export async function finishPayout(
  tx: Tx,
  id: string,
  outcome: { status: 'paid'; at: Date } | { status: 'failed'; at: Date; reason: string },
): Promise<PayoutDbRow | null> {
  const [row] = await tx
    .update(payouts)
    .set(
      outcome.status === 'paid'
        ? { status: 'paid', paid_at: outcome.at, updatedAt: outcome.at }
        : { status: 'failed', failed_at: outcome.at, failure_reason: outcome.reason, updatedAt: outcome.at },
    )
    .where(
      and(
        eq(payouts.id, id),
        outcome.status === 'paid' ? eq(payouts.status, 'in_transit') : inArray(payouts.status, ['scheduled', 'in_transit']),
      ),
    )
    .returning();
  return row ?? null;
}

export async function payoutById(q: Queryable, id: string): Promise<PayoutDbRow | null> {
  const [row] = await q.select().from(payouts).where(eq(payouts.id, id));
  return row ?? null;
}

export async function providerPayoutsPage(q: Queryable, providerId: string, limit: number, offset: number) {
  const [total] = await q.select({ n: count() }).from(payouts).where(eq(payouts.provider_id, providerId));
  const rows = await q
    .select()
    .from(payouts)
    .where(eq(payouts.provider_id, providerId))
    .orderBy(desc(payouts.createdAt), desc(payouts.id))
    .limit(limit)
    .offset(offset);
  return { rows, total: total?.n ?? 0 };
}

export async function staffPayoutsPage(q: Queryable, status: string | undefined, limit: number, offset: number) {
  const where = status ? eq(payouts.status, status) : undefined;
  const [total] = await q.select({ n: count() }).from(payouts).where(where);
  const rows = await q
    .select({ payout: payouts, first_name: providers.first_name, last_name: providers.last_name })
    .from(payouts)
    .innerJoin(providers, eq(providers.id, payouts.provider_id))
    .where(where)
    .orderBy(desc(payouts.createdAt), desc(payouts.id))
    .limit(limit)
    .offset(offset);
  return { rows, total: total?.n ?? 0 };
}

/** Paid out (not failed) this period, per currency. */
export async function paidOutBetween(q: Queryable, providerId: string, from: Date, to: Date) {
  return rowsOf<{ currency: string; amount: number }>(
    await q.execute(sql`select currency, sum(amount_minor)::bigint as amount from payouts
      where provider_id = ${providerId} and status <> 'failed'
        and created_at >= ${from.toISOString()}::timestamptz and created_at < ${to.toISOString()}::timestamptz
      group by currency`),
  ).map((r) => ({ currency: r.currency, amount: Number(r.amount) }));
}

export async function providerContact(q: Queryable, providerId: string) {
  const [row] = await q
    .select({ email: providers.email, first_name: providers.first_name, last_name: providers.last_name, region: providers.region })
    .from(providers)
    .where(eq(providers.id, providerId));
  return row ?? null;
}
