import { and, eq, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client';
import { paymentEvents } from '../../db/schema/booking';
import { rowsOf } from '../../db/rows';

const REFUND_LEASE_SECONDS = 120;

export interface DueRefund {
  id: string;
  gateway: string;
  payment_method: string;
  external_id: string;
  capture_id: string | null;
  amount_minor: number;
  currency: string;
}

/**
 * Claims up to 20 payments waiting for their refund (REFUND_PENDING, due). `updated_at` doubles as the next-attempt
 * time: a claim leases the row for a while, so a crashed or parallel worker never refunds it twice.
 */
export async function claimDueRefunds(q: Queryable): Promise<DueRefund[]> {
  const result = await q.execute(sql`
      update payments set updated_at = now() + make_interval(secs => ${REFUND_LEASE_SECONDS})
      where id in (
        select id from payments where status = 'REFUND_PENDING' and updated_at <= now()
        order by updated_at limit 20 for update skip locked)
      returning id, gateway, payment_method, external_id, capture_id, amount_minor, currency`);
  return rowsOf<DueRefund>(result);
}

export async function markRefunded(q: Queryable, paymentId: string, refundId: string): Promise<void> {
  await q.execute(
    sql`update payments set status = 'REFUNDED', refund_id = ${refundId}, updated_at = now() where id = ${paymentId} and status = 'REFUND_PENDING'`,
  );
}

export async function eventSeen(q: Queryable, gateway: string, eventId: string): Promise<boolean> {
  const [seen] = await q
    .select({ id: paymentEvents.id })
    .from(paymentEvents)
    .where(and(eq(paymentEvents.gateway, gateway), eq(paymentEvents.event_id, eventId)));
  return !!seen;
}

export async function recordEvent(q: Queryable, event: { gateway: string; eventId: string; type: string }): Promise<void> {
  await q.insert(paymentEvents).values({ gateway: event.gateway, event_id: event.eventId, type: event.type }).onConflictDoNothing();
}
