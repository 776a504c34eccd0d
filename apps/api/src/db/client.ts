import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { btree_gist } from '@electric-sql/pglite/contrib/btree_gist';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import * as schema from './schema';

export type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
/** The handle passed into a db.transaction callback. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
/** Anything queries can run on: the database or an open transaction. */
export type Queryable = Db | Tx;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** PostgreSQL only: migrations take a dedicated connection for their advisory lock. */
  url?: string;
  close(): Promise<void>;
  /**
   * PostgreSQL only: called when an idle pooled connection breaks (the server restarted). The pool drops that
   * connection and opens a new one on the next query; without a listener the error would end the process.
   */
  onConnectionError?(listener: (err: Error) => void): void;
}

export interface DatabaseOptions {
  databaseUrl?: string;
  dataDir?: string;
  inMemory?: boolean;
  poolSize?: number;
}

/** Folder of the committed drizzle-kit migrations, from src/ (tsx, vitest) or dist/ (built). */
export function migrationsFolder(): string {
  const here = path.dirname(fileURLToPath(import.meta.url));
  const fromSrc = path.resolve(here, '../../drizzle');
  const fromDist = path.resolve(here, '../drizzle');
  return here.includes(`${path.sep}dist`) ? fromDist : fromSrc;
}

export async function openDatabase(opts: DatabaseOptions): Promise<Database> {
  if (opts.databaseUrl) {
    const pool = new pg.Pool({ connectionString: opts.databaseUrl, max: opts.poolSize ?? 10, connectionTimeoutMillis: 5_000 });
    let listener: (err: Error) => void = () => undefined;
    pool.on('error', (err) => listener(err));
    // A connection can also break while checked out (between two statements of a transaction): its own 'error' event
    // would otherwise be unhandled and end the process. The statement waiting on it fails, and the pool discards it.
    pool.on('connect', (client) => client.on('error', (err) => listener(err)));
    const db = drizzlePg(pool, { schema }) as unknown as Db;
    let ending: Promise<void> | undefined;
    return {
      db,
      kind: 'postgres',
      url: opts.databaseUrl,
      close: () => (ending ??= pool.end()),
      onConnectionError: (fn) => (listener = fn),
    };
  }
  let client: PGlite;
  // Extensions are loaded every time PGlite opens: btree_gist backs the slots' no-overlap constraint.
  const extensions = { btree_gist };
  let release = () => undefined as void;
  if (opts.inMemory) {
    client = new PGlite({ extensions });
  } else {
    const dir = pgliteDir(opts.dataDir);
    mkdirSync(dir, { recursive: true });
    release = lockDataDir(opts.dataDir);
    try {
      client = new PGlite(dir, { extensions });
    } catch (err) {
      release();
      throw err;
    }
  }
  try {
    await client.waitReady;
  } catch (err) {
    release();
    throw err;
  }
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  let closing: Promise<void> | undefined;
  // Closing twice (a signal during shutdown) waits for the first close instead of racing it (decision 052).
  const close = () => (closing ??= closePglite(client).finally(release));
  return { db, kind: 'pglite', close };
}

/** Where the embedded database lives inside DATA_DIR. */
export function pgliteDir(dataDir = './data'): string {
  return path.resolve(dataDir, 'pglite');
}

/**
 * A checkpoint first, so every data and index page is in its file even if the process dies during the close; then
 * PGlite's own close (shutdown checkpoint, files closed), always awaited. Decision 052.
 */
async function closePglite(client: PGlite): Promise<void> {
  if (client.closed) return;
  await client.exec('checkpoint').catch(() => undefined);
  await client.close();
}

/**
 * The embedded database is one process's: a second CareSlot (or a backup) on the same DATA_DIR would write the same
 * files at once. A lock file holds the owner's pid; a lock left by a process that died (kill -9, power loss) is taken
 * over. Returns the release.
 */
export function lockDataDir(dataDir = './data'): () => void {
  const file = path.resolve(dataDir, 'pglite.lock');
  let owner: number | undefined;
  try {
    owner = Number(readFileSync(file, 'utf8').trim()) || undefined;
  } catch {
    owner = undefined;
  }
  if (owner && owner !== process.pid && isAlive(owner)) {
    throw new Error(
      `The embedded database in ${path.resolve(dataDir)} is open in another process (pid ${owner}). Stop that process first; ` +
        'to run several API processes, use PostgreSQL (DATABASE_URL).',
    );
  }
  writeFileSync(file, String(process.pid));
  return () => {
    try {
      if (readFileSync(file, 'utf8').trim() === String(process.pid)) rmSync(file, { force: true });
    } catch {
      // already gone
    }
  };
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Applies committed migrations; on PostgreSQL under an advisory lock so several processes can start together. */
export async function runMigrations(database: Database): Promise<void> {
  const migrationsConfig = { migrationsFolder: migrationsFolder() };
  if (database.kind === 'pglite') {
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    await migratePglite(database.db as any, migrationsConfig);
    return;
  }
  const client = new pg.Client({ connectionString: database.url });
  await client.connect();
  try {
    await client.query('select pg_advisory_lock(727274)');
    await migratePg(drizzlePg(client), migrationsConfig);
  } finally {
    await client.query('select pg_advisory_unlock(727274)').catch(() => undefined);
    await client.end();
  }
}
