/**
 * Iterating on search speed without reseeding every time:
 *
 *   npx tsx bench/search/perf.ts seed [postgres|pglite]   # (re)creates the bench data set (BENCH_PROVIDERS, BENCH_SLOTS):
 *                                                         #   database careslot_perf, or the PGlite directory BENCH_PGLITE_DIR
 *   npx tsx bench/search/perf.ts run [postgres|pglite]    # measures over HTTP (see below)
 *   npx tsx bench/search/perf.ts drop [postgres|pglite]   # drops it
 *
 * `run` starts the API as a child process (servers.ts: production settings, 127.0.0.1) on that data set and a bare Fastify
 * JSON route in another child, and drives both with autocannon from this process: the bare route, then test-search with
 * varied (uncached) searches and with one popular search, at each of BENCH_CONNECTIONS (default "20,100"), BENCH_DURATION s
 * each (default 10). BENCH_VARIED_ONLY=1 skips the popular rows, BENCH_NO_BARE=1 the bare route. The API runs the
 * migrations itself. BENCH_APP_ROOT=/tmp/careslot-ref measures a reference copy of the code instead (see compare.ts).
 * BENCH_API_NODE_ARGS passes Node options to the API only, e.g. "--cpu-prof --cpu-prof-dir=/tmp/prof" for a profile.
 * With PGlite the database runs inside the API process (as it does in production on PGlite).
 *
 * `npm run bench:search` remains the full, from-scratch measurement.
 */
import { rmSync } from 'node:fs';
import pg from 'pg';
import { openDatabase, runMigrations } from '../../apps/api/src/db/client';
import { DURATION, measure, printRows, variedPaths, type Row } from './common';
import { startApi, startBare, watchdog, type ServerChild } from './servers';
import { seedBench } from './seed-bench';

const PG_ADMIN = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const NAME = 'careslot_perf';
const PGLITE_DIR = process.env.BENCH_PGLITE_DIR ?? '/tmp/careslot-perf-pglite';
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

const log = (...a: unknown[]) => console.log(new Date().toISOString().slice(11, 19), ...a);
const cmd = process.argv[2];
watchdog(cmd === 'run' ? 1800 : 7200);
const engine = process.argv[3] ?? 'postgres';
if (engine !== 'postgres' && engine !== 'pglite') {
  console.error('engine: postgres or pglite');
  process.exit(2);
}
const providers = Number(process.env.BENCH_PROVIDERS ?? 100_000);
const slots = Number(process.env.BENCH_SLOTS ?? (engine === 'pglite' ? 1_000_000 : 5_000_000));

if (cmd === 'seed') {
  if (engine === 'postgres') {
    await admin(`drop database if exists ${NAME} with (force)`);
    await admin(`create database ${NAME}`);
  } else rmSync(PGLITE_DIR, { recursive: true, force: true });
  const database = await openDatabase(engine === 'postgres' ? { databaseUrl: url.toString() } : { dataDir: PGLITE_DIR });
  await runMigrations(database);
  await seedBench(database.db, providers, slots);
  await database.close();
} else if (cmd === 'drop') {
  if (engine === 'postgres') await admin(`drop database if exists ${NAME} with (force)`);
  else rmSync(PGLITE_DIR, { recursive: true, force: true });
} else if (cmd === 'run') {
  const connectionCounts = (process.env.BENCH_CONNECTIONS ?? '20,100').split(',').map(Number);
  const rows: Row[] = [];
  let server: ServerChild | undefined;
  try {
    if (!process.env.BENCH_NO_BARE) {
      server = await startBare();
      log(`bare Fastify: pid ${server.pid}`);
      await measure(server.base, 10, ['/json']);
      for (const connections of connectionCounts)
        rows.push({
          engine: '-',
          target: 'bare Fastify JSON',
          connections,
          ...(await measure(server.base, connections, ['/json'], server.pid)),
        });
      await server.stop();
    }
    server = await startApi(engine === 'postgres' ? { databaseUrl: url.toString() } : { dataDir: PGLITE_DIR });
    log(`API on ${engine}: pid ${server.pid}`);
    const uncached = variedPaths();
    // Warm the JIT, the prepared statements and the buffer cache with the tail of the list (the rows start at its head, so
    // nothing they ask is in the 5-second memo).
    await measure(server.base, 10, uncached.slice(-2000));
    for (const connections of connectionCounts) {
      log(`${engine}: ${connections} connections`);
      rows.push({
        engine,
        target: 'test-search (varied)',
        connections,
        ...(await measure(server.base, connections, uncached, server.pid)),
      });
      if (!process.env.BENCH_VARIED_ONLY)
        rows.push({
          engine,
          target: 'test-search (one popular)',
          connections,
          ...(await measure(server.base, connections, [uncached[0]!], server.pid)),
        });
    }
    await server.stop();
  } finally {
    await server?.stop();
  }
  console.log(`${DURATION} s per row`);
  printRows(rows);
} else {
  console.error('usage: perf.ts seed|run|drop [postgres|pglite]');
  process.exit(2);
}
process.exit(0);
