/**
 * npm run geo:import -- FILE
 * Loads UK postcode centroids (ONS Postcode Directory or OS Code-Point Open CSV) into the configured database
 * (DATABASE_URL, or the PGlite database in DATA_DIR). Safe to run again: rows are upserted.
 */
import { createReadStream, existsSync } from 'node:fs';
import path from 'node:path';
import { loadConfig } from '../../config';
import { openDatabase, runMigrations } from '../../db/client';
import { importPostcodeCsv } from './geo.import';

const file = process.argv[2];
if (!file || file === '--help') {
  console.error('Usage: npm run geo:import -- FILE.csv   (ONS Postcode Directory or OS Code-Point Open CSV)');
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
  const started = Date.now();
  const result = await importPostcodeCsv(database.db, createReadStream(resolved));
  console.log(
    `Imported ${result.units} postcodes (${result.format}), ${result.aggregates} sectors/districts/areas, skipped ${result.skipped}, in ${((Date.now() - started) / 1000).toFixed(1)} s.`,
  );
} finally {
  await database.close();
}
