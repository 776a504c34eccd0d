import { and, eq, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client';
import { sandboxPayments } from '../../db/schema/booking';

/** The sandbox gateway's own state: its checkout sessions and wallet orders (`sandbox_payments`). */
export type SandboxRow = typeof sandboxPayments.$inferSelect;
export type SandboxKind = 'checkout_session' | 'order';

export async function findSandboxPayment(q: Queryable, id: string, kind?: SandboxKind): Promise<SandboxRow | null> {
  const [row] = await q
    .select()
    .from(sandboxPayments)
    .where(kind ? and(eq(sandboxPayments.id, id), eq(sandboxPayments.kind, kind)) : eq(sandboxPayments.id, id));
  return row ?? null;
}

/** Creates it unless one with this id exists (ids derive from idempotency keys). */
export async function insertSandboxPayment(q: Queryable, values: typeof sandboxPayments.$inferInsert): Promise<void> {
  await q.insert(sandboxPayments).values(values).onConflictDoNothing();
}

/**
 * Moves a row from one status to another, merging `metadata` into its metadata; null when it was no longer in
 * `from` (someone else moved it first).
 */
export async function transitionSandboxPayment(
  q: Queryable,
  id: string,
  from: string,
  to: { status: string; metadata?: Record<string, string>; customer_email?: string | null },
): Promise<SandboxRow | null> {
  const [row] = await q
    .update(sandboxPayments)
    .set({
      status: to.status,
      ...(to.metadata ? { metadata: sql`${sandboxPayments.metadata} || ${JSON.stringify(to.metadata)}::jsonb` } : {}),
      ...(to.customer_email !== undefined ? { customer_email: to.customer_email } : {}),
      updatedAt: new Date(),
    })
    .where(and(eq(sandboxPayments.id, id), eq(sandboxPayments.status, from)))
    .returning();
  return row ?? null;
}

export async function recordSandboxRefund(q: Queryable, id: string, amountMinor: number, refundId: string): Promise<void> {
  await q
    .update(sandboxPayments)
    .set({
      refunded_minor: sql`${sandboxPayments.refunded_minor} + ${amountMinor}`,
      metadata: sql`${sandboxPayments.metadata} || ${JSON.stringify({ refund_id: refundId })}::jsonb`,
      updatedAt: new Date(),
    })
    .where(eq(sandboxPayments.id, id));
}
