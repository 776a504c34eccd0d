import { count, sql } from 'drizzle-orm';
import { DateTime } from 'luxon';
import { currencyForRegion, type Region } from '@careslot/contracts/money';
import type { Db } from '../client';
import { availabilityRules, providerScheduleSettings } from '../schema/availability';
import { galleryImages, homepageSettings } from '../schema/content';
import { patients, staffUsers } from '../schema/identity';
import { companies, hospitals, providerHospitals, providers, regulatorRegister, specialities } from '../schema/providers';
import { hashPassword } from '../../lib/password';
import { seededRandom, type Random } from '../../lib/random';
import { rollForward } from '../../modules/availability/availability.service';
import { FIRST_NAMES, LANGUAGES, LAST_NAMES, SPECIALITIES, UK_CITIES, USA_CITIES, type CitySeed } from './seed-data';

export const HOMEPAGE_SETTINGS_ID = 1;

export const DEMO_ACCOUNTS = {
  patient: { email: 'patient@careslot.test', password: 'CareSlot-demo-patient', first_name: 'Alex', last_name: 'Morgan' },
  provider: { email: 'provider@careslot.test', password: 'CareSlot-demo-provider' },
  staff: { email: 'admin@careslot.test', password: 'CareSlot-demo-admin', role: 'superuser' },
  /** A provider who has just registered and awaits review (docs/staff-admin.md); the register knows their number. */
  unverifiedProvider: { email: 'new.provider@careslot.test', password: 'CareSlot-demo-provider' },
} as const;

/** One demo staff account per role besides the superuser above (docs/staff-admin.md, Demo staff accounts). */
export const DEMO_STAFF = [
  { email: 'staff.admin@careslot.test', password: 'CareSlot-demo-staff', role: 'admin' },
  { email: 'staff.editor@careslot.test', password: 'CareSlot-demo-staff', role: 'editor' },
  { email: 'staff.author@careslot.test', password: 'CareSlot-demo-staff', role: 'author' },
] as const;
/** A company awaiting review in the demo data. */
export const DEMO_COMPANY = { name: 'Harbour Street Clinics Ltd', registration_number: '09876543', region: 'uk' } as const;

export interface SeedOptions {
  /** Providers per region (default 160, so 320 in all). */
  providersPerRegion?: number;
  /** How many days ahead seeded providers can be booked (their booking horizon; default 30). */
  days?: number;
  /** Demo accounts (never in production). */
  demoAccounts?: boolean;
  /** Fixed "now" for reproducible tests. */
  now?: Date;
}

const REGULATORS = {
  gmc: 'General Medical Council',
  gdc: 'General Dental Council',
  npi: 'National Provider Identifier (NPPES)',
} as const;

function regulatorFor(region: Region, dental: boolean): keyof typeof REGULATORS {
  if (region === 'usa') return 'npi';
  return dental ? 'gdc' : 'gmc';
}

function membershipNumber(rng: Random, regulator: keyof typeof REGULATORS): string {
  if (regulator === 'gmc') return String(rng.int(1000000, 7999999));
  if (regulator === 'gdc') return String(rng.int(50000, 299999));
  return String(rng.int(1000000000, 1999999999));
}

async function isDatabaseEmpty(db: Db): Promise<boolean> {
  const [row] = await db.select({ n: count() }).from(specialities);
  return (row?.n ?? 0) === 0;
}

/** Any number, the same in every process: the advisory lock taken while one process decides and seeds. */
const SEED_LOCK = 2026_11_22;

/**
 * Seeds an empty database as one transaction: a start cut short by Ctrl-C, kill -9 or a power cut leaves the
 * database empty (and seeded on the next start), never half-seeded and then left so because it is no longer empty.
 * Several processes starting together on one PostgreSQL seed it once (the advisory lock makes the rest wait, then
 * see it filled). Answers whether this call seeded.
 */
export async function seedIfEmpty(db: Db, opts: SeedOptions = {}): Promise<boolean> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${SEED_LOCK})`);
    if (!(await isDatabaseEmpty(tx))) return false;
    await seedDatabase(tx, opts);
    return true;
  });
}

/** Deterministic demo data: the same rows every run for the same options (ids aside). */
export async function seedDatabase(db: Db, opts: SeedOptions = {}): Promise<void> {
  const perRegion = opts.providersPerRegion ?? 160;
  const days = opts.days ?? 30;
  const now = opts.now ?? new Date();
  const rng = seededRandom(20261122);

  await db.insert(homepageSettings).values({
    id: HOMEPAGE_SETTINGS_ID,
    image_url: '/images/home-hero.svg',
    color: '#ffffff',
    show_modal: false,
    modal_heading: 'Book with confidence',
    modal_description: 'Every CareSlot provider is checked against their professional register before they can take bookings.',
  });
  await db.insert(galleryImages).values({ settings_id: HOMEPAGE_SETTINGS_ID, image_url: '/images/home-hero.svg' });

  for (const region of ['uk', 'usa'] as const) {
    const specRows = await db
      .insert(specialities)
      .values(SPECIALITIES.map((s) => ({ region, slug: s.slug, name: s[region] })))
      .returning();
    const specBySlug = new Map(specRows.map((r) => [r.slug, r]));
    const cities: CitySeed[] = region === 'uk' ? UK_CITIES : USA_CITIES;
    const hospitalRows = await db
      .insert(hospitals)
      .values(cities.flatMap((c) => c.hospitals.map((hs) => ({ ...hs, region, time_zone: c.timeZone }))))
      .returning();
    const hospitalsByCity = new Map<string, typeof hospitalRows>();
    for (const c of cities) {
      hospitalsByCity.set(
        c.city,
        hospitalRows.filter((r) => c.hospitals.some((hs) => hs.name === r.name)),
      );
    }

    const providerValues: (typeof providers.$inferInsert)[] = [];
    const placements: { index: number; hospitalIds: string[] }[] = [];
    for (let i = 0; i < perRegion; i++) {
      // Every speciality in every region has providers; every city gets providers.
      const spec = SPECIALITIES[i % SPECIALITIES.length]!;
      const city = cities[Math.floor(i / SPECIALITIES.length) % cities.length]!;
      const cityHospitals = hospitalsByCity.get(city.city)!;
      const first = rng.pick(cityHospitals);
      const hospitalIds = [first.id];
      if (cityHospitals.length > 1 && rng.chance(0.3)) {
        const second = rng.pick(cityHospitals.filter((x) => x.id !== first.id));
        hospitalIds.push(second.id);
      }
      const regulator = regulatorFor(region, !!spec.dental);
      const fee = rng.int(spec.fee[0], spec.fee[1]);
      const firstName = rng.pick(FIRST_NAMES);
      const lastName = rng.pick(LAST_NAMES);
      const langs = new Set<string>(['English', rng.pick(LANGUAGES[region])]);
      providerValues.push({
        region,
        first_name: firstName,
        last_name: lastName,
        regulator,
        professional_body_name: REGULATORS[regulator],
        membership_number: membershipNumber(rng, regulator),
        // About one in twelve is still awaiting verification; a few have paused bookings.
        verification_status: i % 12 === 11 ? 'Unverified' : 'Verified',
        bookable: i % 25 !== 24,
        speciality_id: specBySlug.get(spec.slug)!.id,
        qualifications: spec.qualifications[region],
        profile_image: null,
        bio: `${firstName} ${lastName} is a ${spec[region].toLowerCase()} specialist based in ${city.city}, seeing patients of all ages with a calm, thorough and evidence-based approach.`,
        languages: [...langs],
        amount_minor: fee * 100,
        follow_amount_minor: Math.round(fee * 0.7) * 100,
        currency: currencyForRegion(region),
        consultation_minutes: spec.minutes,
      });
      placements.push({ index: i, hospitalIds });
    }
    if (region === 'uk' && opts.demoAccounts) {
      // The demo provider: a verified London GP with an account.
      const demo = providerValues[0]!;
      demo.email = DEMO_ACCOUNTS.provider.email;
      demo.password_hash = await hashPassword(DEMO_ACCOUNTS.provider.password);
      demo.email_verified = true;
      // The twelfth UK provider awaits verification; in the demo they have an account, as if they had just registered.
      const fresh = providerValues[11];
      if (fresh) {
        fresh.email = DEMO_ACCOUNTS.unverifiedProvider.email;
        fresh.password_hash = await hashPassword(DEMO_ACCOUNTS.unverifiedProvider.password);
        fresh.email_verified = true;
      }
    }
    const providerRows = await db.insert(providers).values(providerValues).returning({
      id: providers.id,
      first_name: providers.first_name,
      last_name: providers.last_name,
      regulator: providers.regulator,
      membership_number: providers.membership_number,
      verification_status: providers.verification_status,
      consultation_minutes: providers.consultation_minutes,
    });

    await db
      .insert(providerHospitals)
      .values(
        placements.flatMap((p) =>
          p.hospitalIds.map((hospital_id, position) => ({ provider_id: providerRows[p.index]!.id, hospital_id, position })),
        ),
      );
    // The sandbox register knows every verified provider, under the name they registered with.
    await db
      .insert(regulatorRegister)
      .values(
        providerRows
          .filter((p, idx) => p.verification_status === 'Verified' || (region === 'uk' && opts.demoAccounts && idx === 11))
          .map((p) => ({ regulator: p.regulator, registration_number: p.membership_number, name: `${p.first_name} ${p.last_name}` })),
      )
      .onConflictDoNothing();

    // Availability through the same rules a provider publishes, so the daily roll-forward keeps a long-lived demo
    // database supplied with slots. Seeded providers book `days` ahead; the demo provider keeps the default horizon.
    const tzByHospital = new Map(hospitalRows.map((r) => [r.id, r.time_zone]));
    const rules = providerRows.flatMap((p, idx) => weeklyPattern(rng, p.id, placements[idx]!.hospitalIds, tzByHospital, now));
    for (let i = 0; i < rules.length; i += 1000) await db.insert(availabilityRules).values(rules.slice(i, i + 1000));
    const demoProviderId = region === 'uk' && opts.demoAccounts ? providerRows[0]!.id : null;
    await db
      .insert(providerScheduleSettings)
      .values(providerRows.filter((p) => p.id !== demoProviderId).map((p) => ({ provider_id: p.id, horizon_days: days })));
  }
  await rollForward(db, now);

  if (opts.demoAccounts) {
    await db.insert(patients).values({
      email: DEMO_ACCOUNTS.patient.email,
      password_hash: await hashPassword(DEMO_ACCOUNTS.patient.password),
      first_name: DEMO_ACCOUNTS.patient.first_name,
      last_name: DEMO_ACCOUNTS.patient.last_name,
      phone_number: '+447911123456',
      date_of_birth: '1990-05-14',
      email_verified_at: now,
    });
    await db.insert(staffUsers).values({
      email: DEMO_ACCOUNTS.staff.email,
      password_hash: await hashPassword(DEMO_ACCOUNTS.staff.password),
      role: DEMO_ACCOUNTS.staff.role,
    });
    const staffHash = await hashPassword(DEMO_STAFF[0].password);
    await db.insert(staffUsers).values(DEMO_STAFF.map((s) => ({ email: s.email, password_hash: staffHash, role: s.role })));
    await db.insert(companies).values({ ...DEMO_COMPANY, verification_status: 'Unverified' });
  }
  await db.execute(sql`analyze`);
}

/**
 * A provider's working pattern as weekly rules in each clinic's own zone: weekday clinics from 8, 9 or 10 o'clock and
 * after lunch, some Saturday mornings; with a second clinic, Tuesdays and Thursdays there.
 */
function weeklyPattern(
  rng: Random,
  providerId: string,
  hospitalIds: string[],
  tzByHospital: Map<string, string>,
  now: Date,
): (typeof availabilityRules.$inferInsert)[] {
  const startHour = rng.pick([8, 9, 9, 10]);
  const sessionLength = rng.pick([3, 4]);
  const worksSaturday = rng.chance(0.3);
  const hhmm = (h: number) => `${String(h).padStart(2, '0')}:00`;
  const day = [
    { start_time: hhmm(startHour), end_time: hhmm(startHour + sessionLength) },
    { start_time: hhmm(14), end_time: hhmm(14 + sessionLength) },
  ];
  const [main, second] = hospitalIds as [string, string | undefined];
  const rule = (hospitalId: string, weekdays: number[], blocks: typeof day) => ({
    provider_id: providerId,
    hospital_id: hospitalId,
    kind: 'weekly',
    weekdays,
    blocks,
    from_date: DateTime.fromJSDate(now, { zone: tzByHospital.get(hospitalId)! }).toISODate()!,
  });
  const out = [rule(main, second ? [1, 3, 5] : [1, 2, 3, 4, 5], day)];
  if (second) out.push(rule(second, [2, 4], day));
  if (worksSaturday) out.push(rule(main, [6], [{ start_time: hhmm(startHour), end_time: hhmm(startHour + 3) }]));
  return out;
}
