/**
 * npm run registers:import-gmc -- FILE.csv
 * Loads a licensed GMC List of Registered Medical Practitioners into the register table of the configured database
 * (DATABASE_URL, or the PGlite database in DATA_DIR). Safe to run again: entries are upserted, lapsed ones removed.
 */
import { createReadStream, existsSync } from 'node:fs';
import path from 'node:path';
import { loadConfig } from '../../config';
import { openDatabase, runMigrations } from '../../db/client';
import { importGmcList } from './gmc-import';

const file = process.argv[2];
if (!file || file === '--help') {
  console.error('Usage: npm run registers:import-gmc -- FILE.csv   (GMC List of Registered Medical Practitioners)');
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
  const r = await importGmcList(database.db, createReadStream(resolved));
  console.log(`Imported ${r.registered} registered doctors, removed ${r.removed} no longer registered, skipped ${r.skipped} rows.`);
} finally {
  await database.close();
}
