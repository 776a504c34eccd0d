/**
 * The embedded database's lock (decisions 052 and 065): one opener per data folder, in this process or another; a
 * lock left by a process that died is taken over; a closed database can be opened again. docs/operations.md.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { lockText, openDatabase } from './client';

// eslint-disable-next-line no-restricted-properties
const againOnPostgres = !!process.env.TEST_DATABASE_URL;
if (againOnPostgres) console.warn('TEST_DATABASE_URL is set: the embedded-database lock test is skipped (it ran in the PGlite pass)');

const dataDir = mkdtempSync(path.join(tmpdir(), 'careslot-lock-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));
const lockFile = path.join(dataDir, 'pglite.lock');

describe.skipIf(againOnPostgres)('the embedded database lock', () => {
  it('refuses a second open in the same process, and opens again once closed', { timeout: 120_000 }, async () => {
    const first = await openDatabase({ dataDir });
    try {
      expect(readFileSync(lockFile, 'utf8')).toBe(lockText(process.pid));
      await expect(openDatabase({ dataDir })).rejects.toThrow(/already open in this process/);
    } finally {
      await first.close();
    }
    expect(() => readFileSync(lockFile)).toThrow();
    const again = await openDatabase({ dataDir });
    await again.close();
  });

  it("refuses while another live process holds it, and takes over a dead process's lock", { timeout: 120_000 }, async () => {
    writeFileSync(lockFile, lockText(process.ppid));
    await expect(openDatabase({ dataDir })).rejects.toThrow(new RegExp(`open in another process \\(pid ${process.ppid}\\)`));
    await expect(openDatabase({ dataDir })).rejects.toThrow(`If no CareSlot is running, delete ${lockFile}.`);
    expect(readFileSync(lockFile, 'utf8')).toBe(lockText(process.ppid));

    const dead = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))'], { encoding: 'utf8' }).stdout;
    writeFileSync(lockFile, dead);
    const database = await openDatabase({ dataDir });
    try {
      expect(readFileSync(lockFile, 'utf8')).toBe(lockText(process.pid));
    } finally {
      await database.close();
    }
  });

  it.runIf(existsSync('/proc/sys/kernel/random/boot_id'))(
    'takes over a lock from before the machine restarted, even when its pid now belongs to a live process',
    { timeout: 120_000 },
    async () => {
      // The parent process is alive, but the lock names another boot: after a power cut the pid was reused.
      writeFileSync(lockFile, lockText(process.ppid, '00000000-0000-4000-8000-000000000000'));
      const database = await openDatabase({ dataDir });
      try {
        expect(readFileSync(lockFile, 'utf8')).toBe(lockText(process.pid));
      } finally {
        await database.close();
      }
    },
  );
});
