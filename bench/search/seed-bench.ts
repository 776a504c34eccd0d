import { sql } from 'drizzle-orm';
import type { Database } from '../../apps/api/src/db/client';
import { seedDatabase } from '../../apps/api/src/db/seed/seed';

const log = (...a: unknown[]) => console.log(new Date().toISOString().slice(11, 19), ...a);

/** The bench data set: the demo seed's specialities, then bulk providers, hospitals and slots generated in SQL. */
export async function seedBench(db: Database['db'], providers: number, slots: number) {
  await seedDatabase(db, { providersPerRegion: 14, days: 2, demoAccounts: false });
  const t0 = Date.now();
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
  // Provider n of a region works at hospital (n mod H) of that region: deterministic and O(providers).
  await db.execute(sql`
    insert into provider_hospitals (provider_id, hospital_id, position)
    select p.id, h.id, 0
    from (select id, region, row_number() over (partition by region order by id) as n from providers where first_name = 'Bench') p
    join (select id, region, row_number() over (partition by region order by id) - 1 as k,
                 count(*) over (partition by region) as total
          from hospitals where name like 'Bench Hospital %') h
      on h.region = p.region and h.k = p.n % h.total`);
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
