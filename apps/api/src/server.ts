import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp } from './app';
import { loadConfig } from './config';
import { openDatabase, runMigrations } from './db/client';
import { seedIfEmpty } from './db/seed/seed';

const config = loadConfig();
if (!config.JWT_SECRET && !config.isProduction) {
  // Development: keep one signing secret in DATA_DIR so a restart does not sign everyone out.
  config.JWT_SECRET = developmentSecret(config.DATA_DIR, 'dev-jwt-secret');
}
if (!config.DATA_ENCRYPTION_KEY && !config.isProduction) {
  // Likewise the key of bank account numbers, so they stay readable across restarts.
  config.DATA_ENCRYPTION_KEY = developmentSecret(config.DATA_DIR, 'dev-data-encryption-key');
}
const database = await openDatabase({
  databaseUrl: config.DATABASE_URL,
  dataDir: config.DATA_DIR,
  inMemory: config.DATABASE_IN_MEMORY,
  replicaUrls: config.DATABASE_REPLICA_URLS,
  replicaMaxLagMs: config.REPLICA_MAX_LAG_MS,
  namedStatements: config.DATABASE_PREPARED_STATEMENTS,
});

/**
 * Every way out closes the database, and waits for it: a signal, an uncaught error, a failed start. The embedded
 * database (PGlite) must finish its close (checkpoint, files closed, flushed) before the process ends (decisions 052
 * and 065), so the HTTP side gets 3 s (the database close must begin before `npm run dev`'s watcher kills the process
 * with -9, 5 s after asking it to stop), and nothing that arrives during the close ends the process early: Ctrl-C
 * pressed again, or an error raised while closing, is logged and the close goes on. Only a close still running after
 * a minute is given up.
 */
let app: FastifyInstance | undefined;
const APP_CLOSE_MS = 3_000;
const GIVE_UP_MS = 60_000;
const log = (): Pick<FastifyInstance['log'], 'info' | 'warn' | 'error'> => app?.log ?? console;
let closing: Promise<void> | undefined;

async function shutdown() {
  try {
    if (app) {
      // Requests in flight may finish; a keep-alive connection is closed as soon as its request is answered instead
      // of holding the close open until the client lets it go.
      const server = app.server;
      const closeIdle = setInterval(() => server.closeIdleConnections(), 50);
      await Promise.race([app.close(), new Promise((r) => setTimeout(r, APP_CLOSE_MS).unref())]).finally(() => clearInterval(closeIdle));
    }
  } catch (err) {
    log().error({ err }, 'closing the server failed; closing the database anyway');
  } finally {
    await database.close();
  }
}

/** Closes everything once, then exits with `code`; a later call while closing only logs. */
function exitAfterClose(code: number, why: { signal?: string; err?: unknown; message?: string }): Promise<void> {
  if (closing) {
    if (why.err) log().error({ err: why.err }, 'error while shutting down; the database close goes on');
    else log().warn({ signal: why.signal }, 'still closing the database; the process ends when it is done');
    return closing;
  }
  if (why.err) log().error({ err: why.err }, why.message ?? 'shutting down after an error');
  else log().info({ signal: why.signal }, 'shutting down');
  setTimeout(() => {
    log().error(`the database did not close within ${GIVE_UP_MS / 1000} s; exiting anyway`);
    process.exit(1);
  }, GIVE_UP_MS);
  closing = shutdown().then(
    () => process.exit(code),
    (err) => {
      log().error({ err }, 'closing the database failed');
      process.exit(1);
    },
  );
  return closing;
}
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) process.on(signal, () => void exitAfterClose(0, { signal }));
process.on('uncaughtException', (err) => void exitAfterClose(1, { err }));
process.on('unhandledRejection', (err) => void exitAfterClose(1, { err }));

try {
  await runMigrations(database);
  if (config.SEED) await seedIfEmpty(database.db, { demoAccounts: !config.isProduction });
  app = await buildApp({ config, database });
  await app.listen({ port: config.PORT, host: config.HOST });
} catch (err) {
  await exitAfterClose(1, { err, message: 'could not start; closing the database' });
}

function developmentSecret(dataDir: string, name: string): string {
  const file = path.resolve(dataDir, name);
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(path.dirname(file), { recursive: true });
  const secret = randomBytes(32).toString('hex');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}
