import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import closeWithGrace from 'close-with-grace';
import type { FastifyInstance } from 'fastify';
import { buildApp } from './app';
import { loadConfig } from './config';
import { openDatabase, runMigrations } from './db/client';
import { isDatabaseEmpty, seedDatabase } from './db/seed/seed';

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
});

/**
 * Every way out closes the database, and waits for it: a signal, an uncaught error, a failed start. The embedded
 * database (PGlite) must finish its close (checkpoint, files closed) before the process ends (decision 052), so the
 * HTTP side gets a bounded time and the database close is never cut short by close-with-grace's own deadline.
 */
let app: FastifyInstance | undefined;
const APP_CLOSE_MS = 8_000;
async function shutdown() {
  try {
    if (app) await Promise.race([app.close(), new Promise((r) => setTimeout(r, APP_CLOSE_MS).unref())]);
  } catch (err) {
    app?.log.error({ err }, 'closing the server failed; closing the database anyway');
  } finally {
    await database.close();
  }
}
closeWithGrace({ delay: 60_000 }, async ({ err, signal }) => {
  if (err) (app?.log ?? console).error({ err }, 'shutting down after an error');
  else app?.log.info({ signal }, 'shutting down');
  await shutdown();
});

try {
  await runMigrations(database);
  if (config.SEED && (await isDatabaseEmpty(database.db))) {
    await seedDatabase(database.db, { demoAccounts: !config.isProduction });
  }
  app = await buildApp({ config, database });
  await app.listen({ port: config.PORT, host: config.HOST });
} catch (err) {
  (app?.log ?? console).error({ err }, 'could not start; closing the database');
  await shutdown();
  process.exit(1);
}

function developmentSecret(dataDir: string, name: string): string {
  const file = path.resolve(dataDir, name);
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(path.dirname(file), { recursive: true });
  const secret = randomBytes(32).toString('hex');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}
