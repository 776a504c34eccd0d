import { and, asc, eq, not, sql } from 'drizzle-orm';
import type { Queryable, Tx } from '../../db/client';
import { waitlistEntries } from '../../db/schema/booking';
import { patients } from '../../db/schema/identity';
import { providers } from '../../db/schema/providers';
import { rowsOf } from '../../db/rows';

function isUniqueViolation(err: unknown): boolean {
  const e = err as { code?: string; cause?: { code?: string } } | null;
  return e?.code === '23505' || e?.cause?.code === '23505';
}

const entryColumns = {
  id: waitlistEntries.id,
  provider_id: waitlistEntries.provider_id,
  first_name: providers.first_name,
  last_name: providers.last_name,
  region: waitlistEntries.region,
  from_date: waitlistEntries.from_date,
  to_date: waitlistEntries.to_date,
  created_at: waitlistEntries.createdAt,
};

/** Null when the patient is already waiting for the same days. */
export async function insertEntry(db: Queryable, values: typeof waitlistEntries.$inferInsert) {
  try {
    const [row] = await db.insert(waitlistEntries).values(values).returning({ id: waitlistEntries.id });
    return row ?? null;
  } catch (err) {
    if (isUniqueViolation(err)) return null;
    throw err;
  }
}

/** Today's date (YYYY-MM-DD) in each region, as waitlist ranges count days (waitlist.ts, `waitlistToday`). */
export type WaitlistToday = { uk: string; usa: string };

/** The entry's last day is before today in its region. */
const rangePassed = (today: WaitlistToday) =>
  sql`${waitlistEntries.to_date} < case ${waitlistEntries.region} when 'uk' then ${today.uk}::date else ${today.usa}::date end`;

/** The patient's entries whose range has not passed, oldest first. */
export async function entriesOf(db: Queryable, patientId: string, today: WaitlistToday) {
  return db
    .select(entryColumns)
    .from(waitlistEntries)
    .innerJoin(providers, eq(providers.id, waitlistEntries.provider_id))
    .where(and(eq(waitlistEntries.patient_id, patientId), not(rangePassed(today))))
    .orderBy(asc(waitlistEntries.createdAt));
}

export async function entryById(db: Queryable, id: string) {
  const [row] = await db
    .select(entryColumns)
    .from(waitlistEntries)
    .innerJoin(providers, eq(providers.id, waitlistEntries.provider_id))
    .where(eq(waitlistEntries.id, id));
  return row ?? null;
}

export async function deleteEntry(db: Queryable, patientId: string, id: string): Promise<boolean> {
  const rows = await db
    .delete(waitlistEntries)
    .where(and(eq(waitlistEntries.id, id), eq(waitlistEntries.patient_id, patientId)))
    .returning({ id: waitlistEntries.id });
  return rows.length > 0;
}

/** A patient who booked with the provider leaves its waitlist. */
export async function leaveOnBooking(tx: Tx, patientId: string, providerId: string): Promise<void> {
  await tx.delete(waitlistEntries).where(and(eq(waitlistEntries.patient_id, patientId), eq(waitlistEntries.provider_id, providerId)));
}

/** Ranges that have passed are removed (run by the lifecycle worker). */
export async function dropPastEntries(db: Queryable, today: WaitlistToday): Promise<void> {
  await db.delete(waitlistEntries).where(rangePassed(today));
}

/** Who waits for `day` with this provider, in the order they joined (never the patient who freed it). */
export async function waitingFor(tx: Tx, providerId: string, day: string, exceptPatientId: string | null) {
  return tx
    .select({ patient_id: patients.id, email: patients.email, first_name: patients.first_name, last_name: patients.last_name })
    .from(waitlistEntries)
    .innerJoin(patients, eq(patients.id, waitlistEntries.patient_id))
    .where(
      and(
        eq(waitlistEntries.provider_id, providerId),
        sql`${waitlistEntries.from_date} <= ${day} and ${waitlistEntries.to_date} >= ${day}`,
        exceptPatientId ? sql`${waitlistEntries.patient_id} <> ${exceptPatientId}` : sql`true`,
      ),
    )
    .orderBy(asc(waitlistEntries.createdAt), asc(waitlistEntries.id));
}

export interface NewTimeForEntry {
  entry_id: string;
  email: string | null;
  patient_first_name: string;
  slot_id: number;
  starts_at: Date | string;
  ends_at: Date | string;
  time_zone: string;
  hospital_name: string;
  provider_id: string;
  region: string;
  doctor_first_name: string;
  doctor_last_name: string;
}

/**
 * New open slots (ids) matched to the waitlist entries whose range holds the slot's day in its clinic's zone: one row
 * per entry and slot, entries in the order they joined, each entry's slots earliest first.
 */
export async function waitingForNewSlots(tx: Tx, providerId: string, slotIds: number[]): Promise<NewTimeForEntry[]> {
  if (!slotIds.length) return [];
  const res = await tx.execute(sql`
    select e.id as entry_id, p.email, p.first_name as patient_first_name, s.id as slot_id, s.starts_at, s.ends_at,
      h.time_zone, h.name as hospital_name, pr.id as provider_id, pr.region,
      pr.first_name as doctor_first_name, pr.last_name as doctor_last_name
    from availability_slots s
    join hospitals h on h.id = s.hospital_id
    join waitlist_entries e on e.provider_id = s.provider_id
      and (s.starts_at at time zone h.time_zone)::date between e.from_date and e.to_date
    join patients p on p.id = e.patient_id
    join providers pr on pr.id = s.provider_id
    where s.provider_id = ${providerId} and s.id in (${sql.join(
      slotIds.map((id) => sql`${id}`),
      sql`, `,
    )})
    order by e.created_at, e.id, s.starts_at`);
  return rowsOf<NewTimeForEntry>(res);
}
