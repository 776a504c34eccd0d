/** The first start's seed is all or nothing, and happens once however many processes start together. */
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app';
import { providers, specialities, staffUsers } from '../schema';
import { DEMO_ACCOUNTS, seedIfEmpty } from './seed';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ seed: false });
}, 120_000);
afterAll(async () => t?.close());

const small = { providersPerRegion: 12, days: 3, demoAccounts: true };
const rows = async (table: typeof providers | typeof specialities) => (await t.database.db.select({ n: count() }).from(table))[0]!.n;

describe('seedIfEmpty', () => {
  it('a seed that fails part-way leaves the database empty; the next start seeds it whole, once, however many start together', async () => {
    // The demo superuser is the last thing the seed writes; an account already holding its address makes it fail there.
    await t.database.db.insert(staffUsers).values({ email: DEMO_ACCOUNTS.staff.email, password_hash: 'x', role: 'admin' });
    await expect(seedIfEmpty(t.database.db, small)).rejects.toThrow();
    expect(await rows(specialities)).toBe(0);
    expect(await rows(providers)).toBe(0);

    await t.database.db.delete(staffUsers).where(eq(staffUsers.email, DEMO_ACCOUNTS.staff.email));
    // Two processes starting together on one database (two pool connections on PostgreSQL): one seeds, one waits.
    const answers = await Promise.all([seedIfEmpty(t.database.db, small), seedIfEmpty(t.database.db, small)]);
    expect(answers.filter(Boolean)).toHaveLength(1);
    expect(await rows(providers)).toBe(2 * small.providersPerRegion);
    expect(await seedIfEmpty(t.database.db, small)).toBe(false);
    expect(await rows(providers)).toBe(2 * small.providersPerRegion);
  });
});
