import { and, eq, lt, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client';
import { chatSessions } from '../../db/schema/content';
import { freeSlotCondition } from '../availability/availability.service';
import type { PartOfDay } from './understand';
import { rowsOf } from '../../db/rows';

export interface StoredTurn {
  role: 'user' | 'assistant';
  text: string;
  at: string;
  reply?: unknown;
}

export interface ChatSessionRow {
  id: string;
  patient_id: string | null;
  region: string;
  state: Record<string, unknown>;
  messages: StoredTurn[];
  last_seen_at: Date;
}

const columns = {
  id: chatSessions.id,
  patient_id: chatSessions.patient_id,
  region: chatSessions.region,
  state: chatSessions.state,
  messages: chatSessions.messages,
  last_seen_at: chatSessions.last_seen_at,
};

export async function findChatSession(db: Queryable, id: string): Promise<ChatSessionRow | null> {
  const [row] = await db.select(columns).from(chatSessions).where(eq(chatSessions.id, id));
  return (row as ChatSessionRow | undefined) ?? null;
}

export interface ChatSessionValues {
  messages: StoredTurn[];
  state: Record<string, unknown>;
  region: string;
  patient_id: string | null;
}

/** A new conversation with its first turn; returns its id (random, from the database). */
export async function insertChatSession(db: Queryable, values: ChatSessionValues): Promise<string> {
  const [row] = await db.insert(chatSessions).values(values).returning({ id: chatSessions.id });
  return row!.id;
}

export async function saveChatSession(db: Queryable, id: string, values: ChatSessionValues): Promise<void> {
  await db
    .update(chatSessions)
    .set({ ...values, last_seen_at: new Date() })
    .where(eq(chatSessions.id, id));
}

/** Conversations untouched since `before` are deleted; returns how many. */
export async function deleteChatSessionsBefore(db: Queryable, before: Date): Promise<number> {
  const gone = await db.delete(chatSessions).where(lt(chatSessions.last_seen_at, before)).returning({ id: chatSessions.id });
  return gone.length;
}

export async function deleteChatSessionsOf(db: Queryable, patientId: string, id?: string): Promise<void> {
  await db
    .delete(chatSessions)
    .where(id ? and(eq(chatSessions.patient_id, patientId), eq(chatSessions.id, id)) : eq(chatSessions.patient_id, patientId));
}

export async function deleteChatSession(db: Queryable, id: string): Promise<void> {
  await db.delete(chatSessions).where(eq(chatSessions.id, id));
}

/** Test hook for retention: pretend a conversation was last used at `at`. */
export async function touchChatSession(db: Queryable, id: string, at: Date): Promise<void> {
  await db.update(chatSessions).set({ last_seen_at: at }).where(eq(chatSessions.id, id));
}

/**
 * Each provider's first free slot whose local date (in its clinic's zone) is between `from` and `to` (yyyy-MM-dd,
 * inclusive) and, when asked, in that part of the day (morning before 12, afternoon 12–17, evening from 17).
 */
export async function firstFreeSlotsInWindow(db: Queryable, providerIds: string[], window: { from: string; to: string; part?: PartOfDay }) {
  if (providerIds.length === 0) return [];
  const local = sql`(s.starts_at at time zone h.time_zone)`;
  const hour = sql`extract(hour from ${local})`;
  const part =
    window.part === 'morning'
      ? sql`and ${hour} < 12`
      : window.part === 'afternoon'
        ? sql`and ${hour} >= 12 and ${hour} < 17`
        : window.part === 'evening'
          ? sql`and ${hour} >= 17`
          : sql``;
  const ids = sql.join(
    providerIds.map((id) => sql`${id}::uuid`),
    sql`, `,
  );
  const res = await db.execute(sql`
    select distinct on (s.provider_id) s.provider_id, s.starts_at, h.time_zone, h.name as hospital_name
    from availability_slots s join hospitals h on h.id = s.hospital_id
    where s.provider_id in (${ids})
      and s.starts_at >= (${window.from}::date - interval '1 day')
      and s.starts_at < (${window.to}::date + interval '2 days')
      and (${local})::date between ${window.from}::date and ${window.to}::date
      ${part}
      and ${freeSlotCondition('s')}
    order by s.provider_id, s.starts_at`);
  return rowsOf<{ provider_id: string; starts_at: Date | string; time_zone: string; hospital_name: string }>(res).map((r) => ({
    ...r,
    starts_at: new Date(r.starts_at),
  }));
}
