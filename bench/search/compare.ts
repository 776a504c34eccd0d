/**
 * Byte-for-byte check of search answers against a reference copy of the code (e.g. the previous commit):
 *
 *   rm -rf /tmp/careslot-ref && mkdir -p /tmp/careslot-ref && git archive HEAD apps/api packages | tar -x -C /tmp/careslot-ref \
 *     && ln -s "$PWD/node_modules" /tmp/careslot-ref/node_modules && ln -s "$PWD/apps/api/node_modules" /tmp/careslot-ref/apps/api/node_modules
 *   npx tsx bench/search/compare.ts pglite     # demo seed (several hospitals per provider) + held/booked/expired bookings
 *   npx tsx bench/search/compare.ts pg         # the careslot_perf database of perf.ts (100k providers, 5M slots)
 *
 * Both apps answer the same requests on the same database at the same moment; every status and body must match.
 * COMPARE_REF (default /tmp/careslot-ref), COMPARE_N (distinct searches, default 3000).
 */
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../apps/api/src/app';
import { openDatabase, runMigrations, type Database } from '../../apps/api/src/db/client';
import { seedDatabase } from '../../apps/api/src/db/seed/seed';
import { variedPaths } from './common';
import { benchConfig } from './perf-config';

const REF = process.env.COMPARE_REF ?? '/tmp/careslot-ref';
const N = Number(process.env.COMPARE_N ?? 3000);
const mode = process.argv[2] ?? 'pglite';

let database: Database;
if (mode === 'pg') {
  const url = new URL(process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres');
  url.pathname = '/careslot_perf';
  database = await openDatabase({ databaseUrl: url.toString(), poolSize: 4 });
  await runMigrations(database);
} else {
  database = await openDatabase({ inMemory: true });
  await runMigrations(database);
  await seedDatabase(database.db, { providersPerRegion: 600, days: 10, demoAccounts: true });
  // Taken and no-longer-taken slots: booked, held (live), held (expired), cancelled; some withdrawn slots.
  await database.db.execute(sql`
    insert into bookings (slot_id, patient_id, provider_id, region, status, hold_expires_at, amount_minor, currency, ics_uid)
    select s.id, null, s.provider_id, s.region,
      (array['Booked', 'Held', 'Held', 'Cancelled by Patient'])[1 + (s.id % 4)],
      case when s.id % 4 = 1 then now() + interval '10 minutes' when s.id % 4 = 2 then now() - interval '1 minute' end,
      1000, 'GBP', 'cmp-' || s.id
    from (select id, provider_id, region, row_number() over (partition by provider_id order by starts_at) as k
          from availability_slots where starts_at > now()) s
    where s.k <= 3 and s.id % 3 <> 0`);
  await database.db.execute(sql`update availability_slots set status = 'withdrawn' where id % 17 = 0`);
}

const { buildApp: buildRef } = (await import(`${REF}/apps/api/src/app.ts`)) as { buildApp: typeof buildApp };
const ref = await buildRef({ config: benchConfig(), database });
const now = await buildApp({ config: benchConfig(), database });
await ref.ready();
await now.ready();

const paths = variedPaths().slice(0, N);
const extra: string[] = [];
for (const p of paths.slice(0, Math.ceil(N / 10))) {
  extra.push(p.replace('page=1', 'page=2'), p.replace('page=1', 'page=3'), p.replace('page=1', 'page=40'));
  extra.push(p.replace(/sort=[a-z_]+/, 'sort=fee_desc'), p.replace(/sort=[a-z_]+/, 'sort=availability').replace('page=1', 'page=2'));
  extra.push(p.replace('/api/test-search/', '/api/map-view/'));
}
extra.push(...paths.slice(0, 20).map((p) => p.replace(/radius=[0-9.]+/, 'radius=200')));
const all = [...paths, ...extra];

async function ask(app: FastifyInstance, url: string) {
  const res = await app.inject({ method: 'GET', url });
  return `${res.statusCode} ${res.body}`;
}

let same = 0;
let nonEmpty = 0;
const diffs: string[] = [];
for (const url of all) {
  const [a, b] = await Promise.all([ask(ref, url), ask(now, url)]);
  if (a === b) {
    same++;
    if (a.startsWith('200') && !a.includes('"total":0')) nonEmpty++;
  } else diffs.push(`${url}\n  ref: ${a.slice(0, 600)}\n  new: ${b.slice(0, 600)}`);
}
console.log(`${mode}: ${same}/${all.length} identical (${nonEmpty} with results), ${diffs.length} different`);
for (const d of diffs.slice(0, 5)) console.log(d);
await ref.close();
await now.close();
await database.close();
process.exit(diffs.length ? 1 : 0);
