import { and, asc, count, desc, eq, ne, sql } from 'drizzle-orm';
import type { Queryable, Tx } from '../../db/client';
import { bankAccounts, providers } from '../../db/schema/providers';

export type BankAccountRow = typeof bankAccounts.$inferSelect;

/** Primary first, then the oldest. */
export async function listAccounts(db: Queryable, providerId: string): Promise<BankAccountRow[]> {
  return db
    .select()
    .from(bankAccounts)
    .where(eq(bankAccounts.provider_id, providerId))
    .orderBy(desc(bankAccounts.is_primary), asc(bankAccounts.createdAt), asc(bankAccounts.id));
}

export async function countAccounts(db: Queryable, providerId: string): Promise<number> {
  const [row] = await db.select({ n: count() }).from(bankAccounts).where(eq(bankAccounts.provider_id, providerId));
  return row?.n ?? 0;
}

/** One provider's account changes run one at a time (the provider row's lock), so "exactly one primary" holds. */
export async function lockProviderAccounts(tx: Tx, providerId: string): Promise<BankAccountRow[]> {
  await tx.select({ id: providers.id }).from(providers).where(eq(providers.id, providerId)).for('update');
  return listAccounts(tx, providerId);
}

export async function insertAccount(tx: Tx, values: typeof bankAccounts.$inferInsert): Promise<BankAccountRow> {
  const [row] = await tx.insert(bankAccounts).values(values).returning();
  return row!;
}

export async function updateAccount(tx: Tx, id: string, values: Partial<typeof bankAccounts.$inferInsert>): Promise<BankAccountRow> {
  const [row] = await tx
    .update(bankAccounts)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(bankAccounts.id, id))
    .returning();
  return row!;
}

/** The provider's primary becomes a secondary (before another becomes primary: the partial unique index allows one). */
export async function demotePrimary(tx: Tx, providerId: string, exceptId?: string): Promise<void> {
  await tx
    .update(bankAccounts)
    .set({ is_primary: false, updatedAt: new Date() })
    .where(
      and(
        eq(bankAccounts.provider_id, providerId),
        eq(bankAccounts.is_primary, true),
        exceptId ? ne(bankAccounts.id, exceptId) : sql`true`,
      ),
    );
}

export async function deleteAccount(tx: Tx, id: string): Promise<void> {
  await tx.delete(bankAccounts).where(eq(bankAccounts.id, id));
}

/** Whether an error is the one-account-per-number index. */
export function isDuplicateAccount(err: unknown): boolean {
  const e = err as { code?: string; constraint?: string; cause?: { code?: string; constraint?: string } } | null;
  const code = e?.code ?? e?.cause?.code;
  return code === '23505' && /fingerprint/.test(e?.constraint ?? e?.cause?.constraint ?? 'fingerprint');
}

export async function primaryAccount(db: Queryable, providerId: string): Promise<BankAccountRow | null> {
  const [row] = await db
    .select()
    .from(bankAccounts)
    .where(and(eq(bankAccounts.provider_id, providerId), eq(bankAccounts.is_primary, true)));
  return row ?? null;
}

export async function accountOf(db: Queryable, providerId: string, accountId: string): Promise<BankAccountRow | null> {
  const [row] = await db
    .select()
    .from(bankAccounts)
    .where(and(eq(bankAccounts.provider_id, providerId), eq(bankAccounts.id, accountId)));
  return row ?? null;
}

/**
 * Whether a payout is on its way to this account (the payouts module's table, read here so that deleting the account
 * can refuse in the same transaction: the payout's row takes a key-share lock on the provider row that this module
 * locks for every account change, so the two never interleave).
 */
export async function hasPayoutInTransit(tx: Tx, accountId: string): Promise<boolean> {
  const result = await tx.execute(
    sql`select 1 from payouts where bank_account_id = ${accountId} and status in ('scheduled', 'in_transit') limit 1`,
  );
  return (result as unknown as { rows: unknown[] }).rows.length > 0;
}
