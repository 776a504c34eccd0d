import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import closeWithGrace from 'close-with-grace';
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
await runMigrations(database);
if (config.SEED && (await isDatabaseEmpty(database.db))) {
  await seedDatabase(database.db, { demoAccounts: !config.isProduction });
}

const app = await buildApp({ config, database });
closeWithGrace({ delay: 10_000 }, async ({ err, signal }) => {
  if (err) app.log.error({ err }, 'shutting down after an error');
  else app.log.info({ signal }, 'shutting down');
  await app.close();
  await database.close();
});
await app.listen({ port: config.PORT, host: config.HOST });

function developmentSecret(dataDir: string, name: string): string {
  const file = path.resolve(dataDir, name);
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(path.dirname(file), { recursive: true });
  const secret = randomBytes(32).toString('hex');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}
