/**
 * npm run bench:test-database
 *
 * What one API test file pays before its first test for its in-memory database (docs/performance.md, CI): built from
 * nothing (a new PGlite cluster, every migration, createTestApp's default seed), as every file did before, against
 * loaded from the run's template archive (apps/api/src/test/database-template.ts). Each measure runs in a process of
 * its own, as each test file does (so PGlite's WebAssembly is compiled each time, as there), and the two are measured
 * in turns, so a machine busy with something else weighs on both alike. Prints figures; asserts nothing.
 * BENCH_ROUNDS (default 3).
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { openDatabase, runMigrations, type Database } from '../../apps/api/src/db/client';
import { seedDatabase } from '../../apps/api/src/db/seed/seed';

/** createTestApp's default seed. */
const SEED = { providersPerRegion: 28, days: 14, demoAccounts: true };

async function fromNothing(): Promise<Database> {
  const database = await openDatabase({ inMemory: true });
  await runMigrations(database);
  await seedDatabase(database.db, SEED);
  return database;
}

const [mode, archivePath] = process.argv.slice(2);
if (mode === 'built' || mode === 'loaded') {
  // One measure, in this child process: milliseconds on stdout.
  const started = performance.now();
  const database =
    mode === 'built' ? await fromNothing() : await openDatabase({ inMemory: true, loadDataDir: new Blob([readFileSync(archivePath!)]) });
  process.stdout.write(String(performance.now() - started));
  await database.close();
} else {
  const rounds = Number(process.env.BENCH_ROUNDS ?? 3);
  const dir = mkdtempSync(path.join(tmpdir(), 'careslot-bench-template-'));
  const archive = path.join(dir, 'template.tar');
  const template = await fromNothing();
  writeFileSync(archive, Buffer.from(await (await template.dumpDataDir!()).arrayBuffer()));
  await template.close();
  const measure = (what: string) =>
    Number(execFileSync(process.execPath, [...process.execArgv, fileURLToPath(import.meta.url), what, archive], { encoding: 'utf8' }));
  console.log(`template archive: ${(readFileSync(archive).length / 1e6).toFixed(1)} MB; load average before: ${loadavg()[0]!.toFixed(1)}`);
  const built: number[] = [];
  const loaded: number[] = [];
  for (let i = 0; i < rounds; i++) {
    built.push(measure('built'));
    loaded.push(measure('loaded'));
  }
  rmSync(dir, { recursive: true, force: true });
  const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
  const show = (xs: number[]) => `median ${(median(xs) / 1000).toFixed(2)} s (${xs.map((x) => (x / 1000).toFixed(2)).join(', ')})`;
  console.log(`built from nothing (cluster, migrations, seed): ${show(built)}`);
  console.log(`loaded from the template archive:              ${show(loaded)}`);
  console.log(`load average after: ${loadavg()[0]!.toFixed(1)}`);
}
