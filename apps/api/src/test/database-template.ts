import { createHash } from 'node:crypto';
import { closeSync, existsSync, openSync, readFileSync, renameSync, rmSync, writeFileSync, writeSync } from 'node:fs';
import path from 'node:path';
import { inject } from 'vitest';
import { openDatabase, runMigrations, type Database } from '../db/client';
import { seedDatabase, type SeedOptions } from '../db/seed/seed';

declare module 'vitest' {
  export interface ProvidedContext {
    /** This run's folder of embedded-database templates (template-setup.ts makes it and removes it after). */
    apiTemplateDir: string;
  }
}

/**
 * A fresh in-memory PGlite, migrated and seeded as asked, for one test file. Making one from nothing costs a cluster
 * initialisation, every migration and the seed (about 11 s of CPU on an idle machine); loading the same state from an
 * archive costs about 2 s. So the first file that needs a given state builds it once per run and writes
 * `dumpDataDir()` into the run's template folder, and every later file (in any worker) loads that archive: the
 * migrated-only state first, then one per seed option set, built on top of it. Each file still gets its own
 * database; only the starting contents are shared. Outside a vitest run of the api project there is no template
 * folder and the database is built from nothing, as before.
 */
export async function openTemplatedTestDatabase(seed: SeedOptions | false): Promise<Database> {
  const dir = templateDir();
  if (!dir) {
    const database = await openDatabase({ inMemory: true });
    await runMigrations(database);
    if (seed) await seedDatabase(database.db, seed);
    return database;
  }
  return fromTemplate(dir, seed);
}

function templateDir(): string | undefined {
  try {
    const dir = inject('apiTemplateDir');
    return dir && existsSync(dir) ? dir : undefined;
  } catch {
    return undefined; // not inside a vitest worker
  }
}

/**
 * A database in the state `seed` names: loaded from the run's archive of that state when there is one; else, by
 * whichever caller takes the archive's lock first, made from the migrated state (itself from its archive or from
 * nothing), written as the archive for the others, and used as it is, so the file that builds pays almost nothing
 * more than it did before. The lock file holds the builder's process id: a builder that died (a worker ended at a
 * hook's timeout) leaves a lock that the next caller takes over.
 */
async function fromTemplate(dir: string, seed: SeedOptions | false): Promise<Database> {
  const key = seed ? createHash('sha256').update(JSON.stringify(seed)).digest('hex').slice(0, 16) : 'migrated';
  const file = path.join(dir, `${key}.tar`);
  const lock = `${file}.lock`;
  for (;;) {
    if (existsSync(file)) return openDatabase({ inMemory: true, loadDataDir: new Blob([readFileSync(file)]) });
    let fd: number;
    try {
      fd = openSync(lock, 'wx');
    } catch {
      if (!holderAlive(lock)) rmSync(lock, { force: true });
      await new Promise((r) => setTimeout(r, 100));
      continue;
    }
    try {
      writeSync(fd, String(process.pid));
      let database: Database;
      if (seed) {
        database = await fromTemplate(dir, false);
        await seedDatabase(database.db, seed);
      } else {
        database = await openDatabase({ inMemory: true });
        await runMigrations(database);
      }
      const partial = `${file}.${process.pid}.partial`;
      writeFileSync(partial, Buffer.from(await (await database.dumpDataDir!()).arrayBuffer()));
      renameSync(partial, file);
      return database;
    } finally {
      closeSync(fd);
      rmSync(lock, { force: true });
    }
  }
}

/** Whether the process named in a lock file still runs (a lock just made, with no id written yet, counts as alive). */
function holderAlive(lock: string): boolean {
  let pid: number;
  try {
    pid = Number(readFileSync(lock, 'utf8'));
  } catch {
    return true; // gone already: the next loop sees the archive or takes the lock
  }
  if (!pid) return true;
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}
