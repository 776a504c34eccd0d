/**
 * npm run registers:import-gmc -- FILE.csv
 * Loads a licensed GMC List of Registered Medical Practitioners into the register table of the configured database
 * (DATABASE_URL, or the PGlite database in DATA_DIR). Safe to run again: entries are upserted, lapsed ones removed.
 */
import { runFileImport } from '../../db/file-import-cli';
import { importGmcList } from './gmc-import';

await runFileImport('npm run registers:import-gmc -- FILE.csv   (GMC List of Registered Medical Practitioners)', async (db, file) => {
  const r = await importGmcList(db, file);
  return `Imported ${r.registered} registered doctors, removed ${r.removed} no longer registered, skipped ${r.skipped} rows.`;
});
