/**
 * The process crash.test.ts kills during a large `vacuum analyze` (not a test file itself; the app never vacuums by
 * itself, so a second process with PGlite's single connection is the only way to vacuum its data folder). It opens the
 * database in DATA_DIR the way the server does (lock, migrations), leaves many dead rows in indexed tables (50 000
 * mails in and out of the dev mailbox, every slot and booking rewritten), prints `vacuum` and runs `vacuum analyze`.
 * Mode `vacuum` then waits to be killed; mode `vacuum-then-exit` starts the close without awaiting it and exits at
 * once, printing `exiting` (the story: a large vacuum analyze, then a close cut short).
 */
import { sql } from 'drizzle-orm';
import { openDatabase, runMigrations } from './client';

const [dataDir, mode] = process.argv.slice(2);
if (!dataDir || (mode !== 'vacuum' && mode !== 'vacuum-then-exit')) throw new Error('usage: crash-worker DATA_DIR vacuum|vacuum-then-exit');
const database = await openDatabase({ dataDir });
await runMigrations(database);
await database.db.execute(sql`
  insert into dev_mailbox ("to", subject, text, html, raw)
  select 'vacuum-' || g || '@example.com', 'Filler ' || g, repeat('x', 200), repeat('y', 200), repeat('z', 400)
  from generate_series(1, 50000) g`);
await database.db.execute(sql`delete from dev_mailbox where "to" like 'vacuum-%'`);
await database.db.execute(sql`update availability_slots set status = status`);
await database.db.execute(sql`update bookings set status = status`);
process.stdout.write('vacuum\n');
await database.db.execute(sql`vacuum analyze`);
process.stdout.write('vacuumed\n');
if (mode === 'vacuum-then-exit') {
  void database.close();
  process.stdout.write('exiting\n');
  process.exit(0);
}
// Stays open (as a running server would) until it is killed.
setInterval(() => undefined, 60_000);
