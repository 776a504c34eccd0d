import { and, asc, eq, sql, type SQL } from 'drizzle-orm';
import type { SearchSort } from '@careslot/contracts/search';
import type { Queryable } from '../../db/client';
import { specialities } from '../../db/schema/providers';
import { boundingBox, EARTH_RADIUS_MILES, type LatLon } from '../geo/haversine';
import { freeSlotCondition } from '../providers/slot-availability';

export async function listSpecialities(db: Queryable, region: string) {
  return db
    .select({ id: specialities.id, slug: specialities.slug, name: specialities.name })
    .from(specialities)
    .where(eq(specialities.region, region))
    .orderBy(asc(specialities.name));
}

export async function findSpeciality(db: Queryable, region: string, slug: string) {
  const [row] = await db
    .select({ id: specialities.id, slug: specialities.slug, name: specialities.name })
    .from(specialities)
    .where(and(eq(specialities.region, region), eq(specialities.slug, slug)));
  return row ?? null;
}

export interface NearbyQuery {
  region: string;
  specialityId: number;
  origin: LatLon;
  radius: number;
}

/** Haversine in SQL (miles) from the origin to hospital h. */
function distanceSql(origin: LatLon): SQL {
  return sql`(${2 * EARTH_RADIUS_MILES}::float8 * asin(least(1::float8, sqrt(
    power(sin(radians(h.latitude - ${origin.latitude}::float8) / 2), 2)
    + cos(radians(${origin.latitude}::float8)) * cos(radians(h.latitude))
      * power(sin(radians(h.longitude - ${origin.longitude}::float8) / 2), 2)))))`;
}

/**
 * Bookable providers of the speciality with at least one hospital within the radius, each once with its nearest
 * hospital. The bounding box uses hospitals_region_lat_lon_idx; haversine then decides exactly.
 */
function nearestHospitalPerProvider(q: NearbyQuery): SQL {
  const box = boundingBox(q.origin, q.radius);
  return sql`
    select distinct on (p.id)
      p.id as provider_id, h.id as hospital_id, h.name as hospital_name, h.address, h.city, h.postcode,
      h.latitude, h.longitude, h.time_zone, p.amount_minor, ${distanceSql(q.origin)} as distance
    from hospitals h
    join provider_hospitals ph on ph.hospital_id = h.id
    join providers p on p.id = ph.provider_id
    where h.region = ${q.region}
      and h.latitude between ${box.minLat}::float8 and ${box.maxLat}::float8
      and h.longitude between ${box.minLon}::float8 and ${box.maxLon}::float8
      and p.region = ${q.region}
      and p.speciality_id = ${q.specialityId}
      and p.verification_status = 'Verified'
      and p.bookable
      and ${distanceSql(q.origin)} <= ${q.radius}::float8
    order by p.id, distance`;
}

/** The first free slot of provider `near.provider_id` (uses availability_slots_provider_start_uq). */
function nextFreeSlotLateral(): SQL {
  return sql`left join lateral (
      select s.id as slot_id, s.starts_at, s.ends_at, sh.time_zone as slot_time_zone
      from availability_slots s
      join hospitals sh on sh.id = s.hospital_id
      where s.provider_id = near.provider_id and ${freeSlotCondition('s')}
      order by s.starts_at
      limit 1) ns on true`;
}

export interface SearchRow {
  provider_id: string;
  hospital_id: string;
  hospital_name: string;
  address: string;
  city: string;
  postcode: string;
  latitude: number;
  longitude: number;
  time_zone: string;
  amount_minor: number;
  distance: number;
  total: number;
  slot_id: number | string | null;
  starts_at: Date | string | null;
  ends_at: Date | string | null;
  slot_time_zone: string | null;
}

const rowsOf = <T>(res: unknown) => (res as { rows: T[] }).rows;

export function buildSearchSql(q: NearbyQuery & { sort: SearchSort; limit: number; offset: number }): SQL {
  const tie = sql`near.distance asc, near.provider_id asc`;
  if (q.sort === 'availability') {
    return sql`
      with near as (${nearestHospitalPerProvider(q)})
      select near.*, ns.slot_id, ns.starts_at, ns.ends_at, ns.slot_time_zone, (count(*) over ())::int as total
      from near ${nextFreeSlotLateral()}
      order by ns.starts_at asc nulls last, ${tie}
      limit ${q.limit} offset ${q.offset}`;
  }
  const order =
    q.sort === 'fee_asc' ? sql`near.amount_minor asc, ${tie}` : q.sort === 'fee_desc' ? sql`near.amount_minor desc, ${tie}` : tie;
  return sql`
    with near as (${nearestHospitalPerProvider(q)}),
    page as (
      select near.*, (count(*) over ())::int as total from near
      order by ${order}
      limit ${q.limit} offset ${q.offset})
    select near.*, ns.slot_id, ns.starts_at, ns.ends_at, ns.slot_time_zone
    from page near ${nextFreeSlotLateral()}
    order by ${order}`;
}

/**
 * One page of results and the total. Distance and fee sorts page first and look up the next free slot for the
 * page only; the availability sort needs every provider's next slot, so it joins before ordering.
 */
export async function searchProviders(
  db: Queryable,
  q: NearbyQuery & { sort: SearchSort; limit: number; offset: number },
): Promise<SearchRow[]> {
  return rowsOf<SearchRow>(await db.execute(buildSearchSql(q)));
}

/** How many providers match (for a page past the end, where the page query returns no row to carry the total). */
export async function countProviders(db: Queryable, q: NearbyQuery): Promise<number> {
  const res = await db.execute(sql`with near as (${nearestHospitalPerProvider(q)}) select count(*)::int as n from near`);
  return Number(rowsOf<{ n: number }>(res)[0]?.n ?? 0);
}

export interface MapRow {
  provider_id: string;
  hospital_name: string;
  address: string;
  city: string;
  postcode: string;
  latitude: number;
  longitude: number;
  distance: number;
  total: number;
}

export async function mapProviders(db: Queryable, q: NearbyQuery & { limit: number }): Promise<MapRow[]> {
  const res = await db.execute(sql`
    with near as (${nearestHospitalPerProvider(q)})
    select near.*, (count(*) over ())::int as total from near
    order by near.distance asc, near.provider_id asc
    limit ${q.limit}`);
  return rowsOf<MapRow>(res);
}
