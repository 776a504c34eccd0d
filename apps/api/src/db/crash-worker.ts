/**
 * The process the crash test kills with -9 (not a test file itself): it opens the embedded database in DATA_DIR the
 * way the server does (lock, migrations, seed when empty), then books free slots one transaction at a time and prints
 * `confirmed <booking id>` only after each commit, with a `vacuum analyze` every few bookings (the operation after
 * which a damaged index was once found). It never stops by itself.
 */
import { randomUUID } from 'node:crypto';
import { and, asc, eq, sql } from 'drizzle-orm';
import { openDatabase, runMigrations } from './client';
import { availabilitySlots, bookings } from './schema/booking';
import { isDatabaseEmpty, seedDatabase } from './seed/seed';

const dataDir = process.argv[2];
if (!dataDir) throw new Error('usage: crash-worker DATA_DIR');
const database = await openDatabase({ dataDir });
await runMigrations(database);
if (await isDatabaseEmpty(database.db)) await seedDatabase(database.db, { providersPerRegion: 3, days: 30, demoAccounts: false });
process.stdout.write('ready\n');

for (let n = 1; ; n++) {
  const booked = await database.db.transaction(async (tx) => {
    const [slot] = await tx
      .select()
      .from(availabilitySlots)
      .where(
        and(
          eq(availabilitySlots.status, 'open'),
          sql`not exists (select 1 from ${bookings} b where b.slot_id = ${availabilitySlots.id} and b.status in ('Held','Booked'))`,
        ),
      )
      .orderBy(asc(availabilitySlots.id))
      .limit(1);
    if (!slot) throw new Error('no free slot left');
    const [row] = await tx
      .insert(bookings)
      .values({
        slot_id: slot.id,
        provider_id: slot.provider_id,
        region: slot.region,
        status: 'Booked',
        amount_minor: 6000,
        currency: slot.region === 'uk' ? 'GBP' : 'USD',
        payment_method: 'stripe',
        ics_uid: `${randomUUID()}@careslot`,
      })
      .returning({ id: bookings.id });
    return row!.id;
  });
  process.stdout.write(`confirmed ${booked}\n`);
  if (n % 15 === 0) {
    process.stdout.write('vacuum\n');
    await database.db.execute(sql`vacuum analyze`);
  }
}
