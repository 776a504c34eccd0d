/**
 * The API as its own process on the embedded database, for the tests that stop it the hard way (not a test file
 * itself): a data folder migrated and seeded by the server's own code, the server started from `src/server.ts` the way
 * `npm run dev` starts it (through tsx, so no build is needed), patients who book over HTTP exactly as the checkout
 * does, and a check of the database files once the process is gone. docs/operations.md, decisions 052 and 065.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { amcheck } from '@electric-sql/pglite/contrib/amcheck';
import { btree_gist } from '@electric-sql/pglite/contrib/btree_gist';
import { and, eq } from 'drizzle-orm';
import { build } from 'esbuild';
import { openDatabase, pgliteDir, runMigrations } from '../db/client';
import { providers } from '../db/schema/providers';
import { seedDatabase } from '../db/seed/seed';

const apiSrc = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const repoRoot = path.resolve(apiSrc, '../../..');
const serverEntry = path.join(apiSrc, 'server.ts');
let bundled: Promise<string> | undefined;

/**
 * src/server.ts bundled the way build.mjs bundles it for `npm start` (npm packages left external), once per test
 * file, into apps/api/dist-process-test-<pid>/ (a `dist` folder, so the migrations are found as from dist/); it starts
 * in a fraction of the time tsx needs to load every source file. removeBundle() deletes it.
 */
function bundle(): Promise<string> {
  bundled ??= (async () => {
    const outfile = path.join(apiSrc, '..', `dist-process-test-${process.pid}`, 'server.js');
    await build({
      entryPoints: [serverEntry],
      outfile,
      bundle: true,
      platform: 'node',
      format: 'esm',
      target: 'node20',
      logLevel: 'warning',
      plugins: [
        {
          name: 'external-npm-packages',
          setup(b) {
            b.onResolve({ filter: /^[^./]/ }, (args) =>
              args.path.startsWith('@careslot/') ? undefined : { path: args.path, external: true },
            );
          },
        },
      ],
    });
    return outfile;
  })();
  return bundled;
}

export function removeBundle(): void {
  rmSync(path.join(apiSrc, '..', `dist-process-test-${process.pid}`), { recursive: true, force: true });
}
/** Fixed so that tokens signed before a restart are still good after it. */
const JWT_SECRET = 'server-process-test-secret-0123456789abcdef';

/**
 * A new data folder, migrated and seeded through the server's own code (a small seed: a full one takes minutes on a
 * busy machine; the server started on it then finds it not empty and starts at once). Answers the UK providers.
 */
export async function prepareDataDir(prefix: string): Promise<{ dataDir: string; providerIds: string[] }> {
  const dataDir = mkdtempSync(path.join(tmpdir(), `careslot-${prefix}-`));
  const database = await openDatabase({ dataDir });
  try {
    await runMigrations(database);
    await seedDatabase(database.db, { providersPerRegion: 4, days: 14, demoAccounts: false });
    const rows = await database.db
      .select({ id: providers.id })
      .from(providers)
      .where(and(eq(providers.region, 'uk'), eq(providers.bookable, true)));
    return { dataDir, providerIds: rows.map((r) => r.id) };
  } finally {
    await database.close();
  }
}

export interface ServerProcess {
  child: ChildProcess;
  baseUrl: string;
  /** Resolves when the process has ended, with its exit code (null when a signal ended it). */
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  /** Everything it wrote to stdout and stderr so far. */
  output(): string;
}

/**
 * Starts `src/server.ts` in its own process on DATA_DIR and the port given; `imports` are extra modules loaded first
 * (a test's way of making something happen inside the real server), `env` settings on top of the test's. Does not
 * wait: see waitForHealth.
 */
export async function spawnServer(
  dataDir: string,
  port: number,
  imports: string[] = [],
  env: Record<string, string> = {},
): Promise<ServerProcess> {
  const entry = await bundle();
  const loaders = imports.length ? ['--import', 'tsx', ...imports.flatMap((m) => ['--import', m])] : [];
  const child = spawn(process.execPath, [...loaders, entry], {
    cwd: repoRoot,
    env: {
      ...process.env,
      NODE_ENV: 'test',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      REDIS_URL: '',
      SMTP_URL: '',
      SEED: 'false',
      LOG_LEVEL: 'warn',
      OUTBOX_POLL_MS: '100',
      RATE_LIMIT_SCALE: '100',
      JWT_SECRET,
      ACCESS_TOKEN_TTL_SECONDS: '3600',
      WEB_DIST: path.join(dataDir, 'no-web-build'),
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  running.add(child);
  child.once('exit', () => running.delete(child));
  let out = '';
  child.stdout!.on('data', (d) => (out += String(d)));
  child.stderr!.on('data', (d) => (out += String(d)));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal })),
  );
  return { child, baseUrl: `http://127.0.0.1:${port}`, exited, output: () => out };
}

const running = new Set<ChildProcess>();

/** Kills every server this file started that still runs (a failed test must not leave one holding the database). */
export async function killServersLeft(): Promise<void> {
  await Promise.all(
    [...running].map((child) => {
      const gone = new Promise((r) => child.once('exit', r));
      child.kill('SIGKILL');
      return gone;
    }),
  );
}

/** Waits until GET /api/health answers 200; fails if the process ends first or after two minutes. */
export async function waitForHealth(server: ServerProcess): Promise<void> {
  for (let i = 0; i < 1200; i++) {
    if (server.child.exitCode !== null || server.child.signalCode !== null) {
      throw new Error(`the server ended before answering health:\n${server.output()}`);
    }
    const ok = await fetch(`${server.baseUrl}/api/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`the server did not answer health within two minutes:\n${server.output()}`);
}

export async function startServer(
  dataDir: string,
  port: number,
  imports: string[] = [],
  env: Record<string, string> = {},
): Promise<ServerProcess> {
  const server = await spawnServer(dataDir, port, imports, env);
  await waitForHealth(server);
  return server;
}

/** Whose the embedded database is: the pid in DATA_DIR/pglite.lock, or undefined when no process holds it. */
export function lockOwner(dataDir: string): number | undefined {
  try {
    return Number(readFileSync(path.join(dataDir, 'pglite.lock'), 'utf8').trim().split(' ')[0]) || undefined;
  } catch {
    return undefined;
  }
}

/**
 * The cluster state PostgreSQL keeps in `global/pg_control` (its DBState, the fourth field): 'shut down' once a close
 * finished its shutdown checkpoint, 'in production' when the process ended without one (a crash).
 */
export function clusterState(dataDir: string): 'shut down' | 'in production' | `other (${number})` {
  const state = readFileSync(path.join(pgliteDir(dataDir), 'global', 'pg_control')).readUInt32LE(16);
  return state === 1 ? 'shut down' : state === 6 ? 'in production' : `other (${state})`;
}

async function call(baseUrl: string, method: string, url: string, token?: string, body?: unknown) {
  const res = await fetch(`${baseUrl}${url}`, {
    method,
    headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  const text = await res.text();
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    json = undefined;
  }
  return { status: res.status, json: json as Record<string, unknown> & { data?: Record<string, unknown> }, text };
}

interface MailRow {
  id: number;
  subject: string;
  text: string;
}
const mailbox = async (baseUrl: string, to: string) =>
  (await call(baseUrl, 'GET', `/dev/mail/messages?to=${encodeURIComponent(to)}`)).json as unknown as MailRow[];

/** The newest message to `to` whose subject matches, newer than `after`; waits for the outbox (up to 10 s). */
async function awaitMail(baseUrl: string, to: string, subject: RegExp, after: number): Promise<MailRow> {
  for (let i = 0; i < 100; i++) {
    const m = (await mailbox(baseUrl, to)).find((x) => x.id > after && subject.test(x.subject));
    if (m) return m;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`no mail "${subject}" for ${to}`);
}

export interface HttpPatient {
  id: string;
  email: string;
  token: string;
  /** The id of the newest message of theirs already read. */
  lastMail: number;
}

/** Registers a patient, confirms the address from the e-mailed link, signs in: the accounts screens' calls. */
export async function registerPatient(baseUrl: string, label: string): Promise<HttpPatient> {
  const email = `crash-${label}-${Date.now()}@example.com`;
  const password = 'blue-harbour-lantern';
  const reg = await call(baseUrl, 'POST', '/api/user-register', undefined, {
    first_name: 'Crash',
    last_name: 'Tester',
    email,
    password,
    phone_number: '07911 123456',
    date_of_birth: '1990-04-12',
  });
  if (reg.status !== 201) throw new Error(`register ${reg.status}: ${reg.text}`);
  const link = await awaitMail(baseUrl, email, /./, 0);
  const verifyToken = /\/verify\/([A-Za-z0-9_-]+)/.exec(link.text)![1]!;
  const verified = await call(baseUrl, 'POST', `/api/verify-email/${verifyToken}`);
  if (verified.status !== 200) throw new Error(`verify ${verified.status}: ${verified.text}`);
  const login = await call(baseUrl, 'POST', '/api/user-login', undefined, { email, password, user_type: 'patient' });
  if (login.status !== 200) throw new Error(`login ${login.status}: ${login.text}`);
  const tokens = login.json.tokens as { access_token: string };
  return { id: String(login.json.user_id), email, token: tokens.access_token, lastMail: link.id };
}

export interface SlotChoice {
  providerId: string;
  date: string;
  time: string;
}

/** Free slots of these providers from two to twelve days ahead, as the profile screen lists them. */
export async function freeSlots(baseUrl: string, providerIds: string[]): Promise<SlotChoice[]> {
  const day = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString().slice(0, 10);
  const out: SlotChoice[] = [];
  for (const id of providerIds) {
    const res = await call(baseUrl, 'GET', `/api/provider-slots/${id}/?selectedRegion=uk&from=${day(2)}&to=${day(12)}`);
    if (res.status !== 200) throw new Error(`provider-slots ${res.status}: ${res.text}`);
    const slots = (res.json.data as { slots: { date: string; time: string; available: boolean }[] }).slots;
    for (const s of slots) if (s.available) out.push({ providerId: id, date: s.date, time: s.time });
  }
  return out;
}

/** What the patient was told about one booking. */
export interface Confirmed {
  patientId: string;
  providerId: string;
  date: string;
  time: string;
  orderId: string;
}

/**
 * The checkout of docs/booking.md over HTTP: hold the slot and get the code by e-mail, check the code, start a card
 * checkout, pay with the sandbox's test card, then poll the payment status as the screen does. Answers the booking when
 * the server said COMPLETED (what the patient sees as "booked"), 'taken' when the slot went to someone else; throws
 * on anything else (a connection cut by a kill included).
 */
export async function bookOverHttp(baseUrl: string, p: HttpPatient, s: SlotChoice): Promise<Confirmed | 'taken'> {
  const attempt = { providerId: s.providerId, providerRegion: 'uk', bookedDate: s.date, timeSlot: s.time };
  const hold = await call(baseUrl, 'POST', `/user/user-otp-verification/${p.id}/`, p.token, attempt);
  if (hold.status === 409 || hold.status === 404) return 'taken';
  if (hold.status !== 200) throw new Unexpected('hold', hold.status, hold.text);
  // A code e-mailed for an attempt that a kill interrupted can arrive after the restart: like the patient, take the
  // newest code, and the next one if that was the old one.
  for (let tries = 0; ; tries++) {
    const mail = await awaitMail(baseUrl, p.email, /is your CareSlot verification code/, p.lastMail);
    p.lastMail = mail.id;
    const code = /^(\d{6})/.exec(mail.subject)![1]!;
    const check = await call(baseUrl, 'GET', `/user/user-otp-verification/${p.id}/?otp=${code}`, p.token);
    if (check.status === 200 && check.json.status === true) break;
    if (tries > 0 || check.status !== 200) throw new Unexpected('code', check.status, check.text);
  }
  const checkout = await call(baseUrl, 'POST', `/user/stripe-checkout/${p.id}/`, p.token, {
    ...attempt,
    type_of_visit: 'first_visit',
    purpose_for_visit: 'Persistent lower back pain for three weeks',
    doctorDistance: '2.4',
  });
  if (checkout.status === 409) return 'taken';
  if (checkout.status !== 200) throw new Unexpected('checkout', checkout.status, checkout.text);
  const orderId = String(checkout.json.sessionId);
  const pay = await call(baseUrl, 'POST', `/sandbox/stripe/checkout-sessions/${orderId}/pay`, undefined, {
    card_number: '4242 4242 4242 4242',
    exp_month: 12,
    exp_year: new Date().getFullYear() + 2,
    cvc: '123',
  });
  if (pay.status !== 200) throw new Unexpected('pay', pay.status, pay.text);
  for (let i = 0; i < 50; i++) {
    const status = await call(baseUrl, 'GET', `/user/check-payment-status/${orderId}/`, p.token);
    if (status.status !== 200) throw new Unexpected('status', status.status, status.text);
    const value = status.json.data?.status;
    if (value === 'COMPLETED') return { patientId: p.id, providerId: s.providerId, date: s.date, time: s.time, orderId };
    if (value === 'FAILED') throw new Unexpected('status', status.status, status.text);
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Unexpected('status', 200, 'still PENDING after 5 s');
}

/** An answer the checkout should never give (as opposed to a connection cut by the kill). */
export class Unexpected extends Error {
  constructor(
    readonly step: string,
    readonly status: number,
    body: string,
  ) {
    super(`${step} answered ${status}: ${body.slice(0, 300)}`);
  }
}

/**
 * Patients booking at once, each one booking after another from a shared list of slots, until stop() or until the
 * server goes away. `confirmed` fills as the server confirms; `unexpected` collects answers that should not happen.
 */
export function bookingLoad(baseUrl: string, patients: HttpPatient[], slots: SlotChoice[]) {
  const confirmed: Confirmed[] = [];
  const unexpected: string[] = [];
  let stopped = false;
  let next = 0;
  const run = async (p: HttpPatient) => {
    while (!stopped && next < slots.length) {
      const slot = slots[next++]!;
      try {
        const result = await bookOverHttp(baseUrl, p, slot);
        if (result !== 'taken') confirmed.push(result);
      } catch (err) {
        if (err instanceof Unexpected) unexpected.push(err.message);
        return; // the server went away (or answered something unexpected): this patient stops
      }
    }
  };
  let finished = false;
  const done = Promise.all(patients.map(run)).then(() => {
    finished = true;
  });
  return {
    confirmed,
    unexpected,
    done,
    /** Every patient has stopped (the server went away, answered something unexpected, or the slots ran out). */
    get finished() {
      return finished;
    },
    stop: () => {
      stopped = true;
    },
  };
}

export interface DatabaseCheck {
  /** btree indexes verified with amcheck, heap included (every row of the table found in the index). */
  btreeIndexes: number;
  /** Tables whose heap verify_heapam checked page by page. */
  tables: number;
  /** Problems found (empty when the database is whole). */
  corruption: string[];
  /** "patient|order" of every booked and paid booking. */
  booked: Set<string>;
}

/**
 * Opens the data folder the way the next start would (crash recovery if the last process died), verifies every btree
 * index of the database, system catalogs included, with amcheck's bt_index_check (heapallindexed), every table's heap
 * with verify_heapam, and answers the booked and paid bookings. Only when no process holds the database.
 */
export async function checkDatabase(dataDir: string): Promise<DatabaseCheck> {
  const db = new PGlite(pgliteDir(dataDir), { extensions: { btree_gist, amcheck } });
  try {
    await db.waitReady;
    await db.exec('create extension if not exists amcheck');
    const corruption: string[] = [];
    const indexes = await db.query<{ oid: number; name: string }>(
      `select c.oid, n.nspname || '.' || c.relname as name from pg_index i join pg_class c on c.oid = i.indexrelid
       join pg_am am on am.oid = c.relam join pg_namespace n on n.oid = c.relnamespace
       where am.amname = 'btree' and c.relpersistence = 'p' and i.indisvalid and i.indisready`,
    );
    for (const { oid, name } of indexes.rows) {
      await db.query('select bt_index_check($1::regclass, true)', [oid]).catch((err: Error) => corruption.push(`${name}: ${err.message}`));
    }
    const tables = await db.query<{ oid: number; name: string }>(
      `select c.oid, n.nspname || '.' || c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
       where c.relkind in ('r', 'm', 't') and c.relpersistence = 'p'`,
    );
    for (const { oid, name } of tables.rows) {
      const found = await db
        .query<{ blkno: number; msg: string }>('select blkno, msg from verify_heapam($1::regclass)', [oid])
        .catch((err: Error) => ({ rows: [{ blkno: -1, msg: err.message }] }));
      for (const r of found.rows) corruption.push(`${name} block ${r.blkno}: ${r.msg}`);
    }
    await db.exec('drop extension amcheck');
    const booked = await db.query<{ patient_id: string; external_id: string }>(
      `select b.patient_id, p.external_id from bookings b join payments p on p.booking_id = b.id
       where b.status = 'Booked' and p.status = 'COMPLETED'`,
    );
    return {
      btreeIndexes: indexes.rows.length,
      tables: tables.rows.length,
      corruption,
      booked: new Set(booked.rows.map((r) => `${r.patient_id}|${r.external_id}`)),
    };
  } finally {
    await db.close();
  }
}
