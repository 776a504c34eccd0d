import { sql } from 'drizzle-orm';
import type { Database } from '../../apps/api/src/db/client';
import { seedDatabase } from '../../apps/api/src/db/seed/seed';

const log = (...a: unknown[]) => console.log(new Date().toISOString().slice(11, 19), ...a);

/** The bench data set: the demo seed's specialities, then bulk providers, hospitals and slots generated in SQL. */
export async function seedBench(db: Database['db'], providers: number, slots: number) {
  await seedDatabase(db, { providersPerRegion: 14, days: 2, demoAccounts: false });
  const t0 = Date.now();
  // The provider_locations triggers fire once per row, and inside one bulk statement their plans were made for nearly empty
  // tables: the load grew with the square of the providers (100k: ~20 min on PGlite). They are off for the bulk rows and the
  // table is then filled in one statement with the triggers' own query (provider_locations_refresh, for every bench provider).
  await db.execute(sql`alter table providers disable trigger provider_locations_provider_ins`);
  await db.execute(sql`alter table provider_hospitals disable trigger provider_locations_link`);
  try {
    // Hospitals spread over Great Britain and the contiguous USA (deterministic pseudo-random positions).
    await db.execute(sql`
      insert into hospitals (region, name, address, city, postcode, latitude, longitude, time_zone)
      select case when g % 2 = 0 then 'uk' else 'usa' end, 'Bench Hospital ' || g, g || ' Bench Street', 'Bench City', 'BENCH',
        case when g % 2 = 0 then 50.4 + (abs(hashint4(g)) % 10000) / 10000.0 * 5.2 else 29 + (abs(hashint4(g)) % 10000) / 10000.0 * 18 end,
        case when g % 2 = 0 then -4.5 + (abs(hashint4(g + 7)) % 10000) / 10000.0 * 6 else -122 + (abs(hashint4(g + 7)) % 10000) / 10000.0 * 50 end,
        case when g % 2 = 0 then 'Europe/London' else 'America/New_York' end
      from generate_series(1, ${Math.max(200, Math.round(providers / 25))}) g`);
    await db.execute(sql`
      insert into providers (region, first_name, last_name, regulator, professional_body_name, membership_number, verification_status,
        speciality_id, qualifications, amount_minor, follow_amount_minor, currency, consultation_minutes, bookable)
      select r.region, 'Bench', 'Provider ' || g, 'gmc', 'General Medical Council', g::text,
        case when g % 12 = 0 then 'Unverified' else 'Verified' end,
        (select id from specialities s where s.region = r.region order by id offset (g % 14) limit 1),
        array['MBBS'], 4000 + (g % 200) * 100, 3000 + (g % 200) * 70, case when r.region = 'uk' then 'GBP' else 'USD' end, 30, g % 25 <> 0
      from generate_series(1, ${providers}) g
      cross join lateral (select case when g % 2 = 0 then 'uk' else 'usa' end as region) r`);
    // Provider n of a region works at hospital (n mod H) of that region. Fresh statistics and H from its own subquery make
    // the join a hash join on (region, k): without them it compared every provider with every hospital (quadratic).
    await db.execute(sql`analyze providers, hospitals`);
    await db.execute(sql`
      insert into provider_hospitals (provider_id, hospital_id, position)
      select p.id, h.id, 0
      from (select id, region, row_number() over (partition by region order by id) as n from providers where first_name = 'Bench') p
      join (select region, count(*) as total from hospitals where name like 'Bench Hospital %' group by region) t on t.region = p.region
      join (select id, region, row_number() over (partition by region order by id) - 1 as k
            from hospitals where name like 'Bench Hospital %') h
        on h.region = p.region and h.k = p.n % t.total`);
  } finally {
    await db.execute(sql`alter table providers enable trigger provider_locations_provider_ins`);
    await db.execute(sql`alter table provider_hospitals enable trigger provider_locations_link`);
  }
  await db.execute(sql`
    insert into provider_locations (provider_id, hospital_id, region, speciality_id, latitude, longitude, amount_minor)
    select p.id, h.id, p.region, p.speciality_id, h.latitude, h.longitude, p.amount_minor
    from providers p
    join provider_hospitals ph on ph.provider_id = p.id
    join hospitals h on h.id = ph.hospital_id and h.region = p.region
    where p.first_name = 'Bench' and p.verification_status = 'Verified' and p.bookable`);
  log(`  ${providers} providers and hospitals in ${((Date.now() - t0) / 1000).toFixed(0)} s`);
  const perProvider = Math.max(1, Math.round(slots / providers));
  const t1 = Date.now();
  const batch = 10_000;
  for (let offset = 0; offset < providers; offset += batch) {
    await db.execute(sql`
      insert into availability_slots (provider_id, hospital_id, region, starts_at, ends_at)
      select p.id, ph.hospital_id, p.region,
        date_trunc('hour', now()) + interval '1 hour' * (1 + (s / 8) * 24 + (s % 8)) + interval '1 minute' * (p.n % 4) * 15,
        date_trunc('hour', now()) + interval '1 hour' * (1 + (s / 8) * 24 + (s % 8)) + interval '1 minute' * ((p.n % 4) * 15 + 30)
      from (select id, region, row_number() over (order by id) as n from providers where first_name = 'Bench' order by id offset ${offset} limit ${batch}) p
      join provider_hospitals ph on ph.provider_id = p.id
      cross join generate_series(0, ${perProvider - 1}) s
      on conflict do nothing`);
  }
  // VACUUM sets the visibility map, so the search box is an index-only scan (autovacuum does this on a live server).
  await db.execute(sql`vacuum analyze`);
  log(`  ${perProvider * providers} slots in ${((Date.now() - t1) / 1000).toFixed(0)} s`);
}
