import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client';
import { regulatorRegister } from '../../db/schema/providers';

export interface RegisterEntry {
  regulator: string;
  registration_number: string;
  name: string;
}

export async function findRegisterEntry(q: Queryable, regulator: string, number: string) {
  const [row] = await q
    .select()
    .from(regulatorRegister)
    .where(and(eq(regulatorRegister.regulator, regulator), eq(regulatorRegister.registration_number, number)))
    .limit(1);
  return row ?? null;
}

/** Inserts or renames entries (an import run again, or the shipped test entries at start-up). */
export async function upsertRegisterEntries(q: Queryable, entries: RegisterEntry[]): Promise<void> {
  for (let i = 0; i < entries.length; i += 1000) {
    const batch = entries.slice(i, i + 1000);
    if (!batch.length) continue;
    await q
      .insert(regulatorRegister)
      .values(batch)
      .onConflictDoUpdate({
        target: [regulatorRegister.regulator, regulatorRegister.registration_number],
        set: { name: sql`excluded.name` },
      });
  }
}

/** Removes entries whose registration is no longer current (an imported list marks them). */
export async function deleteRegisterEntries(q: Queryable, regulator: string, numbers: string[]): Promise<void> {
  for (let i = 0; i < numbers.length; i += 1000) {
    const batch = numbers.slice(i, i + 1000);
    if (batch.length)
      await q
        .delete(regulatorRegister)
        .where(and(eq(regulatorRegister.regulator, regulator), inArray(regulatorRegister.registration_number, batch)));
  }
}
