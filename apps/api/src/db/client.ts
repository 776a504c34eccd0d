import { closeSync, fsyncSync, mkdirSync, openSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
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
  /** PostgreSQL only: the pool's connections, those lent out (`busy`), and the queries waiting for one. */
  connections?(): { open: number; busy: number; waiting: number };
  /** PGlite only: the whole data folder as a tar archive, which `loadDataDir` opens again (tests copy a migrated one). */
  dumpDataDir?(): Promise<Blob>;
}

export interface DatabaseOptions {
  databaseUrl?: string;
  dataDir?: string;
  inMemory?: boolean;
  /** In memory only: start from this `dumpDataDir` archive instead of an empty cluster. */
  loadDataDir?: Blob;
  poolSize?: number;
}

/**
 * pg's pool, with one promise more: a connection lent out (for a transaction) that breaks is given back, and so
 * dropped, even when the code that borrowed it never gives it back. drizzle's transaction() sends BEGIN before the
 * try/finally that releases its connection, so when BEGIN fails because the server cut that connection (a restart,
 * pg_terminate_backend, between the pool handing it out and BEGIN's answer) the connection was never released: the
 * pool had one fewer for good, and pool.end() waited for it forever, so closing the app hung (decision 069;
 * drizzle-orm issues 6023 and 6241, open for 0.45).
 *
 * Only the promise form of connect() is wrapped: that is what drizzle's transactions use. pool.query() borrows with
 * the callback form and always gives back, with the error, on every path.
 */
class ReturningPool extends pg.Pool {
  override connect(): Promise<pg.PoolClient>;
  override connect(callback: (err: Error | undefined, client: pg.PoolClient | undefined, done: (release?: unknown) => void) => void): void;
  override connect(
    callback?: (err: Error | undefined, client: pg.PoolClient | undefined, done: (release?: unknown) => void) => void,
  ): Promise<pg.PoolClient> | void {
    if (callback) return super.connect(callback);
    return super.connect().then(returnWhenItEnds);
  }
}

/**
 * Gives a borrowed connection back when it ends before its borrower did so. Giving back becomes idempotent for this
 * loan (pg-pool throws on a second release), so the borrower's own, later release is harmless.
 */
function returnWhenItEnds(client: pg.PoolClient): pg.PoolClient {
  const release = client.release;
  let returned = false;
  const onEnd = () => client.release(new Error('the connection ended while it was lent out'));
  client.release = (err?: Error | boolean) => {
    if (returned) return;
    returned = true;
    client.removeListener('end', onEnd);
    release(err);
  };
  client.once('end', onEnd);
  return client;
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
    const pool = new ReturningPool({ connectionString: opts.databaseUrl, max: opts.poolSize ?? 10, connectionTimeoutMillis: 5_000 });
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
      connections: () => ({ open: pool.totalCount, busy: pool.totalCount - pool.idleCount, waiting: pool.waitingCount }),
    };
  }
  let client: PGlite;
  // Extensions are loaded every time PGlite opens: btree_gist backs the slots' no-overlap constraint.
  const extensions = { btree_gist };
  let release = () => undefined as void;
  if (opts.inMemory) {
    client = new PGlite({ extensions, loadDataDir: opts.loadDataDir });
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
  const dir = opts.inMemory ? undefined : pgliteDir(opts.dataDir);
  const close = () => (closing ??= closePglite(client, dir).finally(release));
  return { db, kind: 'pglite', close, dumpDataDir: () => client.dumpDataDir('none') };
}

/** Where the embedded database lives inside DATA_DIR. */
export function pgliteDir(dataDir = './data'): string {
  return path.resolve(dataDir, 'pglite');
}

/**
 * A checkpoint first, so every data and index page is in its file even if the process dies during the close; then
 * PGlite's own close (shutdown checkpoint, files closed), always awaited (decision 052); then every file of the
 * folder flushed to the disk, which PGlite never does itself (decision 065).
 */
async function closePglite(client: PGlite, dir: string | undefined): Promise<void> {
  if (client.closed) return;
  await client.exec('checkpoint').catch(() => undefined);
  await client.close();
  if (dir) flushToDisk(dir);
}

/**
 * fsync of every file and folder under `dir`. PGlite runs PostgreSQL with fsync off and its Node file system has no
 * fsync, so what a close wrote (the shutdown checkpoint after a large vacuum, say) can sit in the operating system's
 * cache for a while; a power cut or a stopped VM then would keep a file's new length but not its pages, which is how
 * an index comes back with zero pages. After this, a closed database is on the disk. Answers how many were flushed.
 */
export function flushToDisk(dir: string): number {
  let flushed = 0;
  const sync = (target: string, flags: 'r' | 'r+') => {
    let fd: number | undefined;
    try {
      fd = openSync(target, flags);
      fsyncSync(fd);
      flushed++;
    } catch {
      // A folder cannot be opened on Windows, where flushing its files is enough.
    } finally {
      if (fd !== undefined) closeSync(fd);
    }
  };
  const walk = (folder: string) => {
    for (const entry of readdirSync(folder, { withFileTypes: true })) {
      const target = path.join(folder, entry.name);
      if (entry.isDirectory()) walk(target);
      else if (entry.isFile()) sync(target, 'r+');
    }
    sync(folder, 'r');
  };
  walk(dir);
  return flushed;
}

/** Lock files this process holds: a second open in the same process is refused as well. */
const heldHere = new Set<string>();

/**
 * The embedded database is one process's: a second CareSlot (or a backup) on the same DATA_DIR would write the same
 * files at once. A lock file holds the owner's pid, created exclusively so that two processes starting together cannot
 * both take it; a lock left by a process that died (kill -9, power loss) is taken over. Returns the release.
 */
export function lockDataDir(dataDir = './data'): () => void {
  const file = path.resolve(dataDir, 'pglite.lock');
  if (heldHere.has(file)) throw new Error(`The embedded database in ${path.resolve(dataDir)} is already open in this process.`);
  const mine = lockText(process.pid);
  for (let attempt = 0; ; attempt++) {
    try {
      writeFileSync(file, mine, { flag: 'wx' });
      break;
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
    }
    let owner: { pid?: number; boot?: string } = {};
    try {
      owner = parseLock(readFileSync(file, 'utf8'));
    } catch {
      // gone meanwhile: try again
    }
    // A lock written before the machine restarted is stale whatever its pid now belongs to (after a power cut the
    // number is often taken by some other program).
    const sameBoot = !owner.boot || !BOOT_ID || owner.boot === BOOT_ID;
    if ((owner.pid && owner.pid !== process.pid && sameBoot && isAlive(owner.pid)) || attempt >= 3) {
      throw new Error(
        `The embedded database in ${path.resolve(dataDir)} is open in another process (pid ${owner.pid}). Stop that process first; ` +
          `to run several API processes, use PostgreSQL (DATABASE_URL). If no CareSlot is running, delete ${file}.`,
      );
    }
    rmSync(file, { force: true });
  }
  heldHere.add(file);
  return () => {
    heldHere.delete(file);
    try {
      if (readFileSync(file, 'utf8') === mine) rmSync(file, { force: true });
    } catch {
      // already gone
    }
  };
}

/** This boot of the machine (Linux); absent elsewhere, where only the pid is compared. */
const BOOT_ID = (() => {
  try {
    return readFileSync('/proc/sys/kernel/random/boot_id', 'utf8').trim();
  } catch {
    return undefined;
  }
})();

/** The lock file's text: the owner's pid, then the boot it belongs to. */
export function lockText(pid: number, boot = BOOT_ID): string {
  return boot ? `${pid} ${boot}` : String(pid);
}

function parseLock(text: string): { pid?: number; boot?: string } {
  const [pid, boot] = text.trim().split(/\s+/);
  return { pid: Number(pid) || undefined, boot: boot || undefined };
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
