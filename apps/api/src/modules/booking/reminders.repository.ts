import { eq, sql } from 'drizzle-orm';
import { plannedReminders } from '@careslot/contracts/after-booking';
import type { Queryable, Tx } from '../../db/client';
import { bookingReminders } from '../../db/schema/booking';
import { rowsOf } from '../../db/rows';

/** The booking's reminders are (re)planned from `now` for an appointment at `startsAt`: old unsent and sent rows go. */
export async function planReminders(tx: Tx, bookingId: string, startsAt: Date, now: Date): Promise<void> {
  await tx.delete(bookingReminders).where(eq(bookingReminders.booking_id, bookingId));
  const rows = plannedReminders(now, startsAt).map((r) => ({ booking_id: bookingId, kind: r.kind, channel: 'email', due_at: r.due_at }));
  if (rows.length) await tx.insert(bookingReminders).values(rows);
}

/** A cancelled booking is never reminded. */
export async function dropReminders(tx: Tx, bookingId: string): Promise<void> {
  await tx.delete(bookingReminders).where(eq(bookingReminders.booking_id, bookingId));
}

export interface DueReminder {
  id: number;
  booking_id: string;
  kind: '7d' | '24h';
  channel: string;
  slot_id: number;
}

/**
 * Claims due, unsent reminders of booked appointments that have not started, with FOR UPDATE SKIP LOCKED: a second
 * worker skips the rows this transaction holds, and the caller marks them sent in the same transaction that queues
 * their messages, so each reminder is sent exactly once.
 */
export async function claimDueReminders(tx: Tx, now: Date, limit: number): Promise<DueReminder[]> {
  const res = await tx.execute(sql`select r.id, r.booking_id, r.kind, r.channel, b.slot_id
    from booking_reminders r
    join bookings b on b.id = r.booking_id
    join availability_slots s on s.id = b.slot_id
    where r.sent_at is null and r.due_at <= ${now.toISOString()}::timestamptz
      and b.status = 'Booked' and s.starts_at > ${now.toISOString()}::timestamptz
    order by r.due_at, r.id
    limit ${limit}
    for update of r skip locked`);
  return rowsOf<DueReminder>(res);
}

export async function markReminderSent(tx: Tx, id: number, now: Date): Promise<void> {
  await tx.update(bookingReminders).set({ sent_at: now }).where(eq(bookingReminders.id, id));
}

/** The reminders of a patient's bookings, for their appointment list. */
export async function remindersOfBookings(db: Queryable, bookingIds: string[]) {
  if (!bookingIds.length) return [];
  const res = await db.execute(sql`select booking_id, kind, channel, due_at, sent_at from booking_reminders
    where booking_id in (${sql.join(
      bookingIds.map((id) => sql`${id}`),
      sql`, `,
    )}) order by due_at`);
  return rowsOf<{ booking_id: string; kind: '7d' | '24h'; channel: string; due_at: Date | string; sent_at: Date | string | null }>(res);
}
