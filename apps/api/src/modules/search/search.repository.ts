import { createHash } from 'node:crypto';
import { and, asc, eq, fillPlaceholders, sql, type SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import pg from 'pg';
import type { SearchSort } from '@careslot/contracts/search';
import type { Queryable } from '../../db/client';
import { specialities, type HospitalPlace } from '../../db/schema/providers';
import { boundingBox, EARTH_RADIUS_MILES, type LatLon } from '../geo/geo.service';
import { freeSlotCondition } from '../availability/availability.service';
import { rowsOf } from '../../db/rows';

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

export type SearchQuery = NearbyQuery & { sort: SearchSort; limit: number; offset: number };

/** The values of a search statement, by name: the origin, its bounding box, the radius and the page. */
interface SearchValues {
  region: string;
  specialityId: number;
  lat: number;
  lon: number;
  minLat: number;
  maxLat: number;
  minLon: number;
  maxLon: number;
  radius: number;
  limit: number;
  offset: number;
}

function searchValues(q: NearbyQuery & { limit?: number; offset?: number }): SearchValues {
  const box = boundingBox(q.origin, q.radius);
  const { latitude: lat, longitude: lon } = q.origin;
  return { region: q.region, specialityId: q.specialityId, lat, lon, ...box, radius: q.radius, limit: q.limit ?? 0, offset: q.offset ?? 0 };
}

/**
 * How a statement builder gets a value: the value itself (a parameter of that one statement), or a named placeholder
 * (the statement's text is built once per shape and each search only fills in its values; see `query`).
 */
type Bind = (name: keyof SearchValues) => unknown;

const valuesOf =
  (values: SearchValues): Bind =>
  (name) =>
    values[name];
const placeholders: Bind = (name) => sql.placeholder(name);

/** Haversine in SQL (miles) from the origin (lat, lon) to the point `alias`.latitude/longitude. */
function distanceSql(v: Bind, alias = 'pl'): SQL {
  const a = sql.raw(alias);
  return sql`(${2 * EARTH_RADIUS_MILES}::float8 * asin(least(1::float8, sqrt(
    power(sin(radians(${a}.latitude - ${v('lat')}::float8) / 2), 2)
    + cos(radians(${v('lat')}::float8)) * cos(radians(${a}.latitude))
      * power(sin(radians(${a}.longitude - ${v('lon')}::float8) / 2), 2)))))`;
}

/**
 * Searchable providers (verified, bookable; see provider_locations) of the speciality with at least one hospital within
 * the radius, each once with its nearest hospital. The bounding box is an index-only range on
 * provider_locations_search_idx (region, speciality, latitude, longitude…); haversine then decides exactly.
 */
function nearestHospitalPerProvider(v: Bind): SQL {
  // The distance is computed once per row of the box: `offset 0` keeps the inner select from being merged into the outer
  // one, which would evaluate the haversine twice (in the filter and in the output).
  return sql`
    select distinct on (inbox.provider_id) inbox.provider_id, inbox.hospital_id, inbox.amount_minor, inbox.distance
    from (
      select pl.provider_id, pl.hospital_id, pl.amount_minor, ${distanceSql(v)} as distance
      from provider_locations pl
      where pl.region = ${v('region')}
        and pl.speciality_id = ${v('specialityId')}
        and pl.latitude between ${v('minLat')}::float8 and ${v('maxLat')}::float8
        and pl.longitude between ${v('minLon')}::float8 and ${v('maxLon')}::float8
      offset 0) inbox
    where inbox.distance <= ${v('radius')}::float8
    order by inbox.provider_id, inbox.distance`;
}

/** The first free slot of provider `near.provider_id` (availability_slots_provider_start_idx, then the shared rule). */
function nextFreeSlotLateral(): SQL {
  return sql`left join lateral (
      select s.id as slot_id, s.starts_at, s.ends_at, s.hospital_id as slot_hospital_id
      from availability_slots s
      where s.provider_id = near.provider_id and ${freeSlotCondition('s')}
      order by s.starts_at
      limit 1) ns on true`;
}

/** A hospital row as a JSON object with the columns of HospitalPlace. */
const hospitalObject = (alias: string) => {
  const a = sql.raw(alias);
  return sql`json_build_object('id', ${a}.id, 'name', ${a}.name, 'address', ${a}.address, 'city', ${a}.city,
          'postcode', ${a}.postcode, 'latitude', ${a}.latitude, 'longitude', ${a}.longitude, 'time_zone', ${a}.time_zone)`;
};

/** What a result card needs beyond the page row: hospital, provider, the slot's zone, the provider's other hospitals. */
const cardColumns = sql`near.provider_id, near.distance, near.total, ${hospitalObject('h')} as hospital,
      p.first_name, p.last_name, p.qualifications, p.profile_image, p.verification_status, p.amount_minor, p.currency,
      ns.slot_id, ns.starts_at, ns.ends_at, sh.time_zone as slot_time_zone, oh.others`;

const cardJoins = sql`join hospitals h on h.id = near.hospital_id
    join providers p on p.id = near.provider_id
    left join hospitals sh on sh.id = ns.slot_hospital_id
    left join lateral (
      select json_agg(${hospitalObject('h2')} order by ph2.position, h2.id) as others
      from provider_hospitals ph2
      join hospitals h2 on h2.id = ph2.hospital_id
      where ph2.provider_id = near.provider_id and h2.id <> near.hospital_id) oh on true`;

export interface SearchRow {
  provider_id: string;
  /** The provider's nearest hospital within the radius. */
  hospital: HospitalPlace;
  distance: number;
  total: number;
  first_name: string;
  last_name: string;
  qualifications: string[];
  profile_image: string | null;
  verification_status: string;
  amount_minor: number;
  currency: string;
  slot_id: number | string | null;
  starts_at: Date | string | null;
  ends_at: Date | string | null;
  slot_time_zone: string | null;
  others: HospitalPlace[] | null;
}

const dialect = new PgDialect();

interface Prepared {
  name: string;
  text: string;
  /** The statement's parameters: constants, and placeholders filled in from each search's values. */
  params: unknown[];
}
/** Statement shape → its name, text and parameters. The search statements have a handful of shapes (one per sort…). */
const prepared = new Map<string, Prepared>();

/**
 * Runs a search statement of the given shape. On PostgreSQL it is a named prepared statement whose text and parameter
 * list are built once per shape (building them from the SQL fragments on every search cost ~7 % of the API's CPU), and
 * each pooled connection plans it once (planning the search costs about as much as running it). PGlite, and
 * transactions, run the statement built with its values, as usual.
 */
async function query<T>(db: Queryable, shape: string, build: (v: Bind) => SQL, values: SearchValues): Promise<T[]> {
  const client = (db as { $client?: unknown }).$client;
  if (client instanceof pg.Pool) {
    let statement = prepared.get(shape);
    if (!statement) {
      const { sql: text, params } = dialect.sqlToQuery(build(placeholders));
      // Named by shape and text, so two versions of this code on one pool (bench/search/compare.ts) never share a name.
      const digest = createHash('sha1').update(text).digest('hex').slice(0, 12);
      statement = { name: `careslot_${shape.replace(/\W/g, '_')}_${digest}`, text, params };
      prepared.set(shape, statement);
    }
    return (
      await client.query({
        name: statement.name,
        text: statement.text,
        values: fillPlaceholders(statement.params, values as unknown as Record<string, unknown>),
      })
    ).rows as T[];
  }
  return rowsOf<T>(await db.execute(build(valuesOf(values))));
}

/**
 * One statement per search: the matching providers, their total, one page in the asked order, and for the page rows
 * only the card data and the next free slot. Distance and fee sorts cut the page first; the availability sort needs
 * every provider's next free slot to order by it, so it looks that up before cutting the page.
 */
function searchSql(sort: SearchSort, v: Bind): SQL {
  const tie = sql`near.distance asc, near.provider_id asc`;
  if (sort === 'availability') {
    return sql`
      with near as (${nearestHospitalPerProvider(v)}),
      page as (
        select near.*, ns.slot_id, ns.starts_at, ns.ends_at, ns.slot_hospital_id, (count(*) over ())::int as total
        from near ${nextFreeSlotLateral()}
        order by ns.starts_at asc nulls last, ${tie}
        limit ${v('limit')} offset ${v('offset')})
      select ${cardColumns}
      from page near
      cross join lateral (select near.slot_id, near.starts_at, near.ends_at, near.slot_hospital_id) ns
      ${cardJoins}
      order by ns.starts_at asc nulls last, ${tie}`;
  }
  const order = sort === 'fee_asc' ? sql`near.amount_minor asc, ${tie}` : sort === 'fee_desc' ? sql`near.amount_minor desc, ${tie}` : tie;
  return sql`
    with near as (${nearestHospitalPerProvider(v)}),
    page as (
      select near.*, (count(*) over ())::int as total from near
      order by ${order}
      limit ${v('limit')} offset ${v('offset')})
    select ${cardColumns}
    from page near ${nextFreeSlotLateral()}
    ${cardJoins}
    order by ${order}`;
}

/** The search statement with its values (bench/search/explain.ts prints its plans). */
export function buildSearchSql(q: SearchQuery): SQL {
  return searchSql(q.sort, valuesOf(searchValues(q)));
}

/** One page of results (with card data) and the total. */
export async function searchProviders(db: Queryable, q: SearchQuery): Promise<SearchRow[]> {
  return query<SearchRow>(db, `search:${q.sort}`, (v) => searchSql(q.sort, v), searchValues(q));
}

/** How many providers match (for a page past the end, where the page query returns no row to carry the total). */
export async function countProviders(db: Queryable, q: NearbyQuery): Promise<number> {
  const rows = await query<{ n: number }>(
    db,
    'count',
    (v) => sql`with near as (${nearestHospitalPerProvider(v)}) select count(*)::int as n from near`,
    searchValues(q),
  );
  return Number(rows[0]?.n ?? 0);
}

export type MapRow = {
  provider_id: string;
  first_name: string;
  last_name: string;
  hospital_name: string;
  distance: number;
  total: number;
} & Pick<HospitalPlace, 'address' | 'city' | 'postcode' | 'latitude' | 'longitude'>;

export async function mapProviders(db: Queryable, q: NearbyQuery & { limit: number }): Promise<MapRow[]> {
  return query<MapRow>(
    db,
    'map',
    (v) => sql`
    with near as (${nearestHospitalPerProvider(v)}),
    page as (
      select near.*, (count(*) over ())::int as total from near
      order by near.distance asc, near.provider_id asc
      limit ${v('limit')})
    select near.provider_id, near.distance, near.total, p.first_name, p.last_name,
      h.name as hospital_name, h.address, h.city, h.postcode, h.latitude, h.longitude
    from page near
    join hospitals h on h.id = near.hospital_id
    join providers p on p.id = near.provider_id
    order by near.distance asc, near.provider_id asc`,
    searchValues(q),
  );
}
