/**
 * The guard of the PostgreSQL test pass (pg-concurrency-guard.ts, decision 068) sees a query sent on a connection
 * still running another, and only that: queries one after another on a connection, and queries at once on the pool
 * (each on its own connection), are fine. Runs on PostgreSQL only (TEST_DATABASE_URL).
 */
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../db/client';
import { takeConcurrentQueries } from './pg-concurrency-guard';

const url = process.env.TEST_DATABASE_URL;
if (!url) console.warn('TEST_DATABASE_URL is not set: the pg concurrency guard test is skipped (the guard watches PostgreSQL only)');

let database: Database;
let client: pg.Client;

describe.skipIf(!url)('the guard against two queries at once on one PostgreSQL connection', () => {
  beforeAll(async () => {
    database = await openDatabase({ databaseUrl: url, poolSize: 4 });
    client = new pg.Client({ connectionString: url });
    await client.connect();
  });
  afterAll(async () => {
    await client?.end();
    await database?.close();
  });

  it('sees a second query sent while the first runs, with the place it came from', async () => {
    await Promise.all([client.query('select pg_sleep(0.05)'), client.query('select 2 as two')]);
    const found = takeConcurrentQueries();
    expect(found).toHaveLength(1);
    expect(found[0]).toContain('select 2 as two');
    expect(found[0]).toContain('pg-concurrency-guard.test.ts');
  });

  it('sees a Promise.all of statements on a transaction', async () => {
    await database.db.transaction(async (tx) => {
      await Promise.all([tx.execute(sql`select 1`), tx.execute(sql`select 2`)]);
    });
    expect(takeConcurrentQueries()).toHaveLength(1);
  });

  it('lets through statements one after another on a connection, and at once on the pool', async () => {
    await client.query('select 1');
    await client.query('select 2');
    await client.query('select 1/0').catch(() => undefined);
    await client.query('select 3');
    await database.db.transaction(async (tx) => {
      await tx.execute(sql`select 1`);
      await tx.execute(sql`select 2`);
    });
    await Promise.all([1, 2, 3, 4].map((n) => database.db.execute(sql`select ${n}::int`)));
    expect(takeConcurrentQueries()).toEqual([]);
  });
});
