import { and, asc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { Queryable, Tx } from '../../db/client';
import {
  availabilityRules,
  providerScheduleSettings,
  type AvailabilityRuleRow,
  type ScheduleSettingsRow,
} from '../../db/schema/availability';
import { availabilitySlots } from '../../db/schema/booking';
import { hospitals, providerHospitals, providers } from '../../db/schema/providers';
import { rowsOf } from '../../db/rows';

/**
 * THE rule for a free slot, in one place (search, profile, check-slot and booking use it; docs/booking.md):
 * a slot is free when it is open, starts in the future, may still be booked (its provider's minimum notice has not
 * begun: `book_by`), and no booking holds it — neither a 'Booked' one nor a 'Held' one whose hold has not yet expired.
 *
 * `slot` is the SQL alias (or table name) of availability_slots in the surrounding query.
 * The NOT EXISTS probe uses the partial unique index bookings_one_active_per_slot_uq (slot_id where Held/Booked).
 */
export function freeSlotCondition(slot = 'availability_slots', now: SQL = sql`now()`): SQL {
  const s = sql.raw(`"${slot.replace(/"/g, '')}"`);
  return sql`(${s}.status = 'open' and ${s}.starts_at > ${now} and coalesce(${s}.book_by, ${s}.starts_at) > ${now} and not exists (
    select 1 from bookings fb
    where fb.slot_id = ${s}.id
      and fb.status in ('Held', 'Booked')
      and (fb.status = 'Booked' or fb.hold_expires_at > ${now})))`;
}

/** Whether one slot is free right now. */
export async function isSlotFree(db: Queryable, slotId: number, now: Date = new Date()): Promise<boolean> {
  const res = await db.execute(sql`select ${freeSlotCondition('s', sql`${now.toISOString()}::timestamptz`)} as free
    from availability_slots s where s.id = ${slotId}`);
  const rows = rowsOf<{ free: boolean }>(res);
  return rows[0]?.free === true;
}

/** Whether this patient holds the slot right now (their own checkout in progress). */
export async function isHeldBy(db: Queryable, slotId: number, patientId: string, now: Date = new Date()): Promise<boolean> {
  const res = await db.execute(sql`select 1 from bookings
    where slot_id = ${slotId} and patient_id = ${patientId} and status = 'Held' and hold_expires_at > ${now.toISOString()}::timestamptz`);
  return rowsOf<unknown>(res).length > 0;
}

// ---------- the provider's schedule: rules, settings, clinics ----------

/**
 * Everything a set of providers' schedules are made of, in four queries (the roll-forward loads many at once). One
 * after another, not at once: `db` is often a transaction, and a transaction is one connection, which runs one
 * statement at a time (decision 068).
 */
export async function scheduleParts(db: Queryable, providerIds: string[]) {
  const providerRows = await db
    .select({ id: providers.id, region: providers.region, consultation_minutes: providers.consultation_minutes })
    .from(providers)
    .where(inArray(providers.id, providerIds));
  const settings = await db.select().from(providerScheduleSettings).where(inArray(providerScheduleSettings.provider_id, providerIds));
  const clinics = await db
    .select({
      provider_id: providerHospitals.provider_id,
      id: hospitals.id,
      name: hospitals.name,
      time_zone: hospitals.time_zone,
      region: hospitals.region,
    })
    .from(providerHospitals)
    .innerJoin(hospitals, eq(hospitals.id, providerHospitals.hospital_id))
    .where(inArray(providerHospitals.provider_id, providerIds))
    .orderBy(asc(providerHospitals.provider_id), asc(providerHospitals.position));
  const rules = await db
    .select()
    .from(availabilityRules)
    .where(inArray(availabilityRules.provider_id, providerIds))
    .orderBy(asc(availabilityRules.kind), asc(availabilityRules.from_date), asc(availabilityRules.createdAt));
  return { providerRows, settings: settings as ScheduleSettingsRow[], clinics, rules };
}

/** Several weekly rules' generated_until at once. */
export async function setGeneratedUntilMany(q: Queryable, values: { ruleId: string; day: string }[]): Promise<void> {
  if (values.length === 0) return;
  const rows = sql.join(
    values.map((v) => sql`(${v.ruleId}::uuid, ${v.day}::date)`),
    sql`, `,
  );
  await q.execute(sql`update availability_rules r set generated_until = v.day from (values ${rows}) as v(id, day) where r.id = v.id`);
}

export async function upsertScheduleSettings(
  q: Queryable,
  providerId: string,
  values: Partial<Pick<ScheduleSettingsRow, 'slot_minutes' | 'buffer_minutes' | 'min_notice_minutes' | 'horizon_days'>>,
): Promise<ScheduleSettingsRow> {
  const [row] = await q
    .insert(providerScheduleSettings)
    .values({ provider_id: providerId, ...values })
    .onConflictDoUpdate({ target: providerScheduleSettings.provider_id, set: { ...values, updatedAt: new Date() } })
    .returning();
  return row!;
}

/** The provider's clinics with their zones (position 0 first). */
export async function listClinics(db: Queryable, providerId: string) {
  return db
    .select({ id: hospitals.id, name: hospitals.name, time_zone: hospitals.time_zone, region: hospitals.region })
    .from(providerHospitals)
    .innerJoin(hospitals, eq(hospitals.id, providerHospitals.hospital_id))
    .where(eq(providerHospitals.provider_id, providerId))
    .orderBy(asc(providerHospitals.position));
}
export type ClinicRow = Awaited<ReturnType<typeof listClinics>>[number];

export async function insertRule(tx: Tx, values: typeof availabilityRules.$inferInsert): Promise<AvailabilityRuleRow> {
  const [row] = await tx.insert(availabilityRules).values(values).returning();
  return row!;
}

export async function updateRule(
  tx: Tx,
  ruleId: string,
  values: Partial<typeof availabilityRules.$inferInsert>,
): Promise<AvailabilityRuleRow> {
  const [row] = await tx
    .update(availabilityRules)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(availabilityRules.id, ruleId))
    .returning();
  return row!;
}

export async function deleteRule(tx: Tx, ruleId: string): Promise<void> {
  await tx.delete(availabilityRules).where(eq(availabilityRules.id, ruleId));
}

/** Every rule of the provider at one clinic (weekly, one-off and that clinic's time off). */
export async function deleteRulesAt(tx: Tx, providerId: string, hospitalId: string): Promise<void> {
  await tx
    .delete(availabilityRules)
    .where(and(eq(availabilityRules.provider_id, providerId), eq(availabilityRules.hospital_id, hospitalId)));
}

export async function countRules(db: Queryable, providerId: string): Promise<number> {
  const result = await db.execute(
    sql`select count(*)::int as n from availability_rules where provider_id = ${providerId} and kind <> 'time_off'`,
  );
  return rowsOf<{ n: number }>(result)[0]?.n ?? 0;
}

export async function setGeneratedUntil(q: Queryable, ruleId: string, day: string | null): Promise<void> {
  await q.update(availabilityRules).set({ generated_until: day }).where(eq(availabilityRules.id, ruleId));
}

/**
 * Providers with a weekly rule whose slots may not reach their booking horizon yet (the daily roll-forward's work
 * list), a batch at a time. The roll-forward decides per rule in each clinic's own zone.
 */
export async function providersBehind(db: Queryable, today: string, afterProviderId: string | null, limit: number): Promise<string[]> {
  const result = await db.execute(sql`
    select distinct r.provider_id from availability_rules r
    left join provider_schedule_settings ps on ps.provider_id = r.provider_id
    where r.kind = 'weekly'
      and (r.until_date is null or coalesce(r.generated_until, r.from_date - 1) < r.until_date)
      and coalesce(r.generated_until, r.from_date - 1) < ${today}::date + coalesce(ps.horizon_days, 90)
      ${afterProviderId ? sql`and r.provider_id > ${afterProviderId}` : sql``}
    order by r.provider_id limit ${limit}`);
  return rowsOf<{ provider_id: string }>(result).map((r) => r.provider_id);
}

// ---------- slots ----------

/** An open slot with who holds it now: 'Booked', 'Held' (unexpired), or null when free. */
export interface OpenSlot {
  id: number;
  rule_id: string | null;
  hospital_id: string;
  starts_at: Date;
  ends_at: Date;
  taken: 'Held' | 'Booked' | null;
}

/**
 * Locks the provider's open and withdrawn slots starting in [from, to) (FOR UPDATE, in id order), so a patient's hold
 * and this change never interleave: the hold waits, or finds the slot gone. Then reads them with who holds them now.
 */
export async function lockSlotsInRange(tx: Tx, providerId: string, from: Date, to: Date) {
  await tx.execute(sql`select id from availability_slots
    where provider_id = ${providerId} and status in ('open', 'withdrawn') and starts_at >= ${from.toISOString()}::timestamptz
      and starts_at < ${to.toISOString()}::timestamptz
    order by id for update`);
  return slotsInRange(tx, providerId, from, to);
}

/** The provider's open and withdrawn slots starting in [from, to), each with who holds it now. */
export async function slotsInRange(q: Queryable, providerId: string, from: Date, to: Date, now: Date = new Date()) {
  const result = await q.execute(sql`
    select s.id, s.rule_id, s.hospital_id, s.starts_at, s.ends_at, s.status,
      (select b.status from bookings b where b.slot_id = s.id and (b.status = 'Booked' or (b.status = 'Held' and b.hold_expires_at > ${now.toISOString()}::timestamptz)) limit 1) as taken
    from availability_slots s
    where s.provider_id = ${providerId} and s.status in ('open', 'withdrawn')
      and s.starts_at >= ${from.toISOString()}::timestamptz and s.starts_at < ${to.toISOString()}::timestamptz
    order by s.starts_at`);
  const rows = rowsOf<
    Omit<OpenSlot, 'id' | 'starts_at' | 'ends_at'> & {
      id: number | string;
      starts_at: Date | string;
      ends_at: Date | string;
      status: string;
    }
  >(result);
  return rows.map((r) => ({
    id: Number(r.id),
    rule_id: r.rule_id,
    hospital_id: r.hospital_id,
    starts_at: new Date(r.starts_at),
    ends_at: new Date(r.ends_at),
    status: r.status as 'open' | 'withdrawn',
    taken: r.taken,
  }));
}

/**
 * Takes free slots away: deleted when no booking ever pointed at them, otherwise marked 'removed' (an expired hold
 * or a cancelled booking keeps its history). Only slots nobody holds now are touched.
 */
export async function takeAwayFreeSlots(tx: Tx, slotIds: number[], now: Date): Promise<number> {
  if (slotIds.length === 0) return 0;
  const ids = sql.join(
    slotIds.map((id) => sql`${id}`),
    sql`, `,
  );
  const notTaken = sql`not exists (select 1 from bookings b where b.slot_id = s.id
    and (b.status = 'Booked' or (b.status = 'Held' and b.hold_expires_at > ${now.toISOString()}::timestamptz)))`;
  const deleted = await tx.execute(sql`delete from availability_slots s where s.id in (${ids}) and s.status = 'open'
    and not exists (select 1 from bookings b where b.slot_id = s.id) returning s.id`);
  const removed = await tx.execute(sql`update availability_slots s set status = 'removed' where s.id in (${ids}) and s.status = 'open'
    and ${notTaken} returning s.id`);
  const count = (r: unknown) => rowsOf(r).length;
  return count(deleted) + count(removed);
}

export interface NewSlot {
  provider_id: string;
  hospital_id: string;
  region: string;
  rule_id: string | null;
  starts_at: Date;
  ends_at: Date;
  book_by: Date;
}

/**
 * Inserts generated slots. `onClash: 'fail'` lets the no-overlap constraint refuse the whole change (a concurrent
 * change won: error 23P01); 'skip' leaves out any slot that would overlap (the daily roll-forward). Answers the new
 * slots' ids.
 */
export async function insertSlots(tx: Queryable, rows: NewSlot[], onClash: 'fail' | 'skip'): Promise<number[]> {
  const created: number[] = [];
  for (let i = 0; i < rows.length; i += 1000) {
    const chunk = rows.slice(i, i + 1000);
    const query = tx.insert(availabilitySlots).values(chunk);
    const inserted =
      onClash === 'skip'
        ? await query.onConflictDoNothing().returning({ id: availabilitySlots.id })
        : await query.returning({ id: availabilitySlots.id });
    created.push(...inserted.map((r) => r.id));
  }
  return created;
}

/** The minimum notice applies to every future slot of the provider that is still open. */
export async function setBookBy(q: Queryable, providerId: string, noticeMinutes: number): Promise<void> {
  await q.execute(sql`update availability_slots set book_by = starts_at - make_interval(mins => ${noticeMinutes})
    where provider_id = ${providerId} and status = 'open' and starts_at > now()`);
}

/** Whether an error is the no-overlap constraint refusing a slot. */
export function isOverlapViolation(err: unknown): boolean {
  const e = err as { code?: string; cause?: { code?: string } } | null;
  return e?.code === '23P01' || e?.cause?.code === '23P01';
}

/** The slot list of the workspace: open and withdrawn slots by local day, with their state, a page at a time. */
export async function listProviderSlots(
  db: Queryable,
  providerId: string,
  q: { from: string; to?: string; hospitalId?: string; status?: string; limit: number; offset: number },
) {
  const result = await db.execute(sql`
    with shown as (
      select s.id, s.starts_at, s.ends_at, s.hospital_id, s.rule_id, h.name as hospital_name, h.time_zone,
        to_char(s.starts_at at time zone h.time_zone, 'YYYY-MM-DD') as local_day,
        extract(isodow from s.starts_at at time zone h.time_zone)::int as weekday,
        case
          when s.status = 'withdrawn' then 'Withdrawn'
          when exists (select 1 from bookings b where b.slot_id = s.id and b.status in ('Booked', 'Completed', 'No Show')) then 'Booked'
          when exists (select 1 from bookings b where b.slot_id = s.id and b.status = 'Held' and b.hold_expires_at > now()) then 'Held'
          else 'Open'
        end as state
      from availability_slots s
      join hospitals h on h.id = s.hospital_id
      where s.provider_id = ${providerId} and s.status in ('open', 'withdrawn')
        and s.starts_at >= ${q.from}::date - 1
        ${q.to ? sql`and s.starts_at < ${q.to}::date + 2` : sql``}
        ${q.hospitalId ? sql`and s.hospital_id = ${q.hospitalId}` : sql``}
    )
    select *, count(*) over ()::int as total from shown
    where local_day >= ${q.from} ${q.to ? sql`and local_day <= ${q.to}` : sql``}
      ${q.status ? sql`and state = ${q.status}` : sql``}
    order by starts_at, id
    limit ${q.limit} offset ${q.offset}`);
  const rows = rowsOf<{
    id: number | string;
    starts_at: Date | string;
    ends_at: Date | string;
    hospital_id: string;
    rule_id: string | null;
    hospital_name: string;
    time_zone: string;
    local_day: string;
    weekday: number;
    state: 'Open' | 'Held' | 'Booked' | 'Withdrawn';
    total: number;
  }>(result);
  let total = rows[0]?.total ?? 0;
  if (rows.length === 0 && q.offset > 0) {
    // A page past the end: count what there is, so the answer still says how many pages exist.
    const again = await listProviderSlots(db, providerId, { ...q, offset: 0, limit: 1 });
    total = again.total;
  }
  return { rows, total };
}

/** One slot of the provider under its row lock, with who holds it now (stale holds do not count). */
export async function lockProviderSlot(tx: Tx, providerId: string, slotId: number) {
  const [slot] = await tx
    .select()
    .from(availabilitySlots)
    .where(and(eq(availabilitySlots.id, slotId), eq(availabilitySlots.provider_id, providerId)))
    .for('update');
  if (!slot) return null;
  const result = await tx.execute(sql`select status from bookings where slot_id = ${slotId}
    and (status = 'Booked' or (status = 'Held' and hold_expires_at > now())) limit 1`);
  const taken = rowsOf<{ status: string }>(result)[0]?.status ?? null;
  return { ...slot, taken };
}

export async function withdrawFreeSlot(tx: Tx, slotId: number, now: Date): Promise<void> {
  await tx.execute(
    sql`update bookings set status = 'Expired', updated_at = ${now} where slot_id = ${slotId} and status = 'Held' and hold_expires_at <= ${now}`,
  );
  await tx.update(availabilitySlots).set({ status: 'withdrawn' }).where(eq(availabilitySlots.id, slotId));
}

/** The provider's first free slot from now, with its clinic (for the dashboard). */
export async function nextFreeSlot(db: Queryable, providerId: string) {
  const result = await db.execute(sql`
    select s.id, s.starts_at, s.ends_at, s.hospital_id, h.name as hospital_name, h.time_zone
    from availability_slots s join hospitals h on h.id = s.hospital_id
    where s.provider_id = ${providerId} and ${freeSlotCondition('s')}
    order by s.starts_at limit 1`);
  const row = rowsOf<{
    id: number | string;
    starts_at: Date | string;
    ends_at: Date | string;
    hospital_id: string;
    hospital_name: string;
    time_zone: string;
  }>(result)[0];
  return row ? { ...row, id: Number(row.id), starts_at: new Date(row.starts_at), ends_at: new Date(row.ends_at) } : null;
}

/**
 * Inside a caller's transaction that already holds the slot's row lock: the slot is withdrawn (its provider cancelled
 * the appointment in it, so nobody may book it again).
 */
export async function withdrawSlotWith(tx: Tx, slotId: number): Promise<void> {
  await tx.update(availabilitySlots).set({ status: 'withdrawn' }).where(eq(availabilitySlots.id, slotId));
}
