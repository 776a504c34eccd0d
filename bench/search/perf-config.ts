import { loadConfig } from '../../apps/api/src/config';

/** The API settings every bench run uses (production mode, silent, rate limits out of the way). */
export function benchConfig() {
  return loadConfig({
    NODE_ENV: 'production',
    JWT_SECRET: 'bench-secret-bench-secret-bench-secret-00',
    DATA_ENCRYPTION_KEY: '0b'.repeat(32),
    LOG_LEVEL: 'silent',
    OUTBOX_WORKER: 'false',
    RATE_LIMIT_SCALE: '1000000',
    WEB_DIST: '/nonexistent',
    SANDBOX_PAYMENTS: 'true',
    PUBLIC_URL: 'http://127.0.0.1',
  });
}
