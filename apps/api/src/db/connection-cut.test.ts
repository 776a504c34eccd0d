/**
 * A pooled PostgreSQL connection that the server cuts while it is lent out comes back to the pool, so the pool keeps
 * its size and closing it does not wait forever (decision 069). The cut is the server's own: pg_terminate_backend of
 * that connection's backend, as a restart does to every connection. Runs on PostgreSQL only (TEST_DATABASE_URL).
 */
import { spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from './client';
import { rowsOf } from './rows';

// eslint-disable-next-line no-restricted-properties
const url = process.env.TEST_DATABASE_URL;
if (!url) console.warn('TEST_DATABASE_URL is not set: the connection-cut test is skipped (it needs a PostgreSQL server)');

let database: Database;
let admin: pg.Client;

const pidOf = async (q: { query(text: string): Promise<pg.QueryResult> }) =>
  Number((await q.query('select pg_backend_pid() as pid')).rows[0].pid);
const connections = () => database.connections!();

/** Waits (a few seconds at most) until the pool has nothing lent out, and says what it has. */
async function settled() {
  for (let i = 0; i < 100 && connections().busy > 0; i++) await new Promise((r) => setTimeout(r, 20));
  return connections();
}

/**
 * Cuts one backend and returns once it has exited, without letting this process run in the meantime: the server's
 * goodbye then waits, unread, on that connection's socket, exactly as when a restart lands between the pool lending
 * a connection out and BEGIN being answered.
 */
function cutWhileUnnoticed(pid: number): void {
  const script = `
    const pg = require(${JSON.stringify(createRequire(import.meta.url).resolve('pg'))});
    const c = new pg.Client({ connectionString: process.env.CUT_URL });
    (async () => {
      await c.connect();
      await c.query('select pg_terminate_backend($1)', [${pid}]);
      for (let i = 0; i < 250; i++) {
        if ((await c.query('select 1 from pg_stat_activity where pid = $1', [${pid}])).rows.length === 0) return c.end();
        await new Promise((r) => setTimeout(r, 20));
      }
      throw new Error('backend ${pid} did not exit');
    })().catch((err) => { console.error(err); process.exit(1); });`;
  // eslint-disable-next-line no-restricted-properties
  const run = spawnSync(process.execPath, ['-e', script], { env: { ...process.env, CUT_URL: url }, encoding: 'utf8', timeout: 30_000 });
  if (run.status !== 0) throw new Error(`could not cut backend ${pid}: ${run.stderr}`);
}

describe.skipIf(!url)('a PostgreSQL connection cut while lent out', () => {
  beforeAll(async () => {
    admin = new pg.Client({ connectionString: url });
    await admin.connect();
  });
  afterAll(async () => {
    await admin?.end();
  });
  // Each test has its own pool; it ends with that pool's close, which waits for every lent-out connection.
  beforeEach(async () => {
    database = await openDatabase({ databaseUrl: url, poolSize: 4 });
  });

  it('comes back to the pool when BEGIN of a transaction is what meets the cut', async () => {
    // The pool lends out the connection given back last: the one that answered this.
    const pid = Number(rowsOf<{ pid: number }>(await database.db.execute(sql`select pg_backend_pid() as pid`))[0]!.pid);
    cutWhileUnnoticed(pid);
    const ran: number[] = [];
    const outcome = await database.db
      .transaction(async (tx) => ran.push(rowsOf(await tx.execute(sql`select 1`)).length))
      .then(
        () => 'committed',
        (err: Error & { cause?: Error }) => `${err.message} ${err.cause?.message ?? ''}`,
      );
    expect(outcome).toMatch(/begin/i);
    expect(ran).toEqual([]);
    expect(await settled()).toEqual({ open: 0, busy: 0, waiting: 0 });
    // The next transaction takes a new connection.
    expect(await database.db.transaction(async (tx) => rowsOf(await tx.execute(sql`select 1 as one`))[0])).toEqual({ one: 1 });
    await database.close();
    expect(connections()).toEqual({ open: 0, busy: 0, waiting: 0 });
  });

  it('comes back to the pool when whoever borrowed it never gives it back', async () => {
    const pool = (database.db as unknown as { $client: pg.Pool }).$client;
    const borrowed = await pool.connect();
    const pid = await pidOf(borrowed);
    expect(connections()).toEqual({ open: 1, busy: 1, waiting: 0 });
    const ended = new Promise((r) => borrowed.once('end', r));
    await admin.query('select pg_terminate_backend($1)', [pid]);
    await ended;
    expect(await settled()).toEqual({ open: 0, busy: 0, waiting: 0 });
    // Giving it back late is harmless.
    expect(() => borrowed.release()).not.toThrow();
    await database.close();
    expect(connections()).toEqual({ open: 0, busy: 0, waiting: 0 });
  });
});
