/**
 * npm run bench:payouts
 *
 * Figures for the ledger and payouts (docs/payouts.md) on PostgreSQL: BENCH_PAYOUT_BOOKINGS paid bookings (default
 * 100,000) over BENCH_PAYOUT_PROVIDERS providers (default 5,000), each payment completed through the ledger trigger;
 * then the statement call's latency at 20 connections (autocannon, providers chosen in turn), and the time of one payout
 * run over all of them (release, then a payout per provider to the sandbox rail). A database is created for the run
 * and dropped after. BENCH_DATABASE_URL: an administrative connection (default postgres://postgres@127.0.0.1:5432/postgres).
 * Prints figures; asserts nothing.
 */
import { randomBytes } from 'node:crypto';
import { loadavg } from 'node:os';
import autocannon from 'autocannon';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { buildApp } from '../../apps/api/src/app';
import { loadConfig } from '../../apps/api/src/config';
import { openDatabase, runMigrations } from '../../apps/api/src/db/client';
import { DataCipher } from '../../apps/api/src/lib/data-encryption';
import { runPayoutsNow } from '../../apps/api/src/modules/payouts/payouts.service';

const BOOKINGS = Number(process.env.BENCH_PAYOUT_BOOKINGS ?? 100_000);
const PROVIDERS = Number(process.env.BENCH_PAYOUT_PROVIDERS ?? 5_000);
const admin = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const secs = (t: number) => `${((performance.now() - t) / 1000).toFixed(1)} s`;

const name = `careslot_bench_payouts_${randomBytes(4).toString('hex')}`;
const client = new pg.Client({ connectionString: admin });
await client.connect();
await client.query(`create database ${name}`);
const url = new URL(admin);
url.pathname = `/${name}`;
const key = randomBytes(32).toString('hex');
const config = loadConfig({
  NODE_ENV: 'test',
  LOG_LEVEL: 'silent',
  DATABASE_URL: url.toString(),
  JWT_SECRET: randomBytes(32).toString('hex'),
  DATA_ENCRYPTION_KEY: key,
  OUTBOX_WORKER: 'false',
  PAYOUT_WORKER: 'false',
  SEED: 'false',
  WEB_DIST: '/nonexistent',
  RATE_LIMIT_SCALE: '1000',
});
const database = await openDatabase({ databaseUrl: config.DATABASE_URL, poolSize: 20 });
try {
  await runMigrations(database);
  const db = database.db;
  let t = performance.now();
  await db.execute(sql`insert into specialities (region, slug, name) values ('uk', 'bench', 'Bench')`);
  await db.execute(sql`insert into hospitals (region, name, address, city, postcode, latitude, longitude, time_zone)
    values ('uk', 'Bench Clinic', '1 Bench Street', 'London', 'EC1A 1BB', 51.52, -0.1, 'Europe/London')`);
  await db.execute(sql`insert into providers (region, first_name, last_name, email, regulator, professional_body_name, membership_number,
      verification_status, speciality_id, amount_minor, follow_amount_minor, currency)
    select 'uk', 'Bench', 'Provider ' || g, 'bench-' || g || '@example.com', 'gmc', 'General Medical Council', (7000000 + g)::text,
      'Verified', (select id from specialities limit 1), 6000, 4000, 'GBP' from generate_series(1, ${PROVIDERS}) g`);
  await db.execute(
    sql`insert into provider_hospitals (provider_id, hospital_id, position) select id, (select id from hospitals limit 1), 0 from providers`,
  );
  await db.execute(
    sql`insert into patients (email, first_name, last_name) select 'bench-patient-' || g || '@example.com', 'Pat' || g, 'Bench' from generate_series(1, 1000) g`,
  );
  // Slots in the past (each provider's own hours, never overlapping), then bookings and their pending payments.
  await db.execute(sql`create temporary table bench_plan as
    select p.id as provider_id, row_number() over (partition by p.id order by g) as n, g
    from (select id, row_number() over (order by id) as k from providers) p
    join generate_series(1, ${BOOKINGS}) g on (g - 1) % ${PROVIDERS} = p.k - 1`);
  await db.execute(sql`insert into availability_slots (provider_id, hospital_id, region, starts_at, ends_at, status)
    select provider_id, (select id from hospitals limit 1), 'uk', date_trunc('day', now()) - interval '20 days' + make_interval(hours => n::int),
      date_trunc('day', now()) - interval '20 days' + make_interval(hours => n::int, mins => 30), 'open' from bench_plan`);
  await db.execute(sql`insert into bookings (slot_id, patient_id, provider_id, region, status, amount_minor, currency, ics_uid)
    select s.id, (select id from patients order by id limit 1 offset (s.id % 1000)), s.provider_id, 'uk', 'Completed', 4000 + (s.id % 5) * 1000, 'GBP', 'bench-' || s.id
    from availability_slots s`);
  await db.execute(sql`insert into payments (booking_id, gateway, payment_method, external_id, amount_minor, currency)
    select id, 'sandbox', 'stripe', 'cs_bench_' || id, amount_minor, 'GBP' from bookings`);
  console.log(`seed: ${PROVIDERS} providers, ${BOOKINGS} bookings with pending payments: ${secs(t)}`);
  t = performance.now();
  await db.execute(sql`update payments set status = 'COMPLETED', platform_fee_minor = round(amount_minor * 0.05)`);
  console.log(`${BOOKINGS} payments completed, each booked by the ledger trigger (capture + fee): ${secs(t)}`);
  // What autovacuum does soon after a bulk load: without statistics the planner scans the ledger instead of its indexes.
  await db.execute(sql`analyze`);
  // A primary bank account each (encrypted as the app does).
  const cipher = new DataCipher(key);
  const ids = (await db.execute(sql`select id from providers order by id`)) as unknown as { rows: { id: string }[] };
  for (let i = 0; i < ids.rows.length; i += 500) {
    const chunk = ids.rows.slice(i, i + 500);
    const values = chunk.map(
      (r, j) => sql`(${r.id}, 'Bench', ${cipher.encrypt('66374958', `bank_account:${r.id}`)}, ${`fp-${i + j}`}, '089999', true)`,
    );
    await db.execute(
      sql`insert into bank_accounts (provider_id, name, account_number_encrypted, fingerprint, bank_code, is_primary) values ${sql.join(values, sql`, `)}`,
    );
  }

  const app = await buildApp({ config, database });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address() as { port: number };
  const tokens = await Promise.all(ids.rows.slice(0, 500).map((r) => app.tokens.signAccess({ id: r.id, type: 'provider' })));
  let turn = 0;
  const result = await autocannon({
    url: `http://127.0.0.1:${address.port}`,
    connections: 20,
    duration: Number(process.env.BENCH_SECONDS ?? 15),
    requests: [
      {
        setupRequest: (req) => {
          const i = turn++ % tokens.length;
          return {
            ...req,
            method: 'GET',
            path: `/provider/earnings/${ids.rows[i]!.id}/?providerRegion=uk`,
            headers: { authorization: `Bearer ${tokens[i]}` },
          };
        },
      },
    ],
  });
  // autocannon reports p90, p97.5 and p99 (no p95): the aim's p95 lies between the first two.
  const l = result.latency;
  console.log(
    `statement (GET /provider/earnings/…) at 20 connections: p50 ${l.p50} ms, p90 ${l.p90} ms, p97.5 ${l.p97_5} ms, p99 ${l.p99} ms, ` +
      `${result.requests.average.toFixed(0)} req/s, non-2xx ${result.non2xx}`,
  );
  t = performance.now();
  const run = await runPayoutsNow(app.payouts.deps, new Date());
  console.log(`one payout run over all (${run.released} bookings released, ${run.created} payouts made, ${run.sent} sent): ${secs(t)}`);
  console.log(
    `load average during the run: ${loadavg()
      .map((x) => x.toFixed(1))
      .join(' ')}`,
  );
  await app.close();
} finally {
  await database.close();
  await client.query(`drop database if exists ${name} with (force)`);
  await client.end();
}
