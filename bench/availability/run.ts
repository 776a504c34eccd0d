/**
 * npm run bench:availability
 *
 * Figures for the availability engine (docs/provider-workspace.md): how fast rules expand into slots, how long the demo
 * seed takes to publish its availability through the rules (the roll-forward, on an in-memory PGlite), and how long a
 * provider's weekly rule takes to save and to regenerate when a setting changes. Prints figures; asserts nothing.
 * BENCH_PROVIDERS providers per region for the seed (default 160, the demo's).
 */
import { loadavg } from 'node:os';
import { eq } from 'drizzle-orm';
import { openDatabase, runMigrations } from '../../apps/api/src/db/client';
import { providers } from '../../apps/api/src/db/schema/providers';
import { seedDatabase, DEMO_ACCOUNTS } from '../../apps/api/src/db/seed/seed';
import { expandRule } from '../../apps/api/src/modules/availability/rule-expansion';
import { changeScheduleSettings, createRule } from '../../apps/api/src/modules/availability/save-rule';
import { listClinics } from '../../apps/api/src/modules/availability/availability.repository';

const PER_REGION = Number(process.env.BENCH_PROVIDERS ?? 160);
const ms = (t: number) => `${(performance.now() - t).toFixed(0)} ms`;

// 1. Expansion: a year of weekday hours, 15-minute slots, in London and New York.
for (const zone of ['Europe/London', 'America/New_York']) {
  const rule = {
    id: 'bench',
    kind: 'weekly' as const,
    hospital_id: 'h',
    weekdays: [1, 2, 3, 4, 5],
    blocks: [
      { start_time: '08:00', end_time: '12:00' },
      { start_time: '13:00', end_time: '18:00' },
    ],
    from_date: '2027-01-01',
    until_date: null,
    slot_minutes: 15,
  };
  const opts = { slotMinutes: 15, bufferMinutes: 0, zoneOf: () => zone, from: '2027-01-01', to: '2027-12-31' };
  expandRule(rule, opts); // warm-up
  const t = performance.now();
  let n = 0;
  for (let i = 0; i < 10; i++) n += expandRule(rule, opts).length;
  const elapsed = performance.now() - t;
  console.log(`expand ${zone}: ${n / 10} slots a year, ${((elapsed / n) * 1000).toFixed(1)} µs a slot`);
}

// 2. The demo seed: rules for every provider, then the roll-forward writes their slots.
const database = await openDatabase({ inMemory: true });
await runMigrations(database);
let t = performance.now();
await seedDatabase(database.db, { providersPerRegion: PER_REGION, demoAccounts: true });
console.log(`seed of ${PER_REGION * 2} providers with their rules and slots: ${ms(t)}`);

// 3. One provider: a weekly rule to the 90-day horizon, then a settings change that regenerates it.
const [demo] = await database.db.select().from(providers).where(eq(providers.email, DEMO_ACCOUNTS.provider.email));
const [clinic] = await listClinics(database.db, demo!.id);
t = performance.now();
const saved = await createRule(database.db, demo!.id, {
  providerRegion: 'uk',
  hospital_id: clinic!.id,
  weekdays: [6, 7],
  blocks: [{ start_time: '18:00', end_time: '21:00' }],
  from_date: new Date().toISOString().slice(0, 10),
} as Parameters<typeof createRule>[2]);
console.log(`save a weekly rule (${saved.created} slots, clashes checked 18 months ahead): ${ms(t)}`);
t = performance.now();
const changed = await changeScheduleSettings(database.db, demo!.id, { providerRegion: 'uk', buffer_minutes: 5 });
console.log(`change the buffer (every rule regenerated: ${changed.created} created, ${changed.removed} taken away): ${ms(t)}`);
console.log(
  `load average during the run: ${loadavg()
    .map((x) => x.toFixed(1))
    .join(' ')}`,
);
await database.close();
