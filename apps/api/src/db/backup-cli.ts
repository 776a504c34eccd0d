/**
 * npm run db:backup -- [FILE]     copies the embedded database in DATA_DIR to FILE (default backups/careslot-<time>.tar.gz)
 * npm run db:restore -- FILE      replaces the embedded database in DATA_DIR with FILE (the old one is kept aside)
 *
 * Both refuse while the app has the database open (the DATA_DIR lock), open it with PGlite itself so the copy is taken
 * from a cleanly opened and closed database rather than from files being written, and check the result opens.
 * PostgreSQL is backed up with its own tools (pg_dump); see docs/operations.md.
 */
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { btree_gist } from '@electric-sql/pglite/contrib/btree_gist';
import { loadConfig } from '../config';
import { flushToDisk, lockDataDir, pgliteDir } from './client';

const [command, fileArg] = process.argv.slice(2);
const config = loadConfig();
if (config.DATABASE_URL) {
  console.error('DATABASE_URL is set: back up PostgreSQL with pg_dump (docs/operations.md). These commands copy the embedded database.');
  process.exit(1);
}
// npm runs scripts in the package folder; INIT_CWD is where the user typed the command.
// eslint-disable-next-line no-restricted-properties
const cwd = process.env.INIT_CWD ?? process.cwd();
const dir = pgliteDir(config.DATA_DIR);
const extensions = { btree_gist };

async function summary(db: PGlite): Promise<string> {
  const { rows } = await db.query<{ bookings: number; patients: number }>(
    'select (select count(*) from bookings)::int as bookings, (select count(*) from patients)::int as patients',
  );
  return `${rows[0]!.bookings} bookings, ${rows[0]!.patients} patients`;
}

async function backup(file: string) {
  if (!existsSync(path.join(dir, 'PG_VERSION'))) throw new Error(`No embedded database in ${dir}.`);
  const db = new PGlite(dir, { extensions });
  try {
    await db.waitReady;
    await db.exec('checkpoint');
    const what = await summary(db);
    const dump = await db.dumpDataDir('gzip');
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(file, Buffer.from(await dump.arrayBuffer()), { flush: true });
    console.log(`Backed up ${dir} (${what}) to ${file}.`);
  } finally {
    await db.close();
  }
}

async function restore(file: string) {
  if (!existsSync(file)) throw new Error(`No such backup: ${file}`);
  let aside: string | undefined;
  if (existsSync(dir)) {
    aside = `${dir}.before-restore-${new Date().toISOString().replace(/[:.]/g, '-')}`;
    renameSync(dir, aside);
  }
  mkdirSync(dir, { recursive: true });
  const db = new PGlite(dir, { extensions, loadDataDir: new Blob([readFileSync(file)]) });
  try {
    await db.waitReady;
    console.log(`Restored ${file} into ${dir} (${await summary(db)}).${aside ? ` The previous database is kept in ${aside}.` : ''}`);
  } finally {
    await db.close();
    // PGlite never flushes its files to the disk itself (decision 065): the restored database is made durable here.
    flushToDisk(dir);
  }
}

const release = lockDataDir(config.DATA_DIR);
try {
  if (command === 'backup') {
    const stamp = new Date().toISOString().replace(/[:.]/g, '-');
    await backup(path.resolve(cwd, fileArg ?? `backups/careslot-${stamp}.tar.gz`));
  } else if (command === 'restore' && fileArg) {
    await restore(path.resolve(cwd, fileArg));
  } else {
    console.error('Usage: npm run db:backup -- [FILE.tar.gz]   |   npm run db:restore -- FILE.tar.gz');
    process.exitCode = 1;
  }
} catch (err) {
  console.error((err as Error).message);
  process.exitCode = 1;
} finally {
  release();
}
