/**
 * The shared frame of the `npm run …:import` commands: the file named on the command line (resolved against where the
 * user typed the command), the configured database (DATABASE_URL, or the PGlite database in DATA_DIR) migrated,
 * `load` run on the file, its summary printed, and the database closed whatever happens.
 */
import { createReadStream, existsSync, type ReadStream } from 'node:fs';
import path from 'node:path';
import { loadConfig } from '../config';
import { openDatabase, runMigrations, type Db } from './client';

export async function runFileImport(usage: string, load: (db: Db, file: ReadStream) => Promise<string>): Promise<void> {
  const file = process.argv[2];
  if (!file || file === '--help') {
    console.error(`Usage: ${usage}`);
    process.exit(file ? 0 : 1);
  }
  // npm runs workspace scripts in the workspace folder; INIT_CWD is where the user typed the command.
  // eslint-disable-next-line no-restricted-properties
  const resolved = path.resolve(process.env.INIT_CWD ?? process.cwd(), file);
  if (!existsSync(resolved)) {
    console.error(`No such file: ${resolved}`);
    process.exit(1);
  }
  const config = loadConfig();
  const database = await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.DATA_DIR, inMemory: config.DATABASE_IN_MEMORY });
  try {
    await runMigrations(database);
    console.log(await load(database.db, createReadStream(resolved)));
  } finally {
    await database.close();
  }
}
