/**
 * Iterating on search speed without reseeding every time (PostgreSQL only):
 *
 *   npx tsx bench/search/perf.ts seed       # (re)creates database careslot_perf with the bench data set (BENCH_PROVIDERS, BENCH_SLOTS)
 *   npx tsx bench/search/perf.ts run        # migrates it, then measures test-search varied and one popular (BENCH_CONNECTIONS, default 20)
 *   npx tsx bench/search/perf.ts drop       # drops it
 *
 * BENCH_APP_ROOT=/tmp/careslot-ref measures a reference copy of the code instead (see compare.ts); BENCH_POOL sets the pool.
 *
 * `npm run bench:search` remains the full, from-scratch measurement quoted in docs/search.md.
 */
import pg from 'pg';
import { buildApp as buildCurrentApp } from '../../apps/api/src/app';
import { openDatabase, runMigrations } from '../../apps/api/src/db/client';
import { benchConfig } from './perf-config';
import { DURATION, measure, printRows, variedPaths, type Row } from './common';
import { seedBench } from './seed-bench';

const PG_ADMIN = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const NAME = 'careslot_perf';
const url = new URL(PG_ADMIN);
url.pathname = `/${NAME}`;

async function admin(sqlText: string) {
  const c = new pg.Client({ connectionString: PG_ADMIN });
  await c.connect();
  try {
    await c.query(sqlText);
  } finally {
    await c.end();
  }
}

const cmd = process.argv[2];
if (cmd === 'seed') {
  await admin(`drop database if exists ${NAME} with (force)`);
  await admin(`create database ${NAME}`);
  const database = await openDatabase({ databaseUrl: url.toString() });
  await runMigrations(database);
  await seedBench(database.db, Number(process.env.BENCH_PROVIDERS ?? 100_000), Number(process.env.BENCH_SLOTS ?? 5_000_000));
  await database.close();
} else if (cmd === 'drop') {
  await admin(`drop database if exists ${NAME} with (force)`);
} else if (cmd === 'run') {
  const connections = Number(process.env.BENCH_CONNECTIONS ?? 20);
  const database = await openDatabase({ databaseUrl: url.toString(), poolSize: Number(process.env.BENCH_POOL ?? 20) });
  await runMigrations(database);
  // BENCH_APP_ROOT: measure another copy of the code (e.g. the previous commit, see compare.ts) on the same database.
  const buildApp = process.env.BENCH_APP_ROOT
    ? ((await import(`${process.env.BENCH_APP_ROOT}/apps/api/src/app.ts`)) as { buildApp: typeof buildCurrentApp }).buildApp
    : buildCurrentApp;
  const app = await buildApp({ config: benchConfig(), database });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const base = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;
  const uncached = variedPaths();
  await measure(base, 10, uncached.slice(0, 50)).catch(() => undefined);
  const rows: Row[] = [];
  rows.push({ engine: 'postgres', target: 'test-search (varied)', connections, ...(await measure(base, connections, uncached)) });
  if (!process.env.BENCH_VARIED_ONLY)
    rows.push({
      engine: 'postgres',
      target: 'test-search (one popular)',
      connections,
      ...(await measure(base, connections, [uncached[0]!])),
    });
  console.log(`${DURATION} s per row`);
  printRows(rows);
  await app.close();
  await database.close();
} else {
  console.error('usage: perf.ts seed|run|drop');
  process.exit(2);
}
process.exit(0);
