/**
 * npm run bench:search
 *
 * Seeds BENCH_PROVIDERS providers (default 100,000) and BENCH_SLOTS slots (default 5,000,000; PGlite default
 * BENCH_PGLITE_SLOTS = 1,000,000, see docs/search.md) and measures GET /api/test-search/ over HTTP with autocannon at
 * 20 and 100 connections, on PGlite and on PostgreSQL (BENCH_DATABASE_URL, default postgres://postgres@127.0.0.1:5432/postgres;
 * a database careslot_bench is created and dropped), next to a bare Fastify JSON route in the same run.
 * BENCH_ENGINES=pglite,postgres selects engines; BENCH_DURATION seconds per measurement (default 10).
 */
import autocannon from 'autocannon';
import Fastify from 'fastify';
import pg from 'pg';
import { buildApp } from '../../apps/api/src/app';
import { loadConfig } from '../../apps/api/src/config';
import { openDatabase, runMigrations, type Database } from '../../apps/api/src/db/client';
import { bundledCentroids } from '../../apps/api/src/modules/geo/geo.repository';
import { seedBench } from './seed-bench';

const env = process.env;
const PROVIDERS = Number(env.BENCH_PROVIDERS ?? 100_000);
const SLOTS = Number(env.BENCH_SLOTS ?? 5_000_000);
const PGLITE_SLOTS = Number(env.BENCH_PGLITE_SLOTS ?? Math.min(SLOTS, 1_000_000));
const DURATION = Number(env.BENCH_DURATION ?? 10);
const ENGINES = (env.BENCH_ENGINES ?? 'pglite,postgres').split(',');
const PG_ADMIN = env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

const log = (...a: unknown[]) => console.log(new Date().toISOString().slice(11, 19), ...a);

interface Row {
  engine: string;
  target: string;
  connections: number;
  rps: number;
  p50: number;
  p95: number;
  p99: number;
  errors: number;
}

async function measure(url: string, connections: number, paths: string[]): Promise<Omit<Row, 'engine' | 'target' | 'connections'>> {
  let i = 0;
  const times: number[] = [];
  const instance = autocannon({
    url,
    connections,
    duration: DURATION,
    requests: [{ setupRequest: (req: { path: string }) => ({ ...req, path: paths[i++ % paths.length]! }) }],
  });
  instance.on('response', (_client: unknown, _status: number, _bytes: number, responseTime: number) => times.push(responseTime));
  const result = await instance;
  times.sort((a, b) => a - b);
  const pct = (p: number) =>
    times.length ? Math.round(times[Math.min(times.length - 1, Math.floor((p / 100) * times.length))]! * 10) / 10 : NaN;
  return { rps: result.requests.average, p50: pct(50), p95: pct(95), p99: pct(99), errors: result.non2xx + result.errors };
}

function searchPaths(region: 'uk' | 'usa', n: number): string[] {
  const uk = bundledCentroids()
    .filter((c) => c.kind === 'district')
    .map((c) => c.postcode);
  const zips = [
    '10017',
    '02116',
    '60611',
    '77030',
    '90048',
    '94115',
    '98101',
    '33131',
    '80209',
    '85016',
    '30303',
    '19103',
    '20001',
    '48226',
    '55401',
  ];
  const specs = [
    'gp',
    'dentist',
    'orthodontics',
    'dermatology',
    'cardiology',
    'paediatrics',
    'orthopaedics',
    'gynaecology',
    'ophthalmology',
    'ent',
    'psychiatry',
    'neurology',
    'endocrinology',
    'physiotherapy',
  ];
  const radii = [5, 10, 25, 50];
  const sorts = ['distance', 'distance', 'availability', 'fee_asc'];
  const out: string[] = [];
  for (let k = 0; k < n; k++) {
    const place = region === 'uk' ? uk[(k * 7) % uk.length]! : zips[k % zips.length]!;
    out.push(
      `/api/test-search/?postcode=${encodeURIComponent(place)}&specialty=${specs[(k * 5) % specs.length]}&radius=${(radii[k % radii.length]! + (k % 997) / 1000).toFixed(3)}&sort=${sorts[(k * 3) % sorts.length]}&selectedRegion=${region}&page=1`,
    );
  }
  return out;
}

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
    const config = loadConfig({
      NODE_ENV: 'production',
      JWT_SECRET: 'bench-secret-bench-secret-bench-secret-00',
      LOG_LEVEL: 'silent',
      OUTBOX_WORKER: 'false',
      RATE_LIMIT_SCALE: '1000000',
      WEB_DIST: '/nonexistent',
    });
    const app = await buildApp({ config, database });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const address = app.server.address() as { port: number };
    const base = `http://127.0.0.1:${address.port}`;
    // Every path is distinct (radius decimals vary), so none is answered from the 5-second memo.
    const uncached = [...searchPaths('uk', 45_000), ...searchPaths('usa', 15_000)].sort(
      (a, b) => ((a.length * 31 + a.charCodeAt(40)) % 7) - ((b.length * 31 + b.charCodeAt(40)) % 7),
    );
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
console.log('\n| engine | target | connections | req/s | p50 ms | p95 ms | p99 ms | non-2xx/errors |\n|---|---|---|---|---|---|---|---|');
for (const r of rows)
  console.log(`| ${r.engine} | ${r.target} | ${r.connections} | ${Math.round(r.rps)} | ${r.p50} | ${r.p95} | ${r.p99} | ${r.errors} |`);
process.exit(0);
