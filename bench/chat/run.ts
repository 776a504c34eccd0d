/**
 * npm run bench:chat
 *
 * Figures for the chat assistant (docs/chat.md): how long one turn of the offline engine takes end to end (the POST
 * through Fastify, the safety layer, the engine, the conversation saved), by kind of message, on an in-memory PGlite
 * with the demo seed. Prints median and 95th percentile; asserts nothing. BENCH_PROVIDERS per region (default 160).
 */
import { loadavg } from 'node:os';
import { buildApp } from '../../apps/api/src/app';
import { loadConfig } from '../../apps/api/src/config';
import { openDatabase, runMigrations } from '../../apps/api/src/db/client';
import { seedDatabase } from '../../apps/api/src/db/seed/seed';

const PER_REGION = Number(process.env.BENCH_PROVIDERS ?? 160);
const ROUNDS = 40;

const database = await openDatabase({ inMemory: true });
await runMigrations(database);
await seedDatabase(database.db, { providersPerRegion: PER_REGION, demoAccounts: true });
const config = loadConfig({
  NODE_ENV: 'test',
  LOG_LEVEL: 'silent',
  OUTBOX_WORKER: 'false',
  SEED: 'false',
  RATE_LIMIT_SCALE: '1000',
  WEB_DIST: '/nonexistent',
  DATA_DIR: '/tmp',
});
const app = await buildApp({ config, database });
await app.ready();

const cases: [label: string, message: string][] = [
  ['emergency (safety layer only)', 'I have crushing chest pain'],
  ['help question (MiniSearch)', 'how do refunds work?'],
  ['unknown question', 'what is the capital of France'],
  ['search, any time', 'I need a dentist near SW1A 1AA'],
  ['search with a time window', 'I need a dentist near SW1A 1AA tomorrow'],
  ['search, Saturday morning, 50 miles', 'GP near M13 9PL within 50 miles saturday morning'],
];

const pct = (xs: number[], p: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(xs.length * p))]!;
for (const [label, message] of cases) {
  const times: number[] = [];
  for (let i = 0; i < ROUNDS; i++) {
    const t = performance.now();
    const res = await app.inject({
      method: 'POST',
      url: '/api/chatbot/',
      payload: { message, selectedRegion: 'uk' },
      remoteAddress: `10.0.${i}.1`,
    });
    times.push(performance.now() - t);
    if (res.statusCode !== 200) throw new Error(`${label}: ${res.statusCode} ${res.body}`);
  }
  console.log(`${label}: median ${pct(times, 0.5).toFixed(1)} ms, p95 ${pct(times, 0.95).toFixed(1)} ms (${ROUNDS} turns)`);
}
console.log(
  `load average during the run: ${loadavg()
    .map((x) => x.toFixed(1))
    .join(' ')}`,
);
await app.close();
await database.close();
