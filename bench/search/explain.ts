/**
 * npx tsx bench/search/explain.ts — prints EXPLAIN (ANALYZE, BUFFERS) of the search queries on PostgreSQL with the
 * bench data set (BENCH_PROVIDERS, BENCH_SLOTS as in run.ts), for docs/search.md. BENCH_EXPLAIN_DB=careslot_perf reuses
 * the database of perf.ts instead of seeding a new one. Each plan is run three times; the last (warm) one is printed.
 */
import pg from 'pg';
import { sql } from 'drizzle-orm';
import { openDatabase, runMigrations } from '../../apps/api/src/db/client';
import { buildSearchSql } from '../../apps/api/src/modules/search/search.repository';
import { seedBench } from './seed-bench';

const PG_ADMIN = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const reuse = process.env.BENCH_EXPLAIN_DB;
const name = reuse ?? 'careslot_explain';
const admin = new pg.Client({ connectionString: PG_ADMIN });
await admin.connect();
if (!reuse) {
  await admin.query('drop database if exists careslot_explain with (force)');
  await admin.query('create database careslot_explain');
}
const url = new URL(PG_ADMIN);
url.pathname = `/${name}`;
const database = await openDatabase({ databaseUrl: url.toString() });
try {
  await runMigrations(database);
  if (!reuse) await seedBench(database.db, Number(process.env.BENCH_PROVIDERS ?? 100_000), Number(process.env.BENCH_SLOTS ?? 5_000_000));
  const [spec] = (await database.db.execute(sql`select id from specialities where region = 'uk' and slug = 'gp'`)).rows as { id: number }[];
  const origin = { latitude: 53.4592, longitude: -2.2162 };
  const radius = Number(process.env.BENCH_EXPLAIN_RADIUS ?? 25);
  for (const sort of ['distance', 'availability'] as const) {
    const q = { region: 'uk', specialityId: spec!.id, origin, radius, sort, limit: 5, offset: 0 };
    let rows: Record<string, string>[] = [];
    for (let i = 0; i < 3; i++)
      rows = (await database.db.execute(sql`explain (analyze, buffers, costs off) ${buildSearchSql(q)}`)).rows as Record<string, string>[];
    console.log(`\n--- sort=${sort}, radius ${radius} miles around M13 ---`);
    for (const r of rows) console.log(Object.values(r)[0]);
  }
} finally {
  await database.close();
  if (!reuse) await admin.query('drop database if exists careslot_explain with (force)');
  await admin.end();
}
