/**
 * The servers under test run as child processes, so autocannon (in the bench process) does not take CPU from them:
 * - the API: `node --import tsx <root>/apps/api/src/server.ts` (BENCH_SERVER=dist: `node <root>/apps/api/dist/server.js`, the
 *   build of `npm run build`), production settings, on 127.0.0.1 and a free port;
 * - the bare Fastify JSON route: `node --import tsx bench/search/bare-server.ts`.
 * Every child is killed when the bench ends, also on an error, Ctrl-C or the BENCH_TIMEOUT watchdog.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** The API settings of every bench run: production mode, warnings only, no mail worker, rate limits out of the way. */
export const API_ENV = {
  NODE_ENV: 'production',
  JWT_SECRET: 'bench-secret-bench-secret-bench-secret-00',
  DATA_ENCRYPTION_KEY: '0b'.repeat(32),
  LOG_LEVEL: 'warn',
  OUTBOX_WORKER: 'false',
  // Searches without a solved captcha are limited per IP; the bench's single IP gets 1,000,000 times the budget.
  RATE_LIMIT_SCALE: '1000000',
  SANDBOX_PAYMENTS: 'true',
  PUBLIC_URL: 'http://127.0.0.1',
  WEB_DIST: '/nonexistent',
  // The bench databases are seeded by the bench; an empty one must fail the run, not be filled with the demo seed.
  SEED: 'false',
} as const;

export interface ServerChild {
  base: string;
  pid: number;
  stop(): Promise<void>;
}

const children = new Set<ChildProcess>();

function killAll(signal: NodeJS.Signals) {
  for (const child of children) if (child.exitCode === null && child.signalCode === null) child.kill(signal);
}

process.on('exit', () => killAll('SIGKILL'));
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const)
  process.on(signal, () => {
    console.error(`bench: ${signal}, stopping the servers`);
    killAll('SIGKILL');
    process.exit(130);
  });
process.on('uncaughtException', (err) => {
  console.error(err);
  killAll('SIGKILL');
  process.exit(1);
});
process.on('unhandledRejection', (err) => {
  console.error(err);
  killAll('SIGKILL');
  process.exit(1);
});

/** Ends the whole bench (servers included) if it runs longer than `seconds` (BENCH_TIMEOUT overrides). */
export function watchdog(seconds: number) {
  const limit = Number(process.env.BENCH_TIMEOUT ?? seconds);
  setTimeout(() => {
    console.error(`bench: still running after ${limit} s (BENCH_TIMEOUT), stopping`);
    killAll('SIGKILL');
    process.exit(1);
  }, limit * 1000).unref();
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

async function startChild(
  label: string,
  args: string[],
  env: Record<string, string>,
  readyPath: string,
  timeoutMs: number,
): Promise<ServerChild> {
  const port = await freePort();
  const child = spawn(process.execPath, args, {
    cwd: REPO_ROOT,
    // Only what the server needs: nothing from the bench's own environment (e.g. a DATABASE_URL) leaks in.
    env: { PATH: process.env.PATH ?? '/usr/bin:/bin', HOME: process.env.HOME ?? '/tmp', ...env, HOST: '127.0.0.1', PORT: String(port) },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.add(child);
  let tail = '';
  const forward = (chunk: Buffer) => {
    const text = chunk.toString();
    tail = (tail + text).slice(-4000);
    for (const line of text.split('\n')) if (line.trim()) console.error(`[${label}] ${line.slice(0, 500)}`);
  };
  child.stdout!.on('data', forward);
  child.stderr!.on('data', forward);
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  void exited.then(() => children.delete(child));

  const base = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null)
      throw new Error(`${label} exited (${child.exitCode ?? child.signalCode}) before answering:\n${tail}`);
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`${label} did not answer ${readyPath} within ${timeoutMs / 1000} s:\n${tail}`);
    }
    const ok = await fetch(base + readyPath, { signal: AbortSignal.timeout(2000) })
      .then((r) => r.ok)
      .catch(() => false);
    if (ok) break;
    await new Promise((r) => setTimeout(r, 250));
  }

  return {
    base,
    pid: child.pid!,
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.kill('SIGTERM');
      const killed = setTimeout(() => child.kill('SIGKILL'), 15_000);
      await exited;
      clearTimeout(killed);
    },
  };
}

/** Starts the API of `root` (default this checkout; BENCH_APP_ROOT another copy) on PostgreSQL or on a PGlite data directory. */
export function startApi(db: { databaseUrl: string } | { dataDir: string }, root = process.env.BENCH_APP_ROOT ?? REPO_ROOT) {
  // BENCH_API_NODE_ARGS adds Node options to the API only, e.g. "--cpu-prof --cpu-prof-dir=/tmp/prof" to profile it.
  const nodeArgs = process.env.BENCH_API_NODE_ARGS?.split(' ').filter(Boolean) ?? [];
  const entry =
    process.env.BENCH_SERVER === 'dist'
      ? [...nodeArgs, path.join(root, 'apps/api/dist/server.js')]
      : [...nodeArgs, '--import', 'tsx', path.join(root, 'apps/api/src/server.ts')];
  const dbEnv: Record<string, string> = 'databaseUrl' in db ? { DATABASE_URL: db.databaseUrl } : { DATA_DIR: db.dataDir };
  // Opening a large PGlite data directory and running the migrations can take a while on a busy machine.
  return startChild('api', entry, { ...API_ENV, ...dbEnv }, '/api/health', 300_000);
}

export function startBare() {
  return startChild('bare', ['--import', 'tsx', path.join(REPO_ROOT, 'bench/search/bare-server.ts')], {}, '/json', 60_000);
}
