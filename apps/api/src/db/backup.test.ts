/**
 * npm run db:backup / db:restore on the embedded database: a backup taken while the app is stopped restores to the
 * same rows after later changes; both refuse while a live process holds the database. docs/operations.md.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase, runMigrations } from './client';
import { patients } from './schema/identity';

/** The PostgreSQL pass of CI runs the API suite a second time; this file is about the embedded database only. */
// eslint-disable-next-line no-restricted-properties
const againOnPostgres = !!process.env.TEST_DATABASE_URL;
if (againOnPostgres) console.warn('TEST_DATABASE_URL is set: the embedded-database test is skipped (it ran in the PGlite pass)');

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');
const dataDir = mkdtempSync(path.join(tmpdir(), 'careslot-backup-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));
const one = path.join(dataDir, 'one.tar.gz');

function npm(script: 'db:backup' | 'db:restore', ...args: string[]) {
  const res = spawnSync('npm', ['run', '--silent', script, '--', ...args], {
    cwd: root,
    // The CLI reads its settings from the environment, as the app does.
    // eslint-disable-next-line no-restricted-properties
    env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '' },
    encoding: 'utf8',
  });
  return { code: res.status, out: `${res.stdout}${res.stderr}` };
}

async function patientCount(): Promise<number> {
  const database = await openDatabase({ dataDir });
  try {
    const [row] = await database.db.select({ n: sql<number>`count(*)::int` }).from(patients);
    return Number(row!.n);
  } finally {
    await database.close();
  }
}

async function addPatient(email: string) {
  const database = await openDatabase({ dataDir });
  try {
    await runMigrations(database);
    await database.db.insert(patients).values({ email, first_name: 'Back', last_name: 'Up' });
  } finally {
    await database.close();
  }
}

describe.skipIf(againOnPostgres)('backing up and restoring the embedded database', () => {
  it(
    'restores the rows of the backup, keeps the replaced database aside, and refuses while the app runs',
    { timeout: 180_000 },
    async () => {
      await addPatient('kept@example.com');
      const backup = npm('db:backup', one);
      expect(backup.code, backup.out).toBe(0);
      expect(existsSync(one)).toBe(true);
      expect(backup.out).toMatch(/Backed up .* 1 patients/);

      await addPatient('after-the-backup@example.com');
      expect(await patientCount()).toBe(2);

      const restore = npm('db:restore', one);
      expect(restore.code, restore.out).toBe(0);
      expect(restore.out).toMatch(/previous database is kept in/);
      expect(await patientCount()).toBe(1);

      // A live process holding the database (here: this test's own pid in the lock): both refuse, nothing is touched.
      writeFileSync(path.join(dataDir, 'pglite.lock'), String(process.pid));
      const refused = npm('db:backup', path.join(dataDir, 'two.tar.gz'));
      expect(refused.code).not.toBe(0);
      expect(refused.out).toMatch(/open in another process/);
      expect(npm('db:restore', one).code).not.toBe(0);
      rmSync(path.join(dataDir, 'pglite.lock'));
    },
  );
});
