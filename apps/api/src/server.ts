import closeWithGrace from 'close-with-grace';
import { buildApp } from './app';
import { loadConfig } from './config';
import { openDatabase, runMigrations } from './db/client';
import { isDatabaseEmpty, seedDatabase } from './db/seed/seed';

const config = loadConfig();
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
