/**
 * Public reads on a real streaming replica (decision 115). The test makes its own primary (initdb) and a replica of it
 * (pg_basebackup -R) on free ports, and stops them at the end; without PostgreSQL's server binaries it is skipped with
 * the reason printed. Cases: anonymous reads land on the replica; a provider who writes reads their write at once
 * while the replica has not replayed it; the replica stopped, reads fall back to the primary and every answer is still
 * 200, with one warning; the replica back, it is used again; a replica lagging beyond the limit is skipped.
 */
import { Writable } from 'node:stream';
import { DateTime } from 'luxon';
import pg from 'pg';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { loadConfig } from '../config';
import { newProvider, type TestProvider } from '../modules/availability/availability.test-helpers';
import { FRESH_WRITE_COOKIE } from '../plugins/read-routing';
import { clusterUnavailable, createReplicatedDatabase, startCluster, type TestCluster } from '../test/pg-cluster';
import { openDatabase, runMigrations, type Database } from './client';
import { ReadRouter, isReplicaFailure, parseLsn, replicaName } from './replicas';
import { seedDatabase } from './seed/seed';

const unavailable = clusterUnavailable();
if (unavailable) console.warn(`read replica tests skipped: ${unavailable}`);

const DB = 'careslot_replica_test';
let cluster: TestCluster;
let database: Database;
let app: FastifyInstance;
let replica: string;
const logLines: string[] = [];

async function until(condition: () => boolean | Promise<boolean>, what: string, ms = 30_000) {
  const end = Date.now() + ms;
  while (!(await condition())) {
    if (Date.now() > end) throw new Error(`timed out waiting until ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

const reads = () => database.reads!.stats().reads;
const replicaState = () => database.reads!.stats().replicas[0]!;
/** Waits until the replica is in use and has replayed everything the primary has written. */
const caughtUp = () =>
  until(async () => {
    await database.reads!.check();
    return replicaState().inUse && replicaState().lagMs === 0;
  }, 'the replica has caught up');

async function onReplica<T>(query: string): Promise<T> {
  const c = new pg.Client({ connectionString: cluster.replicas[0]!.url(DB) });
  await c.connect();
  try {
    return (await c.query(query)).rows[0] as T;
  } finally {
    await c.end();
  }
}

describe.skipIf(unavailable)('reads on a streaming replica', () => {
  beforeAll(async () => {
    cluster = await startCluster(1);
    await createReplicatedDatabase(cluster, DB);
    replica = replicaName(cluster.replicas[0]!.url(DB));
    const env = {
      NODE_ENV: 'test',
      LOG_LEVEL: 'info',
      OUTBOX_WORKER: 'false',
      SEED: 'false',
      JWT_SECRET: 'test-secret-test-secret-test-secret-0123',
      WEB_DIST: '/nonexistent',
      DATABASE_URL: cluster.primary.url(DB),
      DATABASE_REPLICA_URLS: cluster.replicas[0]!.url(DB),
      // Generous, so that pausing replay below leaves the replica in use (the stale read it then gives is the proof).
      REPLICA_MAX_LAG_MS: '120000',
      READ_YOUR_WRITES_MS: '121000',
    };
    const config = loadConfig(env);
    database = await openDatabase({
      databaseUrl: config.DATABASE_URL,
      replicaUrls: config.DATABASE_REPLICA_URLS,
      replicaMaxLagMs: config.REPLICA_MAX_LAG_MS,
      replicaCheckMs: 200,
    });
    await runMigrations(database);
    await seedDatabase(database.db, { providersPerRegion: 3, days: 3, demoAccounts: false });
    const logStream = new Writable({
      write(chunk, _enc, done) {
        logLines.push(String(chunk));
        done();
      },
    });
    app = await buildApp({ config, database, logStream });
    await app.ready();
    await caughtUp();
  }, 120_000);

  afterAll(async () => {
    await app?.close();
    await database?.close();
    await cluster?.close();
  }, 60_000);

  let p: TestProvider;

  it('answers public reads from the replica, and nothing from the primary', async () => {
    p = await newProvider(app);
    await caughtUp();
    const before = reads();
    const profile = await app.inject({ url: `/api/provider-details/${p.id}/?selectedRegion=uk` });
    expect(profile.statusCode, profile.body).toBe(200);
    const slots = await app.inject({ url: `/api/provider-slots/${p.id}/?selectedRegion=uk` });
    expect(slots.statusCode, slots.body).toBe(200);
    expect(reads()[replica]).toBeGreaterThan(before[replica]!);
    expect(reads().primary).toBe(before.primary);
    const metrics = (await app.inject({ url: '/metrics' })).body;
    expect(metrics).toContain(`careslot_db_reads_total{target="${replica}"} ${reads()[replica]}`);
    expect(metrics).toMatch(new RegExp(`careslot_db_replica_lag_ms\\{replica="${replica}"\\} \\d+\\n`));
    expect(metrics).toContain(`careslot_db_replica_in_use{replica="${replica}"} 1`);
  });

  it('answers the FHIR door’s public reads and its bulk files from the replica too', async () => {
    await caughtUp();
    const before = reads();
    for (const url of [
      `/fhir/R4/Practitioner/${p.id}`,
      `/fhir/R4/Slot?status=free&_count=5`,
      `/fhir/R4/Location?address-postalcode=W1G%207JQ`,
      `/fhir/R4/$bulk-publish`,
      `/fhir/R4/$bulk-publish/Slot.ndjson`,
    ]) {
      const res = await app.inject({ url });
      expect([200, 404], `${url}: ${res.body}`).toContain(res.statusCode);
    }
    expect(reads()[replica]! - before[replica]!).toBeGreaterThanOrEqual(5);
    expect(reads().primary).toBe(before.primary);
  });

  it('sends the reads of someone who just wrote to the primary, while the replica has not replayed the write', async () => {
    await onReplica('select pg_wal_replay_pause()');
    try {
      const date = DateTime.now().setZone(p.clinics[0]!.time_zone).plus({ days: 2 }).toISODate()!;
      const added = await app.inject({
        method: 'POST',
        url: `/provider/availability/${p.id}/`,
        headers: p.auth,
        payload: { providerRegion: 'uk', hospital_id: p.clinics[0]!.id, date, start_time: '09:00', end_time: '10:00' },
      });
      expect(added.statusCode, added.body).toBe(201);
      const marker = added.cookies.find((c) => c.name === FRESH_WRITE_COOKIE);
      expect(marker?.httpOnly).toBe(true);
      const url = `/api/provider-slots/${p.id}/?selectedRegion=uk&from=${date}&to=${date}`;
      // Without the marker: the replica, which has not replayed the new hours yet.
      const stale = await app.inject({ url });
      expect(stale.json().data.slots).toEqual([]);
      // With it: the primary, which has them.
      const before = reads().primary!;
      const fresh = await app.inject({ url, cookies: { [FRESH_WRITE_COOKIE]: marker!.value } });
      expect(fresh.json().data.slots.map((s: { time: string }) => s.time)).toEqual(['9:00 AM', '9:30 AM']);
      expect(reads().primary).toBeGreaterThan(before);
      // A marker whose signature was altered is ignored (the replica answers again).
      const forged = await app.inject({ url, cookies: { [FRESH_WRITE_COOKIE]: marker!.value.slice(0, -2) + 'xx' } });
      expect(forged.json().data.slots).toEqual([]);
    } finally {
      await onReplica('select pg_wal_replay_resume()');
    }
    await caughtUp();
  });

  it('keeps answering from the primary when the replica stops, with one warning', async () => {
    const logged = logLines.length;
    await cluster.replicas[0]!.stop('fast');
    const before = reads().primary!;
    for (let i = 0; i < 5; i++) {
      const res = await app.inject({ url: `/api/provider-details/${p.id}/?selectedRegion=uk` });
      expect(res.statusCode, res.body).toBe(200);
      const search = await app.inject({ url: `/api/map-view/?postcode=W1G%207JQ&specialty=gp&radius=25` });
      expect(search.statusCode, search.body).toBe(200);
    }
    expect(reads().primary).toBeGreaterThan(before);
    await until(() => !replicaState().inUse, 'the replica is out of use');
    await database.reads!.check();
    await database.reads!.check();
    const warnings = logLines.slice(logged).filter((l) => l.includes('database replica skipped for reads'));
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toContain(replica);
    expect((await app.inject({ url: '/metrics' })).body).toContain(`careslot_db_replica_in_use{replica="${replica}"} 0`);
  });

  it('uses the replica again once it is back', async () => {
    await cluster.replicas[0]!.start();
    await caughtUp();
    expect(logLines.some((l) => l.includes('database replica is in use again for reads'))).toBe(true);
    const before = reads();
    const res = await app.inject({ url: `/api/provider-details/${p.id}/?selectedRegion=uk` });
    expect(res.statusCode).toBe(200);
    expect(reads()[replica]).toBeGreaterThan(before[replica]!);
    expect(reads().primary).toBe(before.primary);
  });

  it('skips a replica that lags beyond the limit, and takes it back when it catches up', async () => {
    const primary = new pg.Pool({ connectionString: cluster.primary.url(DB), max: 2 });
    const router = new ReadRouter(primary, [cluster.replicas[0]!.url(DB)], { maxLagMs: 300, checkMs: 100 });
    try {
      await router.start();
      await until(async () => (await router.check(), router.stats().replicas[0]!.inUse), 'the replica is in use');
      await onReplica('select pg_wal_replay_pause()');
      try {
        // Writes the replica does not replay: its lag grows past 300 ms.
        const end = Date.now() + 1500;
        while (Date.now() < end) {
          await primary.query('update homepage_settings set updated_at = now()');
          await new Promise((r) => setTimeout(r, 100));
        }
        await until(async () => (await router.check(), !router.stats().replicas[0]!.inUse), 'the lagging replica is skipped');
        expect(router.stats().replicas[0]!.reason).toMatch(/lags \d+ ms behind the primary \(the limit is 300 ms\)/);
        await router.run({ text: 'select 1' }, undefined, true);
        expect(router.stats().reads.primary).toBe(1);
      } finally {
        await onReplica('select pg_wal_replay_resume()');
      }
      await until(async () => (await router.check(), router.stats().replicas[0]!.inUse), 'the replica is back in use');
      await router.run({ text: 'select 1' }, undefined, true);
      expect(router.stats().reads[replica]).toBe(1);
      // A transaction is never spread over replicas: the routed handle refuses one.
      await expect(router.replicaDb.transaction(async () => undefined)).rejects.toThrow(/take no transactions/);
    } finally {
      await router.close();
      await primary.end();
    }
  });
});

describe('replica helpers', () => {
  it('retries on the primary only what a replica alone would fail', () => {
    for (const code of ['ECONNREFUSED', '57P01', '08006', '40001', '42P01', '42703']) expect(isReplicaFailure({ code }), code).toBe(true);
    expect(isReplicaFailure(new Error('Connection terminated unexpectedly'))).toBe(true);
    expect(isReplicaFailure(new Error('Query read timeout'))).toBe(true);
    for (const code of ['42601', '22P02', '23505']) expect(isReplicaFailure({ code, message: 'bad' }), code).toBe(false);
    expect(isReplicaFailure(undefined)).toBe(false);
  });

  it('names a replica by host and port only, and reads WAL positions', () => {
    expect(replicaName('postgres://careslot:s3cret@db-r1.internal:6432/careslot')).toBe('db-r1.internal:6432');
    expect(replicaName('postgres://careslot@db-r2/careslot')).toBe('db-r2:5432');
    expect(parseLsn('0/16B3748')).toBe(0x16b3748n);
    expect(parseLsn('1/0')).toBe(2n ** 32n);
    expect(parseLsn('16/B374D848') > parseLsn('16/B374D847')).toBe(true);
  });
});
