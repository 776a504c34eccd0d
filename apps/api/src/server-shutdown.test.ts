/**
 * The real server (src/server.ts in its own process, on the embedded database) closes its database on every way
 * out, while patients book over HTTP: SIGTERM, Ctrl-C pressed twice (the second arrives during the close), an error
 * nobody caught, a rejection nobody handled, and a start that fails because the port is taken. Each time the
 * process ends by itself, its lock is released, PostgreSQL's control file says the database was shut down (the
 * shutdown checkpoint ran: a crash leaves "in production"), every index and heap verifies with amcheck, and every
 * booking the server confirmed is there. Decisions 052 and 065, docs/operations.md.
 */
import { createServer, type Server } from 'node:net';
import { rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from './test/redis-server';
import {
  bookingLoad,
  checkDatabase,
  clusterState,
  freeSlots,
  killServersLeft,
  removeBundle,
  lockOwner,
  prepareDataDir,
  registerPatient,
  spawnServer,
  startServer,
  type Confirmed,
  type HttpPatient,
  type ServerProcess,
} from './test/server-process';

// eslint-disable-next-line no-restricted-properties
const againOnPostgres = !!process.env.TEST_DATABASE_URL;
if (againOnPostgres) console.warn('TEST_DATABASE_URL is set: the embedded-database shutdown test is skipped (it ran in the PGlite pass)');

const failOnSignal = path.join(path.dirname(fileURLToPath(import.meta.url)), 'test', 'fail-on-sigusr2.ts');
let dataDir = '';
let providerIds: string[] = [];
let patients: HttpPatient[] = [];
const everConfirmed: Confirmed[] = [];

/** Starts the server, books until two bookings are confirmed, runs `stop` with requests in flight, awaits the exit. */
async function stopDuringBookings(stop: (s: ServerProcess) => unknown, opts: { imports?: string[]; env?: Record<string, string> } = {}) {
  const port = await freePort();
  const server = await startServer(dataDir, port, opts.imports, opts.env);
  if (patients.length === 0) patients = await Promise.all([0, 1, 2].map((n) => registerPatient(server.baseUrl, `s${n}`)));
  const load = bookingLoad(server.baseUrl, patients, await freeSlots(server.baseUrl, providerIds));
  while (load.confirmed.length < 2 && !load.finished) await new Promise((r) => setTimeout(r, 10));
  await stop(server);
  const exit = await server.exited;
  load.stop();
  await load.done;
  everConfirmed.push(...load.confirmed);
  // While the server closes, new requests get 503 (or a refused connection); nothing else is acceptable.
  expect(load.unexpected.filter((u) => !/ answered 503:/.test(u))).toEqual([]);
  return { exit, output: server.output() };
}

/** The database was closed properly, and is whole with every confirmed booking. */
async function expectClosedAndWhole() {
  expect(lockOwner(dataDir), 'the lock is released by the close').toBeUndefined();
  expect(clusterState(dataDir)).toBe('shut down');
  const check = await checkDatabase(dataDir);
  expect(check.corruption).toEqual([]);
  expect(check.btreeIndexes).toBeGreaterThan(100);
  expect(everConfirmed.filter((c) => !check.booked.has(`${c.patientId}|${c.orderId}`))).toEqual([]);
}

describe.skipIf(againOnPostgres)('the server closes the embedded database on every way out', () => {
  beforeAll(async () => {
    ({ dataDir, providerIds } = await prepareDataDir('shutdown'));
  }, 120_000);
  // A test that fails must not leave its server holding the database for the next one.
  afterEach(() => killServersLeft());
  afterAll(async () => {
    removeBundle();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('on SIGTERM during bookings', { timeout: 120_000 }, async () => {
    const { exit, output } = await stopDuringBookings((s) => s.child.kill('SIGTERM'));
    expect(exit, output).toEqual({ code: 0, signal: null });
    await expectClosedAndWhole();
  });

  it('on Ctrl-C pressed twice: the second SIGINT arrives during the close and does not cut it short', { timeout: 120_000 }, async () => {
    const { exit, output } = await stopDuringBookings(
      async (s) => {
        s.child.kill('SIGINT');
        // The second one once the close has begun (the server says so at level info).
        while (!s.output().includes('"msg":"shutting down"') && s.child.exitCode === null) await new Promise((r) => setTimeout(r, 2));
        s.child.kill('SIGINT');
      },
      { env: { LOG_LEVEL: 'info' } },
    );
    expect(exit, output).toEqual({ code: 0, signal: null });
    expect(output).toContain('still closing the database');
    await expectClosedAndWhole();
  });

  for (const kind of ['exception', 'rejection'] as const) {
    it(`on an uncaught ${kind} during bookings`, { timeout: 120_000 }, async () => {
      const { exit, output } = await stopDuringBookings((s) => s.child.kill('SIGUSR2'), {
        imports: [failOnSignal],
        env: { FAIL_ON_SIGUSR2: kind },
      });
      expect(exit, output).toEqual({ code: 1, signal: null });
      expect(output).toContain('(raised by the test)');
      await expectClosedAndWhole();
    });
  }

  it('when the start fails (the port is taken)', { timeout: 120_000 }, async () => {
    const port = await freePort();
    const squatter: Server = createServer();
    await new Promise<void>((r) => squatter.listen(port, '127.0.0.1', r));
    try {
      const server = await spawnServer(dataDir, port);
      const exit = await server.exited;
      expect(exit, server.output()).toEqual({ code: 1, signal: null });
      expect(server.output()).toContain('could not start');
      expect(server.output()).toContain('EADDRINUSE');
    } finally {
      squatter.close();
    }
    await expectClosedAndWhole();
  });
});
