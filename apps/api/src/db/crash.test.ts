/**
 * A newcomer's laptop losing power, twenty times: a process booking into the embedded database (crash-worker.ts) is
 * killed with -9 at a different moment each time (after some bookings, or during a `vacuum analyze`). After each kill
 * the database must open, every btree index must verify with amcheck (heap included), and every booking the worker
 * reported as committed must be there. Decision 052, docs/operations.md.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { amcheck } from '@electric-sql/pglite/contrib/amcheck';
import { btree_gist } from '@electric-sql/pglite/contrib/btree_gist';
import { afterAll, describe, expect, it } from 'vitest';
import { pgliteDir } from './client';

/** The PostgreSQL pass of CI runs the API suite a second time; this file is about the embedded database only. */
// eslint-disable-next-line no-restricted-properties
const againOnPostgres = !!process.env.TEST_DATABASE_URL;
if (againOnPostgres) console.warn('TEST_DATABASE_URL is set: the embedded-database test is skipped (it ran in the PGlite pass)');

const here = path.dirname(fileURLToPath(import.meta.url));
const worker = path.join(here, 'crash-worker.ts');
const KILLS = 20;
const dataDir = mkdtempSync(path.join(tmpdir(), 'careslot-crash-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

/** Runs the worker until `moment` (n bookings confirmed, or the n-th vacuum started), kills it with -9, returns what it confirmed. */
function runAndKill(moment: { after: 'confirmed' | 'vacuum'; n: number }): Promise<number[]> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', worker, dataDir], { stdio: ['ignore', 'pipe', 'pipe'] });
    const confirmed: number[] = [];
    let vacuums = 0;
    let killed = false;
    let err = '';
    let buffer = '';
    child.stderr.on('data', (d) => (err += String(d)));
    child.stdout.on('data', (d) => {
      buffer += String(d);
      const lines = buffer.split('\n');
      buffer = lines.pop()!;
      for (const line of lines) {
        if (line.startsWith('confirmed ')) confirmed.push(Number(line.slice(10)));
        if (line === 'vacuum') vacuums++;
        const reached = moment.after === 'confirmed' ? confirmed.length >= moment.n : vacuums >= moment.n;
        if (reached && !killed) {
          killed = true;
          child.kill('SIGKILL');
        }
      }
    });
    child.on('exit', () => (killed ? resolve(confirmed) : reject(new Error(`worker exited by itself: ${err}`))));
  });
}

/** Opens the database (as after a power cut), verifies every btree index with amcheck, and answers the booking ids. */
async function openAndVerify(): Promise<{ ids: Set<number>; indexes: number }> {
  const db = new PGlite(pgliteDir(dataDir), { extensions: { btree_gist, amcheck } });
  try {
    await db.waitReady;
    await db.exec('create extension if not exists amcheck');
    const { rows } = await db.query<{ name: string }>(
      `select c.relname as name from pg_index i join pg_class c on c.oid = i.indexrelid join pg_am am on am.oid = c.relam
       join pg_namespace n on n.oid = c.relnamespace where am.amname = 'btree' and n.nspname = 'public'`,
    );
    for (const { name } of rows) await db.query(`select bt_index_check('public.${name}'::regclass, true)`);
    await db.exec('drop extension amcheck');
    const ids = new Set((await db.query<{ id: number }>('select id from bookings')).rows.map((r) => Number(r.id)));
    return { ids, indexes: rows.length };
  } finally {
    await db.close();
  }
}

describe.skipIf(againOnPostgres)('the embedded database after kill -9', () => {
  it(`opens with verified indexes and every confirmed booking, after each of ${KILLS} kills`, { timeout: 600_000 }, async () => {
    const everConfirmed: number[] = [];
    for (let i = 0; i < KILLS; i++) {
      // Alternate moments: right after a booking (1 to 12 into the run), or as a vacuum analyze starts.
      const moment = i % 3 === 2 ? { after: 'vacuum' as const, n: 1 } : { after: 'confirmed' as const, n: 1 + ((i * 5) % 12) };
      everConfirmed.push(...(await runAndKill(moment)));
      const { ids, indexes } = await openAndVerify();
      expect(indexes).toBeGreaterThan(10);
      const missing = everConfirmed.filter((id) => !ids.has(id));
      expect(missing, `after kill ${i + 1}: confirmed bookings missing`).toEqual([]);
    }
    expect(everConfirmed.length).toBeGreaterThan(KILLS);
  });
});
