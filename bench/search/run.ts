/**
 * npm run bench:search
 *
 * Seeds BENCH_PROVIDERS providers (default 100,000) and BENCH_SLOTS slots (default 5,000,000; PGlite default
 * BENCH_PGLITE_SLOTS = 1,000,000, see docs/search.md) and measures GET /api/test-search/ over HTTP with autocannon at
 * 20 and 100 connections, on PGlite and on PostgreSQL (BENCH_DATABASE_URL, default postgres://postgres@127.0.0.1:5432/postgres;
 * a database careslot_bench is created and dropped), next to a bare Fastify JSON route in the same run.
 * BENCH_ENGINES=pglite,postgres selects engines; BENCH_DURATION seconds per measurement (default 10).
 */
import Fastify from 'fastify';
import pg from 'pg';
import { buildApp } from '../../apps/api/src/app';
import { openDatabase, runMigrations, type Database } from '../../apps/api/src/db/client';
import { benchConfig } from './perf-config';
import { DURATION, measure, printRows, variedPaths, type Row } from './common';
import { seedBench } from './seed-bench';

const env = process.env;
const PROVIDERS = Number(env.BENCH_PROVIDERS ?? 100_000);
const SLOTS = Number(env.BENCH_SLOTS ?? 5_000_000);
const PGLITE_SLOTS = Number(env.BENCH_PGLITE_SLOTS ?? Math.min(SLOTS, 1_000_000));
const ENGINES = (env.BENCH_ENGINES ?? 'pglite,postgres').split(',');
const PG_ADMIN = env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

const log = (...a: unknown[]) => console.log(new Date().toISOString().slice(11, 19), ...a);

async function runEngine(engine: string, rows: Row[]) {
  let database: Database;
  let drop: (() => Promise<void>) | undefined;
  if (engine === 'postgres') {
    const admin = new pg.Client({ connectionString: PG_ADMIN });
    await admin.connect();
    await admin.query('drop database if exists careslot_bench with (force)');
    await admin.query('create database careslot_bench');
    await admin.end();
    const url = new URL(PG_ADMIN);
    url.pathname = '/careslot_bench';
    database = await openDatabase({ databaseUrl: url.toString(), poolSize: 20 });
    drop = async () => {
      const c = new pg.Client({ connectionString: PG_ADMIN });
      await c.connect();
      await c.query('drop database if exists careslot_bench with (force)');
      await c.end();
    };
  } else {
    database = await openDatabase({ inMemory: true });
  }
  try {
    await runMigrations(database);
    log(`${engine}: seeding`);
    await seedBench(database.db, PROVIDERS, engine === 'pglite' ? PGLITE_SLOTS : SLOTS);
    const config = benchConfig();
    const app = await buildApp({ config, database });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const address = app.server.address() as { port: number };
    const base = `http://127.0.0.1:${address.port}`;
    // Every path is distinct (radius decimals vary), so none is answered from the 5-second memo.
    const uncached = variedPaths();
    const popular = [uncached[0]!];
    // Warm the JIT and the buffer cache once.
    await measure(base, 10, uncached.slice(0, 50)).catch(() => undefined);
    for (const connections of [20, 100]) {
      log(`${engine}: ${connections} connections`);
      rows.push({ engine, target: 'test-search (varied)', connections, ...(await measure(base, connections, uncached)) });
      rows.push({ engine, target: 'test-search (one popular)', connections, ...(await measure(base, connections, popular)) });
    }
    await app.close();
  } finally {
    await database.close();
    await drop?.();
  }
}

async function bare(rows: Row[]) {
  const app = Fastify();
  app.get('/json', async () => ({ hello: 'world' }));
  await app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.server.address() as { port: number };
  for (const connections of [20, 100])
    rows.push({
      engine: '-',
      target: 'bare Fastify JSON',
      connections,
      ...(await measure(`http://127.0.0.1:${port}`, connections, ['/json'])),
    });
  await app.close();
}

const rows: Row[] = [];
log(`providers ${PROVIDERS}, slots ${SLOTS} (PGlite ${PGLITE_SLOTS}), ${DURATION} s per measurement, engines ${ENGINES.join(', ')}`);
await bare(rows);
for (const engine of ENGINES) await runEngine(engine, rows);
printRows(rows);
process.exit(0);
