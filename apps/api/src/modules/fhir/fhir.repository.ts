import { sql, type SQL } from 'drizzle-orm';
import type { Queryable } from '../../db/client';
import { freeSlotCondition } from '../availability/availability.service';
import { boundingBox, EARTH_RADIUS_MILES, type LatLon } from '../geo/geo.service';

/**
 * The FHIR door's reads (docs/fhir.md). Public resources show verified providers who take bookings, and nothing
 * about patients: a slot is only `free` or `busy`.
 */
const PUBLIC_PROVIDER = sql`p.verification_status = 'Verified' and p.bookable`;

async function rows<T>(db: Queryable, query: SQL): Promise<T[]> {
  const res = await db.execute(query);
  return (res as unknown as { rows: T[] }).rows;
}

export interface PractitionerRow {
  id: string;
  region: string;
  first_name: string;
  last_name: string;
  regulator: string;
  membership_number: string;
  qualifications: string[];
  company_id: string | null;
  company_name: string | null;
  speciality_slug: string;
  speciality_name: string;
  hospital_ids: string[];
}

const practitionerSelect = sql`select p.id, p.region, p.first_name, p.last_name, p.regulator, p.membership_number, p.qualifications,
    p.company_id, c.name as company_name, sp.slug as speciality_slug, sp.name as speciality_name,
    coalesce((select array_agg(ph.hospital_id order by ph.position, ph.hospital_id) from provider_hospitals ph where ph.provider_id = p.id), '{}') as hospital_ids
  from providers p
  join specialities sp on sp.id = p.speciality_id
  left join companies c on c.id = p.company_id`;

export interface PractitionerFilter {
  ids?: string[];
  identifier?: { regulator?: string; value: string };
  name?: string;
  specialty?: string;
  locationId?: string;
  organizationId?: string;
}

export async function findPractitioners(db: Queryable, f: PractitionerFilter, limit: number, offset: number): Promise<PractitionerRow[]> {
  const where: SQL[] = [PUBLIC_PROVIDER];
  if (f.ids)
    where.push(
      sql`p.id in (${sql.join(
        f.ids.map((id) => sql`${id}::uuid`),
        sql`, `,
      )})`,
    );
  if (f.identifier) {
    where.push(sql`p.membership_number = ${f.identifier.value}`);
    if (f.identifier.regulator) where.push(sql`p.regulator = ${f.identifier.regulator}`);
  }
  if (f.name) {
    const like = `${f.name.toLowerCase().replace(/[\\%_]/g, (m) => `\\${m}`)}%`;
    where.push(
      sql`(lower(p.first_name) like ${like} or lower(p.last_name) like ${like} or lower(p.first_name || ' ' || p.last_name) like ${like})`,
    );
  }
  if (f.specialty) where.push(sql`sp.slug = ${f.specialty}`);
  if (f.locationId)
    where.push(sql`exists (select 1 from provider_hospitals x where x.provider_id = p.id and x.hospital_id = ${f.locationId}::uuid)`);
  if (f.organizationId) where.push(sql`p.company_id = ${f.organizationId}::uuid`);
  return rows(db, sql`${practitionerSelect} where ${sql.join(where, sql` and `)} order by p.id limit ${limit} offset ${offset}`);
}

export interface OrganizationRow {
  id: string;
  region: string;
  name: string;
  registration_number: string | null;
}

export async function findOrganizations(db: Queryable, f: { ids?: string[]; name?: string }, limit: number, offset: number) {
  const where: SQL[] = [sql`exists (select 1 from providers p where p.company_id = c.id and ${PUBLIC_PROVIDER})`];
  if (f.ids)
    where.push(
      sql`c.id in (${sql.join(
        f.ids.map((id) => sql`${id}::uuid`),
        sql`, `,
      )})`,
    );
  if (f.name) where.push(sql`lower(c.name) like ${`${f.name.toLowerCase().replace(/[\\%_]/g, (m) => `\\${m}`)}%`}`);
  return rows<OrganizationRow>(
    db,
    sql`select c.id, c.region, c.name, c.registration_number from companies c where ${sql.join(where, sql` and `)} order by c.id limit ${limit} offset ${offset}`,
  );
}

export interface LocationRow {
  id: string;
  region: string;
  name: string;
  address: string;
  city: string;
  postcode: string;
  latitude: number;
  longitude: number;
  time_zone: string;
  distance?: number | null;
}

export interface LocationFilter {
  ids?: string[];
  postcode?: string;
  name?: string;
  near?: { origin: LatLon; miles: number };
}

/** Great-circle miles from a point to the clinic `h`. */
function milesFrom(lat: number, lon: number): SQL {
  return sql`(${2 * EARTH_RADIUS_MILES}::float8 * asin(least(1::float8, sqrt(
      power(sin(radians(h.latitude - ${lat}::float8) / 2), 2)
      + cos(radians(${lat}::float8)) * cos(radians(h.latitude)) * power(sin(radians(h.longitude - ${lon}::float8) / 2), 2)))))`;
}

const publicHospital = sql`exists (select 1 from provider_hospitals ph join providers p on p.id = ph.provider_id where ph.hospital_id = h.id and ${PUBLIC_PROVIDER})`;

export async function findLocations(db: Queryable, f: LocationFilter, limit: number, offset: number): Promise<LocationRow[]> {
  const where: SQL[] = [publicHospital];
  if (f.ids)
    where.push(
      sql`h.id in (${sql.join(
        f.ids.map((id) => sql`${id}::uuid`),
        sql`, `,
      )})`,
    );
  if (f.postcode)
    where.push(
      sql`replace(upper(h.postcode), ' ', '') like ${`${f.postcode
        .toUpperCase()
        .replace(/\s+/g, '')
        .replace(/[\\%_]/g, (m) => `\\${m}`)}%`}`,
    );
  if (f.name) where.push(sql`lower(h.name) like ${`%${f.name.toLowerCase().replace(/[\\%_]/g, (m) => `\\${m}`)}%`}`);
  let distance = sql`null::float8`;
  let order = sql`h.id`;
  if (f.near) {
    const { latitude: lat, longitude: lon } = f.near.origin;
    const box = boundingBox(f.near.origin, f.near.miles);
    where.push(
      sql`h.latitude between ${box.minLat}::float8 and ${box.maxLat}::float8 and h.longitude between ${box.minLon}::float8 and ${box.maxLon}::float8`,
    );
    distance = milesFrom(lat, lon);
    where.push(sql`${distance} <= ${f.near.miles}::float8`);
    order = sql`distance, h.id`;
  }
  return rows(
    db,
    sql`select h.id, h.region, h.name, h.address, h.city, h.postcode, h.latitude, h.longitude, h.time_zone, ${distance} as distance
      from hospitals h where ${sql.join(where, sql` and `)} order by ${order} limit ${limit} offset ${offset}`,
  );
}

export interface ScheduleRow {
  provider_id: string;
  hospital_id: string;
  region: string;
  first_name: string;
  last_name: string;
  hospital_name: string;
  speciality_slug: string;
  speciality_name: string;
  horizon_days: number;
}

export interface ScheduleFilter {
  pairs?: { providerId: string; hospitalId: string }[];
  providerId?: string;
  hospitalId?: string;
  specialty?: string;
}

export async function findSchedules(db: Queryable, f: ScheduleFilter, limit: number, offset: number): Promise<ScheduleRow[]> {
  const where: SQL[] = [PUBLIC_PROVIDER];
  if (f.pairs)
    where.push(
      sql`(ph.provider_id, ph.hospital_id) in (${sql.join(
        f.pairs.map((x) => sql`(${x.providerId}::uuid, ${x.hospitalId}::uuid)`),
        sql`, `,
      )})`,
    );
  if (f.providerId) where.push(sql`ph.provider_id = ${f.providerId}::uuid`);
  if (f.hospitalId) where.push(sql`ph.hospital_id = ${f.hospitalId}::uuid`);
  if (f.specialty) where.push(sql`sp.slug = ${f.specialty}`);
  return rows(
    db,
    sql`select ph.provider_id, ph.hospital_id, p.region, p.first_name, p.last_name, h.name as hospital_name,
        sp.slug as speciality_slug, sp.name as speciality_name, coalesce(pss.horizon_days, 90) as horizon_days
      from provider_hospitals ph
      join providers p on p.id = ph.provider_id
      join hospitals h on h.id = ph.hospital_id
      join specialities sp on sp.id = p.speciality_id
      left join provider_schedule_settings pss on pss.provider_id = p.id
      where ${sql.join(where, sql` and `)}
      order by ph.provider_id, ph.hospital_id limit ${limit} offset ${offset}`,
  );
}

export interface SlotRow {
  id: string;
  provider_id: string;
  hospital_id: string;
  region: string;
  starts_at: Date | string;
  ends_at: Date | string;
  free: boolean;
  time_zone: string;
  speciality_slug: string;
  speciality_name: string;
  first_name: string;
  last_name: string;
  hospital_name: string;
}

export interface SlotFilter {
  ids?: number[];
  schedules?: { providerId: string; hospitalId: string }[];
  /** Each a bound on starts_at: `op` one of ge, gt, le, lt (eq is turned into a pair). */
  start: { op: 'ge' | 'gt' | 'le' | 'lt'; at: Date }[];
  status?: 'free' | 'busy';
  specialty?: string;
  providerId?: string;
  hospitalId?: string;
  /** Keyset paging: slots after this (starts_at, id). */
  after?: { startsAt: Date; id: number };
  /** Only slots changed since (their creation or a booking's change), for `_since`. */
  since?: Date;
  providerIds?: string[];
  /** Clinics within this many miles of a point. */
  near?: { origin: LatLon; miles: number };
}

const OPS = { ge: sql`>=`, gt: sql`>`, le: sql`<=`, lt: sql`<` } as const;

/** Future open slots of public providers, in (starts_at, id) order: one order for every page, so paging is stable. */
export async function findSlots(db: Queryable, f: SlotFilter, limit: number): Promise<SlotRow[]> {
  const free = freeSlotCondition('s');
  const where: SQL[] = [sql`s.status = 'open'`, sql`s.starts_at > now()`, PUBLIC_PROVIDER];
  if (f.ids)
    where.push(
      sql`s.id in (${sql.join(
        f.ids.map((id) => sql`${id}`),
        sql`, `,
      )})`,
    );
  if (f.schedules)
    where.push(
      sql`(s.provider_id, s.hospital_id) in (${sql.join(
        f.schedules.map((x) => sql`(${x.providerId}::uuid, ${x.hospitalId}::uuid)`),
        sql`, `,
      )})`,
    );
  if (f.providerId) where.push(sql`s.provider_id = ${f.providerId}::uuid`);
  if (f.hospitalId) where.push(sql`s.hospital_id = ${f.hospitalId}::uuid`);
  for (const b of f.start) where.push(sql`s.starts_at ${OPS[b.op]} ${b.at.toISOString()}::timestamptz`);
  if (f.status === 'free') where.push(free);
  if (f.status === 'busy') where.push(sql`not ${free}`);
  if (f.specialty) where.push(sql`sp.slug = ${f.specialty}`);
  if (f.providerIds)
    where.push(
      sql`s.provider_id in (${sql.join(
        f.providerIds.map((id) => sql`${id}::uuid`),
        sql`, `,
      )})`,
    );
  if (f.near) {
    const { latitude: lat, longitude: lon } = f.near.origin;
    const box = boundingBox(f.near.origin, f.near.miles);
    where.push(
      sql`h.latitude between ${box.minLat}::float8 and ${box.maxLat}::float8 and h.longitude between ${box.minLon}::float8 and ${box.maxLon}::float8`,
    );
    where.push(sql`${milesFrom(lat, lon)} <= ${f.near.miles}::float8`);
  }
  if (f.after) where.push(sql`(s.starts_at, s.id) > (${f.after.startsAt.toISOString()}::timestamptz, ${f.after.id})`);
  if (f.since)
    where.push(sql`(s.created_at >= ${f.since.toISOString()}::timestamptz or exists (
      select 1 from bookings sb where sb.slot_id = s.id and sb.updated_at >= ${f.since.toISOString()}::timestamptz))`);
  return rows(
    db,
    sql`select s.id::text as id, s.provider_id, s.hospital_id, s.region, s.starts_at, s.ends_at, ${free} as free,
        h.time_zone, sp.slug as speciality_slug, sp.name as speciality_name, p.first_name, p.last_name, h.name as hospital_name
      from availability_slots s
      join providers p on p.id = s.provider_id
      join hospitals h on h.id = s.hospital_id
      join specialities sp on sp.id = p.speciality_id
      where ${sql.join(where, sql` and `)}
      order by s.starts_at, s.id limit ${limit}`,
  );
}

export interface AppointmentRow {
  id: string;
  status: string;
  hold_expires_at: Date | string | null;
  patient_id: string | null;
  provider_id: string;
  region: string;
  slot_id: string;
  hospital_id: string;
  starts_at: Date | string;
  ends_at: Date | string;
  time_zone: string;
  hospital_name: string;
  first_name: string;
  last_name: string;
  speciality_slug: string;
  speciality_name: string;
  cancelling_person: string | null;
  created_at: Date | string;
  paying: boolean;
}

export interface AppointmentFilter {
  /** Whose appointments: always one of them (the caller). */
  patientId?: string;
  providerId?: string;
  ids?: string[];
  /** Booking statuses. */
  statuses?: string[];
  start: { op: 'ge' | 'gt' | 'le' | 'lt'; at: Date }[];
}

/** A patient's or a provider's own bookings (never anyone else's), newest start first, then id. */
export async function findAppointments(db: Queryable, f: AppointmentFilter, limit: number, offset: number): Promise<AppointmentRow[]> {
  if (!f.patientId && !f.providerId) return [];
  const where: SQL[] = [];
  if (f.patientId) where.push(sql`b.patient_id = ${f.patientId}::uuid`);
  if (f.providerId) where.push(sql`b.provider_id = ${f.providerId}::uuid`);
  if (f.ids)
    where.push(
      sql`b.id in (${sql.join(
        f.ids.map((id) => sql`${id}::uuid`),
        sql`, `,
      )})`,
    );
  if (f.statuses)
    where.push(
      sql`b.status in (${sql.join(
        f.statuses.map((s) => sql`${s}`),
        sql`, `,
      )})`,
    );
  for (const bound of f.start) where.push(sql`s.starts_at ${OPS[bound.op]} ${bound.at.toISOString()}::timestamptz`);
  return rows(
    db,
    sql`select b.id, b.status, b.hold_expires_at, b.patient_id, b.provider_id, b.region, s.id::text as slot_id, s.hospital_id,
        s.starts_at, s.ends_at, h.time_zone, h.name as hospital_name, p.first_name, p.last_name,
        sp.slug as speciality_slug, sp.name as speciality_name, b.cancelling_person, b.created_at,
        exists (select 1 from payments pm where pm.booking_id = b.id and pm.status = 'PENDING') as paying
      from bookings b
      join availability_slots s on s.id = b.slot_id
      join hospitals h on h.id = s.hospital_id
      join providers p on p.id = b.provider_id
      join specialities sp on sp.id = p.speciality_id
      where ${sql.join(where, sql` and `)}
      order by s.starts_at desc, b.id limit ${limit} offset ${offset}`,
  );
}

/** When the published schedule last changed: the newest slot or booking change (the bulk manifest's transactionTime). */
export async function lastScheduleChange(db: Queryable): Promise<Date> {
  const [row] = await rows<{ at: Date | string | null }>(
    db,
    sql`select greatest((select max(created_at) from availability_slots), (select max(updated_at) from bookings)) as at`,
  );
  return row?.at ? new Date(row.at) : new Date(0);
}
