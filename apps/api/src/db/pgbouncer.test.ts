/**
 * CareSlot through PgBouncer in transaction mode (decision 116): each transaction may run on a different server
 * connection, so nothing may lean on session state. The test starts PgBouncer on a free port, with fewer server
 * connections than the apps' pools, in front of the PostgreSQL of TEST_DATABASE_URL (or, without one, a server it makes
 * with initdb), and runs two API instances through it: migrations from several processes at once leave no lock behind,
 * searches run (named prepared statements off), and the outbox, reminder, refund and payout workers of both instances racing
 * each other still do each job once. Skipped, with the reason printed, where pgbouncer or the server binaries are
 * missing.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { and, eq, sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookingReminders, bookings } from '../db/schema/booking';
import { payouts, sandboxPayouts } from '../db/schema/ledger';
import { mailOutbox } from '../db/schema/mail';
import { auth, newPatient, paidByCard, paymentOf, useBookingApp } from '../modules/booking/booking.test-helpers';
import { newProvider } from '../modules/availability/availability.test-helpers';
import { enqueueMail } from '../modules/mail/mail.service';
import { payoutCycle, runPayoutsNow } from '../modules/payouts/payouts.service';
import { addAccount, balancesOf, paidBooking, unbalancedEntries } from '../modules/payouts/payouts.test-helpers';
import { mailTo } from '../test/test-app';
import {
  clusterUnavailable,
  pgbouncerUnavailable,
  startCluster,
  startPgBouncer,
  type TestCluster,
  type TestPgBouncer,
} from '../test/pg-cluster';
import { migrationsFolder, openDatabase, runMigrations } from './client';

const serverUrl = process.env.TEST_DATABASE_URL; // eslint-disable-line no-restricted-properties -- the test server, as test-app.ts reads it
const unavailable = pgbouncerUnavailable() ?? (serverUrl ? undefined : clusterUnavailable());
if (unavailable) console.warn(`PgBouncer tests skipped: ${unavailable}`);

describe.skipIf(unavailable)('through PgBouncer in transaction mode', () => {
  let cluster: TestCluster | undefined;
  let bouncer: TestPgBouncer;
  beforeAll(async () => {
    let port: number;
    if (serverUrl) port = Number(new URL(serverUrl).port || 5432);
    else {
      cluster = await startCluster(0);
      port = cluster.primary.port;
    }
    // Three server connections per database for pools of 20 and 5: client connections take turns on them.
    bouncer = await startPgBouncer(port, 3);
  }, 60_000);
  afterAll(async () => {
    await bouncer?.stop();
    await cluster?.close();
  });

  const t = useBookingApp({
    second: { poolSize: 5 },
    // One bank-account key for both instances, as every process of a real deployment shares it: without it each test
    // instance makes its own, and a payout claimed by the other instance could not read the destination account.
    env: () => ({ DATABASE_PREPARED_STATEMENTS: 'false', DATA_ENCRYPTION_KEY: 'ab'.repeat(32) }),
    adminUrl: () => bouncer.url('postgres'),
  });

  it('migrates from several processes at once, and no lock is left held', async () => {
    const name = `careslot_bouncer_${Date.now()}`;
    const admin = new pg.Client({ connectionString: bouncer.url('postgres') });
    await admin.connect();
    await admin.query(`create database ${name}`);
    const databases = await Promise.all([1, 2, 3, 4].map(() => openDatabase({ databaseUrl: bouncer.url(name), poolSize: 2 })));
    try {
      // Other traffic meanwhile, so that the migrating clients do not keep one server connection each.
      await Promise.all([...databases.map((d) => runMigrations(d)), ...databases.map((d) => d.db.execute(sql`select pg_sleep(0.05)`))]);
      const one = databases[0]!.db;
      const applied = (await one.execute(
        sql`select hash, count(*)::int as n from drizzle.__drizzle_migrations group by hash`,
      )) as unknown as {
        rows: { n: number }[];
      };
      const journal = JSON.parse(readFileSync(path.join(migrationsFolder(), 'meta/_journal.json'), 'utf8')) as { entries: unknown[] };
      expect(applied.rows.length).toBe(journal.entries.length);
      expect(applied.rows.every((r) => r.n === 1)).toBe(true);
      const locks = (await admin.query(`select count(*)::int as n from pg_locks where locktype = 'advisory'`)).rows[0].n;
      expect(locks, 'an advisory lock outlived the migrations').toBe(0);
    } finally {
      await Promise.all(databases.map((d) => d.close()));
      await admin.query(`drop database ${name} with (force)`);
      await admin.end();
    }
  });

  it('searches, every sort at once from both instances, again and again, with prepared statements unnamed', async () => {
    // Rounds, so each pooled connection runs each statement shape more than once: a named statement prepared on one
    // server connection and then run on another is what PgBouncer 1.18 answers with an error.
    const sorts = ['distance', 'availability', 'fee_asc', 'fee_desc'];
    for (let round = 0; round < 4; round++) {
      const answers = await Promise.all(
        Array.from({ length: 24 }, (_, i) =>
          [t.app, t.second][i % 2]!.inject({
            url: `/api/test-search/?selectedRegion=uk&postcode=W1G%207JQ&specialty=gp&radius=${20 + round}&sort=${sorts[i % 4]}&page=1`,
            remoteAddress: `10.9.${round}.${i}`,
          }),
        ),
      );
      for (const a of answers) expect(a.statusCode, a.body).toBe(200);
      expect(answers[0]!.json().data.length).toBeGreaterThan(0);
    }
  });

  it('delivers each queued e-mail once while both instances drain the outbox at once', async () => {
    const to = `bouncer-${Date.now()}@example.com`;
    for (let i = 0; i < 30; i++) await enqueueMail(t.app.db, { to, subject: `Outbox ${i}`, text: `n ${i}`, html: `<p>n ${i}</p>` });
    await Promise.all([t.app.outbox.drain(), t.second.outbox.drain(), t.app.outbox.drain(), t.second.outbox.drain()]);
    const got = await mailTo(t.app, to);
    expect(got.map((m) => m.subject).sort()).toEqual(Array.from({ length: 30 }, (_, i) => `Outbox ${i}`).sort());
    const unsent = await t.app.db
      .select()
      .from(mailOutbox)
      .where(and(eq(mailOutbox.to, to), sql`${mailOutbox.status} <> 'sent'`));
    expect(unsent).toHaveLength(0);
  });

  it('queues each due reminder once while both instances send reminders at once', async () => {
    const patient = await newPatient(t.app);
    const slot = await t.nextSlot('uk');
    await paidByCard(t.app, patient, slot);
    const [b] = await t.app.db
      .select()
      .from(bookings)
      .where(and(eq(bookings.slot_id, slot.slotId), eq(bookings.status, 'Booked')));
    await t.app.db
      .update(bookingReminders)
      .set({ due_at: sql`now() - interval '1 second'` })
      .where(eq(bookingReminders.booking_id, b!.id));
    const planned = (await t.app.db.select().from(bookingReminders).where(eq(bookingReminders.booking_id, b!.id))).length;
    expect(planned).toBeGreaterThan(0);
    await Promise.all([
      t.app.booking.sendDueReminders(),
      t.second.booking.sendDueReminders(),
      t.app.booking.sendDueReminders(),
      t.second.booking.sendDueReminders(),
    ]);
    const reminders = (await mailTo(t.app, patient.email)).filter((m) => m.subject.startsWith('Reminder'));
    expect(reminders).toHaveLength(planned);
  });

  it('asks the gateway for each refund once while both instances run their refund workers at once', async () => {
    const calls = new Map<string, number>();
    for (const app of [t.app, t.second]) {
      const gateway = app.payments.gateways.cardByName('sandbox');
      const refund = gateway.refund.bind(gateway);
      gateway.refund = async (input) => {
        calls.set(input.externalId, (calls.get(input.externalId) ?? 0) + 1);
        return refund(input);
      };
    }
    const paid: string[] = [];
    for (let i = 0; i < 4; i++) {
      const patient = await newPatient(t.app);
      const slot = await t.nextSlot('uk');
      const sessionId = await paidByCard(t.app, patient, slot);
      const cancel = await t.app.inject({
        method: 'PUT',
        url: `/user/user-or-provider-appointment-cancellation/${patient.id}/${slot.providerId}/`,
        headers: auth(patient),
        payload: { providerRegion: 'uk', date: slot.bookedDate, start_time: slot.timeSlot, cancelling_person: 'patient' },
      });
      expect(cancel.statusCode, cancel.body).toBe(200);
      paid.push(sessionId);
    }
    await Promise.all([t.app.refunds.drain(), t.second.refunds.drain(), t.app.refunds.drain(), t.second.refunds.drain()]);
    for (const id of paid) {
      expect((await paymentOf(t.app, id)).status).toBe('REFUNDED');
      expect(calls.get(id), `gateway refund calls for ${id}`).toBe(1);
    }
  });

  it('makes and sends each provider’s payout once while both instances run their payout workers at once', async () => {
    const ps = [await newProvider(t.app, { clinics: 1 }), await newProvider(t.app, { clinics: 1 })];
    let last = 0;
    for (const p of ps) {
      await addAccount(t.app, p, { sort_code: '08-99-99', account_number: '66374958' });
      const { endsAt } = await paidBooking(t.app, p, { amountMinor: 3000 });
      last = Math.max(last, endsAt.getTime());
    }
    const at = new Date(last + 86_400_000 + 1000);
    await Promise.all([
      payoutCycle(t.app.payouts.deps, at),
      payoutCycle(t.second.payouts.deps, at),
      runPayoutsNow(t.app.payouts.deps, at),
      runPayoutsNow(t.second.payouts.deps, at),
    ]);
    for (const p of ps) {
      const rows = await t.app.db.select().from(payouts).where(eq(payouts.provider_id, p.id));
      expect(rows.map((r) => [r.amount_minor, r.status, r.failure_reason])).toEqual([[2850, 'in_transit', null]]);
      const sent = await t.app.db.select().from(sandboxPayouts).where(eq(sandboxPayouts.idempotency_key, rows[0]!.idempotency_key));
      expect(sent).toHaveLength(1);
      expect(await balancesOf(t.app, p.id)).toEqual({ pending: 0, available: 0 });
    }
    expect(await unbalancedEntries(t.app)).toBe(0);
  });
});
