/**
 * Setup file of the api tests (vitest.config.ts). On PostgreSQL (TEST_DATABASE_URL), a test fails when anything sends
 * a query on a pg client that is still busy with another: one connection runs one statement at a time, so such a
 * query only waits in pg's queue, and pg deprecates it (it is to fail in pg 9). The usual cause is a Promise.all of
 * queries on a transaction. Decision 068.
 *
 * Two watches, because pg's own notice comes once per process and only from the third query at once:
 * - every query call checks the client (pg's own fields: the active query and the queue), and keeps the statement
 *   and a stack (a drizzle query's stack ends in drizzle, as drizzle starts it from a promise job: the statement's
 *   text says where it comes from);
 * - pg's DeprecationWarning about it is kept too, in case a pg upgrade renames those fields.
 * `pg-concurrency-guard.test.ts` shows the first watch sees two queries at once on one client.
 */
import pg from 'pg';
import { afterAll, afterEach } from 'vitest';

const NOTICE = 'when the client is already executing a query';
/** State shared by every evaluation of this file in one process (pg is loaded once; the patch is applied once). */
const state = ((globalThis as Record<symbol, unknown>)[Symbol.for('careslot.pgConcurrencyGuard')] ??= {
  installed: false,
  found: [] as string[],
}) as { installed: boolean; found: string[] };

interface BusyClient {
  _activeQuery?: unknown;
  _queryQueue?: unknown[];
  pipeline?: boolean;
}

function statementOf(arg: unknown): string {
  const text = typeof arg === 'string' ? arg : ((arg as { text?: unknown } | null)?.text ?? '');
  return String(text).replace(/\s+/g, ' ').slice(0, 160);
}

function install(): void {
  if (state.installed) return;
  state.installed = true;
  const query = pg.Client.prototype.query as (...args: unknown[]) => unknown;
  pg.Client.prototype.query = function (this: BusyClient, ...args: unknown[]) {
    if (!this.pipeline && (this._activeQuery || (this._queryQueue?.length ?? 0) > 0)) {
      const stack = new Error(`a query was sent on a pg client still running another: ${statementOf(args[0])}`).stack;
      state.found.push(stack ?? 'a query was sent on a busy pg client');
    }
    return query.apply(this, args);
  } as typeof pg.Client.prototype.query;
  process.on('warning', (warning) => {
    if (warning.name === 'DeprecationWarning' && warning.message.includes(NOTICE)) state.found.push(warning.stack ?? warning.message);
  });
}

/** What was seen since the last call (and forgets it): the guard's own test reads it. */
export function takeConcurrentQueries(): string[] {
  return state.found.splice(0);
}

function check(): void {
  const found = takeConcurrentQueries();
  if (found.length === 0) return;
  throw new Error(
    `${found.length} quer${found.length === 1 ? 'y was' : 'ies were'} sent on a pg connection that was still running another ` +
      `(a Promise.all on a transaction?). Await them one after another, or run them on the pool (decision 068):\n\n${found.join('\n\n')}`,
  );
}

if (process.env.TEST_DATABASE_URL) {
  install();
  // A query at once in a beforeAll (the seed) fails the file's first test; one in an afterAll (closing), the file.
  afterEach(check);
  afterAll(check);
}
