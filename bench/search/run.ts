/**
 * npm run bench:search
 *
 * Seeds BENCH_PROVIDERS providers (default 100,000) and BENCH_SLOTS slots (default 5,000,000; PGlite default
 * BENCH_PGLITE_SLOTS = 1,000,000, see docs/search.md) and measures GET /api/test-search/ over HTTP with autocannon at
 * 20 and 100 connections, on PGlite and on PostgreSQL (BENCH_DATABASE_URL, default postgres://postgres@127.0.0.1:5432/postgres;
 * a database careslot_bench is created and dropped), next to a bare Fastify JSON route in the same run.
 * The servers run as child processes (servers.ts: the API with production settings on 127.0.0.1, the bare route in its own
 * process); autocannon runs in this process. The PGlite data set is seeded into a temporary directory that the API then
 * opens (the database runs inside the API process, as in production on PGlite) and is removed afterwards.
 * BENCH_ENGINES=pglite,postgres selects engines; BENCH_DURATION seconds per measurement (default 10); BENCH_TIMEOUT
 * seconds for the whole run (default 3 hours).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { openDatabase, runMigrations, type Database } from '../../apps/api/src/db/client';
import { DURATION, measure, printRows, variedPaths, type Row } from './common';
import { startApi, startBare, watchdog } from './servers';
import { seedBench } from './seed-bench';

const env = process.env;
const PROVIDERS = Number(env.BENCH_PROVIDERS ?? 100_000);
const SLOTS = Number(env.BENCH_SLOTS ?? 5_000_000);
const PGLITE_SLOTS = Number(env.BENCH_PGLITE_SLOTS ?? Math.min(SLOTS, 1_000_000));
const ENGINES = (env.BENCH_ENGINES ?? 'pglite,postgres').split(',');
const PG_ADMIN = env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

const log = (...a: unknown[]) => console.log(new Date().toISOString().slice(11, 19), ...a);

async function adminQuery(text: string) {
  const c = new pg.Client({ connectionString: PG_ADMIN });
  await c.connect();
  try {
    await c.query(text);
  } finally {
    await c.end();
  }
}

async function runEngine(engine: string, rows: Row[]) {
  const url = new URL(PG_ADMIN);
  url.pathname = '/careslot_bench';
  const dataDir = engine === 'postgres' ? undefined : mkdtempSync(path.join(tmpdir(), 'careslot-bench-'));
  if (engine === 'postgres') {
    await adminQuery('drop database if exists careslot_bench with (force)');
    await adminQuery('create database careslot_bench');
  }
  try {
    const database: Database = await openDatabase(dataDir ? { dataDir } : { databaseUrl: url.toString(), poolSize: 20 });
    try {
      await runMigrations(database);
      log(`${engine}: seeding`);
      await seedBench(database.db, PROVIDERS, engine === 'pglite' ? PGLITE_SLOTS : SLOTS);
    } finally {
      await database.close();
    }
    const server = await startApi(dataDir ? { dataDir } : { databaseUrl: url.toString() });
    try {
      log(`${engine}: API pid ${server.pid}`);
      // Every path is distinct (radius decimals vary), so none is answered from the 5-second memo.
      const uncached = variedPaths();
      const popular = [uncached[0]!];
      // Warm the JIT and the buffer cache once, with the tail of the list (the rows start at its head).
      await measure(server.base, 10, uncached.slice(-2000));
      for (const connections of [20, 100]) {
        log(`${engine}: ${connections} connections`);
        rows.push({
          engine,
          target: 'test-search (varied)',
          connections,
          ...(await measure(server.base, connections, uncached, server.pid)),
        });
        rows.push({
          engine,
          target: 'test-search (one popular)',
          connections,
          ...(await measure(server.base, connections, popular, server.pid)),
        });
      }
    } finally {
      await server.stop();
    }
  } finally {
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
    else await adminQuery('drop database if exists careslot_bench with (force)');
  }
}

async function bare(rows: Row[]) {
  const server = await startBare();
  try {
    await measure(server.base, 10, ['/json']);
    for (const connections of [20, 100])
      rows.push({
        engine: '-',
        target: 'bare Fastify JSON',
        connections,
        ...(await measure(server.base, connections, ['/json'], server.pid)),
      });
  } finally {
    await server.stop();
  }
}

watchdog(3 * 3600);
const rows: Row[] = [];
log(`providers ${PROVIDERS}, slots ${SLOTS} (PGlite ${PGLITE_SLOTS}), ${DURATION} s per measurement, engines ${ENGINES.join(', ')}`);
await bare(rows);
for (const engine of ENGINES) await runEngine(engine, rows);
printRows(rows);
process.exit(0);
