/** The FHIR door's public half (docs/fhir.md): metadata, errors, and the public resources. Every answer is validated R4. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type {
  Bundle,
  CapabilityStatement,
  Location,
  OperationOutcome,
  Practitioner,
  PractitionerRole,
  Schedule,
  Slot,
} from '@medplum/fhirtypes';
import { createTestApp, type TestApp } from '../../test/test-app';
import { entriesOf, fhirGet } from './fhir.test-helpers';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ seed: { providersPerRegion: 8, days: 5, demoAccounts: true } });
  // Migrations and the seed take a while on a busy machine.
}, 180_000);
afterAll(async () => t?.close());

const B = '/fhir/R4';

async function one<T>(query: string): Promise<T[]> {
  const r = await fhirGet<Bundle>(t.app, `${B}/${query}`);
  expect(r.status).toBe(200);
  expect(r.body.type).toBe('searchset');
  return entriesOf(r.body) as T[];
}

async function dbRows<T>(q: ReturnType<typeof sql>): Promise<T[]> {
  return ((await t.app.db.execute(q)) as unknown as { rows: T[] }).rows;
}

describe('the FHIR base', () => {
  it('answers /metadata as a CapabilityStatement in application/fhir+json, listing each resource with its search parameters', async () => {
    const r = await fhirGet<CapabilityStatement>(t.app, `${B}/metadata`);
    expect(r.status).toBe(200);
    expect(r.res.headers['content-type']).toMatch(/^application\/fhir\+json/);
    expect(r.body.fhirVersion).toBe('4.0.1');
    const resources = r.body.rest![0]!.resource!;
    expect(resources.map((x) => x.type)).toEqual(
      expect.arrayContaining(['Practitioner', 'Organization', 'Location', 'PractitionerRole', 'Schedule', 'Slot']),
    );
    const slot = resources.find((x) => x.type === 'Slot')!;
    expect(slot.searchParam!.map((p) => p.name)).toEqual(expect.arrayContaining(['schedule', 'start', 'status', 'specialty']));
    expect((await fhirGet(t.app, `${B}/metadata?_format=json`)).status).toBe(200);
  });

  it('refuses a format other than JSON with 406 and an OperationOutcome', async () => {
    const r = await fhirGet<OperationOutcome>(t.app, `${B}/metadata?_format=xml`);
    expect(r.status).toBe(406);
    expect(r.body.issue[0]!.code).toBe('not-supported');
    expect(r.body.issue[0]!.diagnostics).toMatch(/Only JSON/);
  });

  it('answers unknown paths, unknown ids and unknown OperationDefinitions with a 404 OperationOutcome', async () => {
    for (const url of [
      `${B}/Patient/1`,
      `${B}/Practitioner/not-a-uuid`,
      `${B}/Practitioner/00000000-0000-4000-8000-000000000000`,
      `${B}/OperationDefinition/nope`,
      `${B}/Slot/999999999`,
    ]) {
      const r = await fhirGet<OperationOutcome>(t.app, url);
      expect(r.status, url).toBe(404);
      expect(r.body.resourceType).toBe('OperationOutcome');
      expect(r.body.issue[0]!.code).toBe('not-found');
    }
  });

  it('answers bad search parameters with a 400 OperationOutcome that says what to send', async () => {
    const cases: [string, RegExp][] = [
      ['Slot?colour=blue', /"colour" is not supported/],
      ['Slot?_count=0', /_count must be/],
      ['Slot?_count=abc', /_count must be/],
      ['Slot?start=tomorrow', /not a FHIR date/],
      ['Slot?start=2026-02-30', /not a FHIR date/],
      ['Slot?start=ap2026-03-01', /prefix ap is not supported/],
      ['Slot?status=maybe', /not a Slot status/],
      ['Slot?schedule=Location/1', /Schedule reference/],
      ['Slot?schedule=abc', /not a CareSlot Schedule id/],
      ['Slot?_page=%%%', /_page/],
      ['Location?near=91|0|5|km', /latitude/],
      ['Location?near=51|0|5|parsec', /unit/],
      ['Location?near=51|0|500|km', /at most/],
      ['Location?_offset=99999999', /_offset/],
      ['Schedule?actor=Patient/1', /actor must be/],
    ];
    for (const [q, why] of cases) {
      const r = await fhirGet<OperationOutcome>(t.app, `${B}/${q}`);
      expect(r.status, q).toBe(400);
      expect(r.body.issue[0]!.diagnostics, q).toMatch(why);
    }
  });

  it('takes an empty optional parameter as absent', async () => {
    const r = await fhirGet<Bundle>(t.app, `${B}/Slot?_count=&status=&start=`);
    expect(r.status).toBe(200);
  });
});

describe('public resources', () => {
  it('shows verified, bookable providers as Practitioners with their register identifier, and no one else', async () => {
    const [verified] = await dbRows<{ id: string; regulator: string; membership_number: string }>(
      sql`select id, regulator, membership_number from providers where verification_status = 'Verified' and bookable and regulator = 'gmc' limit 1`,
    );
    const [unverified] = await dbRows<{ id: string }>(
      sql`update providers set verification_status = 'Unverified' where id = (select id from providers where id <> ${verified!.id}::uuid order by id desc limit 1) returning id`,
    );
    const read = await fhirGet<Practitioner>(t.app, `${B}/Practitioner/${verified!.id}`);
    expect(read.status).toBe(200);
    expect(read.body.identifier![0]).toMatchObject({ system: 'https://fhir.hl7.org.uk/Id/gmc-number', value: verified!.membership_number });
    expect(read.body).not.toHaveProperty('telecom');
    expect((await fhirGet(t.app, `${B}/Practitioner/${unverified!.id}`)).status).toBe(404);

    const found = await one<Practitioner>(`Practitioner?identifier=https://fhir.hl7.org.uk/Id/gmc-number|${verified!.membership_number}`);
    expect(found.map((p) => p.id)).toEqual([verified!.id]);
    expect(await one(`Practitioner?identifier=http://hl7.org/fhir/sid/us-npi|${verified!.membership_number}`)).toEqual([]);
    const npi = await one<Practitioner>('Practitioner?_count=100');
    expect(npi.some((p) => p.identifier![0]!.system === 'http://hl7.org/fhir/sid/us-npi')).toBe(true);
  });

  it('pages a search with a stable order and a next link that continues where the page ended', async () => {
    const first = await fhirGet<Bundle>(t.app, `${B}/Practitioner?_count=3`);
    const next = first.body.link!.find((l) => l.relation === 'next')!.url;
    expect(first.body.link!.find((l) => l.relation === 'self')!.url).toMatch(/\/fhir\/R4\/Practitioner\?_count=3$/);
    const second = await fhirGet<Bundle>(t.app, next.replace(/^https?:\/\/[^/]+/, ''));
    const all = await one<Practitioner>('Practitioner?_count=6');
    expect([...entriesOf(first.body), ...entriesOf(second.body)].map((r) => r.id)).toEqual(all.map((r) => r.id));
  });

  it('finds Locations by postcode start and near a point, nearest first, with their position', async () => {
    const [h] = await dbRows<{ id: string; postcode: string; latitude: number; longitude: number }>(
      sql`select h.id, h.postcode, h.latitude, h.longitude from hospitals h join provider_hospitals ph on ph.hospital_id = h.id
          join providers p on p.id = ph.provider_id where p.verification_status = 'Verified' and p.bookable and h.region = 'uk' limit 1`,
    );
    const byPostcode = await one<Location>(`Location?address-postalcode=${encodeURIComponent(h!.postcode.split(' ')[0]!.toLowerCase())}`);
    expect(byPostcode.map((l) => l.id)).toContain(h!.id);
    const near = await one<Location>(`Location?near=${h!.latitude}|${h!.longitude}|5|km`);
    expect(near[0]!.id).toBe(h!.id);
    expect(near[0]!.position).toEqual({ latitude: Number(h!.latitude), longitude: Number(h!.longitude) });
    expect(await one(`Location?near=0|0|1|km`)).toEqual([]);
  });

  it('links PractitionerRole, Schedule and Slot: a Slot names its Schedule, whose actors are the role and the clinic', async () => {
    const slots = await one<Slot>('Slot?status=free&_count=5');
    expect(slots.length).toBeGreaterThan(0);
    const slot = slots[0]!;
    expect(slot.status).toBe('free');
    const schedule = (await fhirGet<Schedule>(t.app, `${B}/${slot.schedule.reference}`)).body;
    expect(schedule.actor.map((a) => a.reference!.split('/')[0])).toEqual(['PractitionerRole', 'Location']);
    const role = (await fhirGet<PractitionerRole>(t.app, `${B}/${schedule.actor[0]!.reference}`)).body;
    expect(role.location!.map((l) => l.reference)).toContain(schedule.actor[1]!.reference);
    const inSchedule = await one<Slot>(`Slot?schedule=${slot.schedule.reference}&_count=100`);
    expect(inSchedule.every((s) => s.schedule.reference === slot.schedule.reference)).toBe(true);
    const bySpecialty = await one<Slot>(`Slot?specialty=${slot.specialty![0]!.coding![0]!.code}&_count=10`);
    expect(bySpecialty.every((s) => s.specialty![0]!.coding![0]!.code === slot.specialty![0]!.coding![0]!.code)).toBe(true);
    expect(await one(`Slot?specialty=http://snomed.info/sct|394814009`)).toEqual([]);
  });

  it('shows a booked slot as busy, never who booked it, and filters by start bounds', async () => {
    const [s] = await dbRows<{ id: string; starts_at: Date }>(
      sql`select s.id::text, s.starts_at from availability_slots s join providers p on p.id = s.provider_id
          where s.status = 'open' and s.starts_at > now() + interval '1 day' and p.verification_status = 'Verified' and p.bookable
            and not exists (select 1 from bookings b where b.slot_id = s.id) order by s.starts_at limit 1`,
    );
    const [patient] = await dbRows<{ id: string }>(sql`select id from patients limit 1`);
    await t.app.db.execute(sql`insert into bookings (slot_id, patient_id, provider_id, region, status, amount_minor, currency, ics_uid)
      select s.id, ${patient!.id}::uuid, s.provider_id, s.region, 'Booked', 100, 'GBP', 'fhir-test@careslot' from availability_slots s where s.id = ${s!.id}::bigint`);
    const read = await fhirGet<Slot>(t.app, `${B}/Slot/${s!.id}`);
    expect(read.body.status).toBe('busy');
    expect(JSON.stringify(read.body)).not.toContain(patient!.id);
    const busy = await one<Slot>(`Slot?status=busy&_count=100`);
    expect(busy.map((x) => x.id)).toContain(s!.id);
    const free = await one<Slot>(`Slot?status=free&_count=100`);
    expect(free.map((x) => x.id)).not.toContain(s!.id);
    const at = new Date(s!.starts_at).toISOString();
    const window = await one<Slot>(
      `Slot?start=ge${encodeURIComponent(at)}&start=lt${encodeURIComponent(new Date(new Date(at).getTime() + 1000).toISOString())}`,
    );
    expect(window.map((x) => x.id)).toContain(s!.id);
    expect(window.every((x) => x.start === at.replace('.000Z', 'Z'))).toBe(true);
  });

  it('pages Slots in start order through next links without repeats or gaps', async () => {
    const seen: string[] = [];
    let url: string | undefined = `${B}/Slot?_count=7`;
    for (let i = 0; i < 4 && url; i++) {
      const r: { body: Bundle } = await fhirGet<Bundle>(t.app, url);
      seen.push(...entriesOf<Slot>(r.body).map((s) => `${s.start}|${s.id}`));
      url = r.body.link!.find((l) => l.relation === 'next')?.url.replace(/^https?:\/\/[^/]+/, '');
    }
    const all = (await one<Slot>('Slot?_count=28')).map((s) => `${s.start}|${s.id}`);
    expect(seen).toEqual(all);
    expect(new Set(seen).size).toBe(seen.length);
  });

  it('shows Organizations only for companies of public providers', async () => {
    const orgs = await one<{ id: string; name: string }>('Organization?_count=100');
    const [hidden] = await dbRows<{ id: string }>(
      sql`select c.id from companies c where not exists (select 1 from providers p where p.company_id = c.id and p.verification_status = 'Verified' and p.bookable) limit 1`,
    );
    if (hidden) expect(orgs.map((o) => o.id)).not.toContain(hidden.id);
    for (const o of orgs) expect((await fhirGet(t.app, `${B}/Organization/${o.id}`)).status).toBe(200);
  });
});

describe('rate limit (last: it spends this address budget)', () => {
  it('limits public reads per address with a 429 OperationOutcome that says what to do', async () => {
    let last: { status: number; body: OperationOutcome } | undefined;
    for (let i = 0; i < 130 && last?.status !== 429; i++) last = await fhirGet<OperationOutcome>(t.app, `${B}/Location?_count=1`);
    expect(last!.status).toBe(429);
    expect(last!.body.issue[0]!.code).toBe('throttled');
    expect(last!.body.issue[0]!.diagnostics).toMatch(/bulk-publish/);
  });
});
