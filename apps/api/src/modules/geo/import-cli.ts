/**
 * npm run geo:import -- FILE
 * Loads UK postcode centroids (ONS Postcode Directory or OS Code-Point Open CSV) into the configured database
 * (DATABASE_URL, or the PGlite database in DATA_DIR). Safe to run again: rows are upserted.
 */
import { runFileImport } from '../../db/file-import-cli';
import { importPostcodeCsv } from './geo.import';

await runFileImport('npm run geo:import -- FILE.csv   (ONS Postcode Directory or OS Code-Point Open CSV)', async (db, file) => {
  const started = Date.now();
  const result = await importPostcodeCsv(db, file);
  return `Imported ${result.units} postcodes (${result.format}), ${result.aggregates} sectors/districts/areas, skipped ${result.skipped}, in ${((Date.now() - started) / 1000).toFixed(1)} s.`;
});
