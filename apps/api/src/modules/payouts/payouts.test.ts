import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { payoutMessages, type EarningsResponse, type PayoutsResponse } from '@careslot/contracts/payouts';
import { payouts, sandboxPayouts } from '../../db/schema/ledger';
import { providers } from '../../db/schema/providers';
import { createTestApp, mailTo, type TestApp } from '../../test/test-app';
import { newProvider, type TestProvider } from '../availability/availability.test-helpers';
import { SANDBOX_FAILURE_REASON } from './sandbox.rail';
import { payoutCycle, periodStart, platformFee, runPayoutsNow, sendScheduled } from './payouts.service';
import { addAccount, balancesOf, paidBooking, paymentStatusOf, refundDecided, refundSent, unbalancedEntries } from './payouts.test-helpers';

let t: TestApp;
const DAY = 86_400_000;

beforeAll(async () => {
  t = await createTestApp({ seed: { providersPerRegion: 2, days: 1, demoAccounts: false } });
}, 120_000);
afterAll(async () => {
  await t?.close();
});

const earnings = async (p: TestProvider, query = '') => {
  const res = await t.app.inject({ url: `/provider/earnings/${p.id}/?providerRegion=${p.region}${query}`, headers: p.auth });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as EarningsResponse;
};
const payoutList = async (p: TestProvider) => {
  const res = await t.app.inject({ url: `/provider/payouts/${p.id}/?providerRegion=${p.region}`, headers: p.auth });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as PayoutsResponse).payouts;
};
/** Runs the worker's cycle as if `ms` had passed since now. */
const cycleAt = (ms: number) => payoutCycle(t.app.payouts.deps, new Date(Date.now() + ms));

describe('platform fee', () => {
  it('is basis points rounded half up plus the fixed part, never more than the payment', () => {
    expect(platformFee(6000, { PLATFORM_FEE_BPS: 500, PLATFORM_FEE_FIXED_MINOR: 0 })).toBe(300);
    expect(platformFee(1010, { PLATFORM_FEE_BPS: 500, PLATFORM_FEE_FIXED_MINOR: 0 })).toBe(51); // 50.5 → 51
    expect(platformFee(1009, { PLATFORM_FEE_BPS: 500, PLATFORM_FEE_FIXED_MINOR: 0 })).toBe(50); // 50.45 → 50
    expect(platformFee(6000, { PLATFORM_FEE_BPS: 250, PLATFORM_FEE_FIXED_MINOR: 20 })).toBe(170);
    expect(platformFee(10, { PLATFORM_FEE_BPS: 500, PLATFORM_FEE_FIXED_MINOR: 30 })).toBe(10);
  });
});

describe('the ledger', () => {
  it('books a payment, its fee and a refund as balanced entries in the same transaction, and stays append-only', async () => {
    const p = await newProvider(t.app, { clinics: 1 });
    const { payment, booking } = await paidBooking(t.app, p, { amountMinor: 6000 });
    expect(await balancesOf(t.app, p.id)).toEqual({ pending: 5700, available: 0 });
    const entries = await t.app.db.execute(sql`select kind, ref from ledger_entries where booking_id = ${booking.id} order by id`);
    expect((entries as unknown as { rows: { kind: string }[] }).rows.map((r) => r.kind)).toEqual(['capture']);

    await refundDecided(t.app, booking.id);
    expect(await balancesOf(t.app, p.id)).toEqual({ pending: 0, available: 0 });
    await refundSent(t.app, payment.id);
    expect(await paymentStatusOf(t.app, payment.id)).toBe('REFUNDED');
    expect(await unbalancedEntries(t.app)).toBe(0);

    await expect(t.app.db.execute(sql`update ledger_lines set amount_minor = 0`)).rejects.toThrow();
    await expect(t.app.db.execute(sql`delete from ledger_entries`)).rejects.toThrow();
    // An entry whose lines do not sum to zero is refused when its transaction commits, and nothing of it remains.
    await expect(
      t.app.db.transaction(async (tx) => {
        await tx.execute(sql`select ledger_post('test', 'unbalanced-1', null, null, null, 'x', now(),
          jsonb_build_array(jsonb_build_object('account', ledger_account('platform_fees', null, null, 'GBP'), 'amount', 5, 'currency', 'GBP')))`);
      }),
    ).rejects.toThrow();
    const left = await t.app.db.execute(sql`select count(*)::int as n from ledger_entries where ref = 'unbalanced-1'`);
    expect((left as unknown as { rows: { n: number }[] }).rows[0]!.n).toBe(0);
  });

  it('a payment for a lost slot is owed back whole: the provider and the fee never see it', async () => {
    const p = await newProvider(t.app, { clinics: 1 });
    const { booking } = await paidBooking(t.app, p);
    const lost = await t.app.db.execute(sql`insert into payments (booking_id, gateway, payment_method, external_id, amount_minor, currency)
      values (${booking.id}, 'sandbox', 'stripe', ${`lost-${booking.id}`}, 6000, 'GBP') returning id`);
    const lostId = (lost as unknown as { rows: { id: string }[] }).rows[0]!.id;
    await t.app.db.execute(sql`update payments set status = 'REFUND_PENDING' where id = ${lostId}`);
    await refundSent(t.app, lostId);
    expect(await balancesOf(t.app, p.id)).toEqual({ pending: 5700, available: 0 });
    expect(await unbalancedEntries(t.app)).toBe(0);
  });

  it('money becomes available 24 hours after the appointment ends, not before', async () => {
    const p = await newProvider(t.app, { clinics: 1 });
    const { endsAt } = await paidBooking(t.app, p);
    const untilAvailable = endsAt.getTime() + DAY - Date.now();
    await cycleAt(untilAvailable - 60_000);
    expect(await balancesOf(t.app, p.id)).toEqual({ pending: 5700, available: 0 });
    await cycleAt(untilAvailable + 1000);
    expect(await balancesOf(t.app, p.id)).toEqual({ pending: 0, available: 5700 });
  });
});

describe('payouts', () => {
  it('pays the available balance to the primary account on the schedule, once, and shows it paid', async () => {
    const p = await newProvider(t.app, { clinics: 1 });
    await addAccount(t.app, p, { sort_code: '08-99-99', account_number: '66374958' });
    const { endsAt } = await paidBooking(t.app, p, { amountMinor: 8000 });
    const later = endsAt.getTime() + DAY + 3600_000 - Date.now();
    // Daily, so the run pays as soon as the money is available whatever the weekday.
    const put = await t.app.inject({
      method: 'PUT',
      url: `/provider/payout-settings/${p.id}/`,
      headers: p.auth,
      payload: { providerRegion: 'uk', schedule: 'daily' },
    });
    expect(put.statusCode, put.body).toBe(200);
    await cycleAt(later);
    await cycleAt(later + 1000); // a second process or tick creates nothing more
    let list = await payoutList(p);
    expect(list).toHaveLength(1);
    expect(list[0]).toMatchObject({
      amount: '76.00',
      currency: 'GBP',
      status: 'in_transit',
      destination: 'XXXX4958 (08-99-99)',
      failure_reason: null,
    });
    expect(await balancesOf(t.app, p.id)).toEqual({ pending: 0, available: 0 });
    await cycleAt(later + t.config.PAYOUT_SANDBOX_DELAY_MS + 5000);
    list = await payoutList(p);
    expect(list[0]!.status).toBe('paid');
    expect(JSON.stringify(list)).not.toContain('66374958');
    expect(await unbalancedEntries(t.app)).toBe(0);
  });

  it('keeps to the weekly schedule: one payout a week, on Monday', () => {
    expect(periodStart('weekly', new Date('2026-11-28T10:00:00Z')).toISOString()).toBe('2026-11-23T00:00:00.000Z');
    expect(periodStart('monthly', new Date('2026-11-28T10:00:00Z')).toISOString()).toBe('2026-11-01T00:00:00.000Z');
    expect(periodStart('daily', new Date('2026-11-28T10:00:00Z')).toISOString()).toBe('2026-11-28T00:00:00.000Z');
  });

  it('never pays below 10.00, and carries a refund after payout as a negative balance into the next one', async () => {
    const p = await newProvider(t.app, { clinics: 1 });
    await addAccount(t.app, p, { sort_code: '08-99-99', account_number: '66374958' });
    const small = await paidBooking(t.app, p, { amountMinor: 1000 }); // 9.50 after the fee
    const late = small.endsAt.getTime() + DAY + 1000 - Date.now();
    expect((await runPayoutsNow(t.app.payouts.deps, new Date(Date.now() + late))).created).toBe(0);
    const big = await paidBooking(t.app, p, { amountMinor: 6000, startsAt: new Date(small.startsAt.getTime() + 3600_000) });
    const after = big.endsAt.getTime() + DAY + 1000 - Date.now();
    const run = await runPayoutsNow(t.app.payouts.deps, new Date(Date.now() + after));
    expect(run).toMatchObject({ created: 1, sent: 1 });
    expect((await payoutList(p))[0]!.amount).toBe('66.50');
    // The patient of the first booking is refunded after the money left: the balance goes below zero, not lost.
    await refundDecided(t.app, big.booking.id);
    expect(await balancesOf(t.app, p.id)).toEqual({ pending: 0, available: -5700 });
    const third = await paidBooking(t.app, p, { amountMinor: 9000, startsAt: new Date(big.startsAt.getTime() + 3600_000) });
    await cycleAt(third.endsAt.getTime() + DAY + t.config.PAYOUT_SANDBOX_DELAY_MS + 5000 - Date.now());
    // 85.50 earned − 57.00 owed = 28.50: the next payout nets the debt.
    expect(await balancesOf(t.app, p.id)).toEqual({ pending: 0, available: 2850 });
    expect((await runPayoutsNow(t.app.payouts.deps, new Date(third.endsAt.getTime() + 2 * DAY))).created).toBe(1);
    expect((await payoutList(p))[0]!.amount).toBe('28.50');
  });

  it('a failed payout comes back to available, e-mails the reason, and is retried after the account changes', async () => {
    const p = await newProvider(t.app, { clinics: 1 });
    await addAccount(t.app, p, { sort_code: '10-88-00', account_number: '00000000' });
    const { endsAt } = await paidBooking(t.app, p, { amountMinor: 5000 });
    const at = endsAt.getTime() + DAY + 1000;
    await runPayoutsNow(t.app.payouts.deps, new Date(at));
    // While it is in transit, its account cannot be deleted (after another one is added).
    const other = await addAccount(t.app, p, { sort_code: '08-99-99', account_number: '66374958' });
    const [open] = await t.app.db.select().from(payouts).where(eq(payouts.provider_id, p.id));
    const del = await t.app.inject({
      method: 'DELETE',
      url: `/provider/provider-bank-details/${p.id}/?providerRegion=uk`,
      headers: p.auth,
      payload: { unique_id: open!.bank_account_id },
    });
    expect(del.statusCode).toBe(409);
    expect(del.json().message).toBe(payoutMessages.accountInTransit);

    await payoutCycle(t.app.payouts.deps, new Date(at + t.config.PAYOUT_SANDBOX_DELAY_MS + 1000));
    const [failed] = await payoutList(p);
    expect(failed).toMatchObject({ status: 'failed', failure_reason: SANDBOX_FAILURE_REASON, amount: '47.50' });
    expect(await balancesOf(t.app, p.id)).toEqual({ pending: 0, available: 4750 });
    const [me] = await t.app.db.select({ email: providers.email }).from(providers).where(eq(providers.id, p.id));
    const [mail] = await mailTo(t.app, me!.email!);
    expect(mail!.subject).toBe('Your payout of GBP 47.50 failed');
    expect(mail!.text).toContain(SANDBOX_FAILURE_REASON);
    expect(mail!.text).not.toContain('00000000');

    // Same account: not tried again, whatever the schedule.
    await payoutCycle(t.app.payouts.deps, new Date(at + 8 * DAY));
    expect(await payoutList(p)).toHaveLength(1);
    // A new primary account: the next cycle pays it there.
    const made = await t.app.inject({
      method: 'PATCH',
      url: `/provider/provider-bank-details/${p.id}/`,
      headers: p.auth,
      payload: { providerRegion: 'uk', unique_id: other, is_primary: true },
    });
    expect(made.statusCode, made.body).toBe(200);
    await payoutCycle(t.app.payouts.deps, new Date(at + 8 * DAY + 1000));
    const list = await payoutList(p);
    expect(list.map((x) => [x.status, x.amount, x.destination])).toEqual([
      ['in_transit', '47.50', 'XXXX4958 (08-99-99)'],
      ['failed', '47.50', 'XXXX0000 (10-88-00)'],
    ]);
    expect(await unbalancedEntries(t.app)).toBe(0);
  });

  it('several workers at once make one payout per provider, sent once (truly parallel on PostgreSQL)', async () => {
    const ps = [await newProvider(t.app, { clinics: 1 }), await newProvider(t.app, { clinics: 1 })];
    let last = 0;
    for (const p of ps) {
      await addAccount(t.app, p, { sort_code: '08-99-99', account_number: '66374958' });
      const { endsAt } = await paidBooking(t.app, p, { amountMinor: 3000 });
      last = Math.max(last, endsAt.getTime());
    }
    const at = new Date(last + DAY + 1000);
    await Promise.all([
      payoutCycle(t.app.payouts.deps, at),
      payoutCycle(t.app.payouts.deps, at),
      runPayoutsNow(t.app.payouts.deps, at),
      runPayoutsNow(t.app.payouts.deps, at),
    ]);
    for (const p of ps) {
      const rows = await t.app.db.select().from(payouts).where(eq(payouts.provider_id, p.id));
      expect(rows.map((r) => [r.amount_minor, r.status])).toEqual([[2850, 'in_transit']]);
      const rail = await t.app.db.select().from(sandboxPayouts).where(eq(sandboxPayouts.idempotency_key, rows[0]!.idempotency_key));
      expect(rail).toHaveLength(1);
      expect(await balancesOf(t.app, p.id)).toEqual({ pending: 0, available: 0 });
    }
    expect(await unbalancedEntries(t.app)).toBe(0);
  });

  it('a crash between the rail answer and the commit is reconciled with the same key, never paid twice', async () => {
    const p = await newProvider(t.app, { clinics: 1 });
    await addAccount(t.app, p, { sort_code: '08-99-99', account_number: '66374958' });
    const { endsAt } = await paidBooking(t.app, p, { amountMinor: 4000 });
    const at = new Date(endsAt.getTime() + DAY + 1000);
    // The payout is written and the rail is asked, then the process dies before recording the answer.
    const deps = t.app.payouts.deps;
    const crashing = {
      ...deps,
      rail: { ...deps.rail, name: deps.rail.name, send: deps.rail.send.bind(deps.rail), state: deps.rail.state.bind(deps.rail) },
    };
    crashing.rail.send = async (x) => {
      await deps.rail.send(x);
      throw new Error('process died');
    };
    await expect(runPayoutsNow(crashing, at)).rejects.toThrow('process died');
    const [stuck] = await t.app.db.select().from(payouts).where(eq(payouts.provider_id, p.id));
    expect(stuck!.status).toBe('scheduled');
    // Another process picks it up once the lease ends and asks again with the same key.
    expect(await sendScheduled(deps, new Date(at.getTime() + 60_000))).toBe(0);
    expect(await sendScheduled(deps, new Date(at.getTime() + 121_000))).toBe(1);
    const rail = await t.app.db.select().from(sandboxPayouts).where(eq(sandboxPayouts.idempotency_key, stuck!.idempotency_key));
    expect(rail).toHaveLength(1);
    const [sent] = await t.app.db.select().from(payouts).where(eq(payouts.provider_id, p.id));
    expect(sent).toMatchObject({ status: 'in_transit', rail_payout_id: rail[0]!.id });
  });
});

describe('earnings and statement', () => {
  it('shows balances, the month statement with fee and refund, and a formula-safe CSV', async () => {
    const p = await newProvider(t.app, { clinics: 1 });
    const a = await paidBooking(t.app, p, { amountMinor: 6000, patientName: '=HYPERLINK("x")' });
    const b = await paidBooking(t.app, p, { amountMinor: 4000, patientName: 'Bea' });
    await refundDecided(t.app, b.booking.id);
    const data = await earnings(p);
    expect(data).toMatchObject({ currency: 'GBP', pending: '57.00', available: '0.00', paid_out_this_month: '0.00', schedule: 'weekly' });
    expect(data.totals).toEqual({ gross: '100.00', fee: '3.00', refund: '40.00', net: '57.00' });
    expect(data.entries.map((e) => [e.booking_id, e.patient_first_name, e.gross, e.fee, e.refund, e.net])).toEqual([
      [a.booking.id, '=HYPERLINK("x")', '60.00', '3.00', '0.00', '57.00'],
      [b.booking.id, 'Bea', '40.00', '2.00', '0.00', '38.00'],
      [b.booking.id, 'Bea', '0.00', '-2.00', '40.00', '-38.00'],
    ]);
    const csv = await t.app.inject({ url: `/provider/earnings/${p.id}/csv/?providerRegion=uk`, headers: p.auth });
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.body).toContain(`"'=HYPERLINK(""x"")"`);
    expect(csv.body).toContain('"-38.00"');
    expect(csv.body.split('\r\n')).toHaveLength(5);
    // Another month is empty; bad input is a sentence.
    const empty = await earnings(p, '&month=1&year=2020');
    expect(empty.entries).toEqual([]);
    expect(empty.total_pages).toBe(1);
    const bad = await t.app.inject({ url: `/provider/earnings/${p.id}/?providerRegion=uk&month=13`, headers: p.auth });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('month: The month must be a number from 1 to 12.');
    expect((await earnings(p, '&month=&year=&page=')).entries).toHaveLength(3);
    const schedule = await t.app.inject({
      method: 'PUT',
      url: `/provider/payout-settings/${p.id}/`,
      headers: p.auth,
      payload: { providerRegion: 'uk', schedule: 'hourly' },
    });
    expect(schedule.statusCode).toBe(400);
    expect(schedule.json().message).toBe("schedule: Choose the schedule 'daily', 'weekly' or 'monthly'.");
  });
});
