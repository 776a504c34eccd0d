import { randomBytes } from 'node:crypto';
import pg from 'pg';
import type { FastifyInstance } from 'fastify';
import type { DestinationStream } from 'pino';
import { buildApp } from '../app';
import { loadConfig, type Config } from '../config';
import { openDatabase, runMigrations, type Database } from '../db/client';
import { seedDatabase, type SeedOptions } from '../db/seed/seed';
import { openTemplatedTestDatabase } from './database-template';
import type { MailTransport } from '../modules/mail/mail.types';

export interface TestApp {
  app: FastifyInstance;
  database: Database;
  config: Config;
  close(): Promise<void>;
}

export interface TestAppOptions {
  env?: Record<string, string>;
  /** Seed demo data (small by default, to keep test files fast). */
  seed?: SeedOptions | false;
  mailTransport?: MailTransport;
  /** Capture log lines (set env LOG_LEVEL too). */
  logStream?: DestinationStream;
  /** The PostgreSQL server to make this file's database on, instead of TEST_DATABASE_URL (a pooler in front of it). */
  adminUrl?: string;
}

/**
 * A fresh CareSlot on a fresh database for one test file: in-memory PGlite (a copy of the run's migrated and seeded
 * template, database-template.ts), or, when
 * TEST_DATABASE_URL points at a PostgreSQL server, a new database created for this file and dropped after.
 */
export async function createTestApp(opts: TestAppOptions = {}): Promise<TestApp> {
  const adminUrl = opts.adminUrl ?? process.env.TEST_DATABASE_URL;
  let databaseUrl: string | undefined;
  let dropDatabase: (() => Promise<void>) | undefined;
  if (adminUrl) {
    const name = `careslot_t_${randomBytes(6).toString('hex')}`;
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`create database ${name}`);
    await admin.end();
    const url = new URL(adminUrl);
    url.pathname = `/${name}`;
    databaseUrl = url.toString();
    dropDatabase = async () => {
      const c = new pg.Client({ connectionString: adminUrl });
      await c.connect();
      // pool.end() does not wait for its connections to close; forcing the drop while they still do
      // surfaces as unhandled "terminating connection" errors, so let them go first (at most 5 s).
      for (let i = 0; i < 50; i++) {
        const { rows } = await c.query('select count(*)::int as n from pg_stat_activity where datname = $1', [name]);
        if (rows[0].n === 0) break;
        await new Promise((r) => setTimeout(r, 100));
      }
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    };
  }
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    OUTBOX_WORKER: 'false',
    PAYOUT_WORKER: 'false',
    SEED: 'false',
    DATABASE_IN_MEMORY: 'true',
    JWT_SECRET: 'test-secret-test-secret-test-secret-0123',
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
    WEB_DIST: '/nonexistent',
    ...opts.env,
  });
  const seed = opts.seed === false ? false : { providersPerRegion: 28, days: 14, demoAccounts: true, ...opts.seed };
  let database: Database;
  if (config.DATABASE_URL) {
    database = await openDatabase({
      databaseUrl: config.DATABASE_URL,
      poolSize: 20,
      replicaUrls: config.DATABASE_REPLICA_URLS,
      replicaMaxLagMs: config.REPLICA_MAX_LAG_MS,
      namedStatements: config.DATABASE_PREPARED_STATEMENTS,
    });
    await runMigrations(database);
    if (seed) await seedDatabase(database.db, seed);
  } else {
    // In memory: a copy of this run's migrated (and seeded) template, made once per seed option set.
    database = await openTemplatedTestDatabase(seed);
  }
  const app = await buildApp({ config, database, mailTransport: opts.mailTransport, logStream: opts.logStream });
  await app.ready();
  return {
    app,
    database,
    config,
    async close() {
      await app.close();
      await database.close();
      await dropDatabase?.();
    },
  };
}

/** Delivers queued mail and returns the dev-mailbox messages for an address, newest first. */
export async function mailTo(app: FastifyInstance, to: string) {
  await app.outbox.drain();
  const res = await app.inject({ method: 'GET', url: `/dev/mail/messages?to=${encodeURIComponent(to)}` });
  return res.json() as { id: number; to: string; subject: string; text: string; html: string; ics: string | null; createdAt: string }[];
}
