import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INVALID_CREDENTIALS_MESSAGE } from '@careslot/contracts/auth';
import type { SearchResponse } from '@careslot/contracts/search';
import { companies, hospitals, providers, regulatorRegister, verificationReviews } from '../../db/schema/providers';
import { createTestApp, mailTo, type TestApp } from '../../test/test-app';
import { recheckRegistrations } from './register-recheck';

let t: TestApp;
let app: FastifyInstance;
beforeAll(async () => {
  t = await createTestApp({ env: { RATE_LIMIT_SCALE: '100' }, seed: { providersPerRegion: 6 } });
  app = t.app;
}, 120_000);
afterAll(async () => t?.close());

const PASSWORD = 'quiet-meadow-compass';
const unique = () => Math.random().toString(36).slice(2, 10);

export function newProvider(overrides: Record<string, unknown> = {}) {
  return {
    first_name: 'amelia',
    last_name: 'Hart',
    email: `Amelia.${unique()}@Example.com`,
    password: PASSWORD,
    phone_number: '07911 123456',
    region: 'uk',
    regulator: 'gmc',
    membership_number: ' 7000001 ',
    speciality: 'gp',
    qualifications: ['MBBS', 'MRCGP'],
    hospital: { name: 'Harley Street Consulting Rooms', address: '112 Harley Street', city: 'London', postcode: 'W1G 7JQ' },
    amount: '62.00',
    follow_amount: '45',
    consultation_minutes: 20,
    ...overrides,
  };
}

const register = (body: Record<string, unknown>) => app.inject({ method: 'POST', url: '/api/provider-register/', payload: body });
const lookup = (path: string, body: string, type = 'text/plain') =>
  app.inject({ method: 'POST', url: path, payload: body, headers: { 'content-type': type } });
const login = (email: string, user_type: 'patient' | 'provider', password = PASSWORD) =>
  app.inject({ method: 'POST', url: '/api/user-login', payload: { email, password, user_type } });

async function confirmEmail(email: string) {
  const [mail] = await mailTo(app, email);
  const token = /\/verify\/([A-Za-z0-9_-]+)/.exec(mail!.text)![1]!;
  expect((await app.inject({ method: 'POST', url: `/api/verify-email/${token}` })).statusCode).toBe(200);
}

async function searchIds(postcode: string, specialty: string, radius = 5, region = 'uk') {
  const res = await app.inject({
    url: `/api/test-search/?${new URLSearchParams({ postcode, specialty, radius: String(radius), selectedRegion: region, page: '1' })}`,
  });
  expect(res.statusCode, res.body).toBe(200);
  const body = res.json() as SearchResponse;
  const ids = body.data.map((r) => r.id ?? r._id);
  for (let p = 2; p <= body.total_pages; p++) {
    const more = await app.inject({
      url: `/api/test-search/?${new URLSearchParams({ postcode, specialty, radius: String(radius), selectedRegion: region, page: String(p) })}`,
    });
    ids.push(...(more.json() as SearchResponse).data.map((r) => r.id ?? r._id));
  }
  return ids;
}

describe('POST /api/provider-register/', () => {
  it('registers a doctor the sandbox register vouches for: Verified, stored tidily, e-mailed, searchable at the clinic', async () => {
    const body = newProvider({ first_name: '  amelia ', last_name: 'HART' });
    const res = await register(body);
    expect(res.statusCode, res.body).toBe(201);
    const answer = res.json();
    expect(answer).toMatchObject({ status: true, verification_status: 'Verified', auth_token: expect.any(String) });
    const email = String(body.email).toLowerCase();
    const [row] = await app.db.select().from(providers).where(eq(providers.id, answer.provider_id));
    expect(row).toMatchObject({
      email,
      first_name: 'Amelia',
      last_name: 'HART',
      phone_number: '+447911123456',
      membership_number: '7000001',
      professional_body_name: 'General Medical Council',
      verification_status: 'Verified',
      amount_minor: 6200,
      follow_amount_minor: 4500,
      currency: 'GBP',
      consultation_minutes: 20,
      email_verified: false,
      qualifications: ['MBBS', 'MRCGP'],
    });
    expect(row!.password_hash).toMatch(/^\$argon2id\$/);
    expect(row!.register_evidence).toMatchObject({ source: 'sandbox', outcome: 'found', answer: { Name: 'Amelia Hart' } });
    expect(row!.verification_reason).toMatch(/confirms/);
    const [clinic] = await app.db.select().from(hospitals).where(eq(hospitals.id, answer.hospital_id));
    expect(clinic).toMatchObject({ postcode: 'W1G 7JQ', time_zone: 'Europe/London' });

    // Like patients: no sign-in before the address is confirmed.
    expect((await login(email, 'provider')).statusCode).toBe(403);
    await confirmEmail(email);
    const signedIn = await login(email, 'provider');
    expect(signedIn.statusCode).toBe(200);
    expect(signedIn.json()).toMatchObject({ user_type: 'provider', user_id: answer.provider_id });
    // The wrong type answers exactly like a wrong password.
    const wrongType = await login(email, 'patient');
    const wrongPassword = await login(email, 'provider', 'not-the-password-at-all');
    expect(wrongType.statusCode).toBe(401);
    expect(wrongType.json()).toEqual(wrongPassword.json());
    expect(wrongType.json().message).toBe(INVALID_CREDENTIALS_MESSAGE);

    expect(await searchIds('W1G 7JQ', 'gp')).toContain(answer.provider_id);
  });

  it('keeps a provider whose name the register does not have Unverified, with the reason, and out of search', async () => {
    const res = await register(newProvider({ first_name: 'Amelia', last_name: 'Harte' }));
    expect(res.statusCode).toBe(201);
    const { provider_id, verification_status } = res.json();
    expect(verification_status).toBe('Unverified');
    const [row] = await app.db.select().from(providers).where(eq(providers.id, provider_id));
    expect(row!.verification_reason).toMatch(/another name/);
    expect(row!.register_evidence).toMatchObject({ outcome: 'found', answer: { Name: 'Amelia Hart' } });
    expect(await searchIds('W1G 7JQ', 'gp')).not.toContain(provider_id);
  });

  it('keeps an unknown number Unverified and says so', async () => {
    const res = await register(newProvider({ membership_number: '7999998' }));
    expect(res.statusCode).toBe(201);
    const [row] = await app.db.select().from(providers).where(eq(providers.id, res.json().provider_id));
    expect(row).toMatchObject({ verification_status: 'Unverified' });
    expect(row!.verification_reason).toMatch(/no entry/);
    expect(row!.register_evidence).toMatchObject({ outcome: 'unknown' });
  });

  it('registers a dentist by GDC number and a US clinician by NPI (sandbox entries)', async () => {
    const dentist = await register(
      newProvider({ first_name: 'Rohan', last_name: 'Mehta', regulator: 'gdc', membership_number: '70001', speciality: 'dentist' }),
    );
    expect(dentist.json()).toMatchObject({ verification_status: 'Verified' });
    const us = await register(
      newProvider({
        first_name: 'Grace',
        last_name: 'Lee',
        region: 'usa',
        regulator: 'npi',
        membership_number: '1234567893',
        phone_number: '(201) 555-0123',
        hospital: { name: 'Lee Family Practice', address: '1 Main Street', city: 'New York', postcode: '10001' },
      }),
    );
    expect(us.statusCode, us.body).toBe(201);
    expect(us.json()).toMatchObject({ verification_status: 'Verified' });
    const [row] = await app.db.select().from(providers).where(eq(providers.id, us.json().provider_id));
    expect(row).toMatchObject({ currency: 'USD', regulator: 'npi' });
    expect(await searchIds('10001', 'gp', 5, 'usa')).toContain(us.json().provider_id);
  });

  it('refuses an e-mail already used by a provider, whatever its case, with 409', async () => {
    const body = newProvider();
    expect((await register(body)).statusCode).toBe(201);
    const again = await register({ ...body, email: String(body.email).toUpperCase() });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toMatch(/already exists/);
  });

  const badFields: [string, Record<string, unknown>][] = [
    ['first_name', { first_name: '' }],
    ['last_name', { last_name: '123' }],
    ['email', { email: 'not-an-email' }],
    ['password', { password: 'short' }],
    ['phone_number', { phone_number: '12' }],
    ['phone_number', { phone_number: '(201) 555-0123' }],
    ['region', { region: 'fr' }],
    ['regulator', { regulator: 'npi' }],
    ['membership_number', { membership_number: '123' }],
    ['membership_number', { regulator: 'gdc', membership_number: '1234567' }],
    ['membership_number', { region: 'usa', regulator: 'npi', membership_number: '1234567890' }],
    ['speciality', { speciality: 'astrology' }],
    ['qualifications', { qualifications: 'MBBS' }],
    ['hospital', { hospital: null }],
    ['hospital.name', { hospital: { name: '', address: '1 A Street', city: 'London', postcode: 'W1G 7JQ' } }],
    ['hospital.postcode', { hospital: { name: 'Clinic', address: '1 A Street', city: 'London', postcode: 'ZZ99 9ZZ' } }],
    ['amount', { amount: '62.001' }],
    ['follow_amount', { follow_amount: 'free' }],
    ['consultation_minutes', { consultation_minutes: 2 }],
    ['company.registration_number', { company: { name: 'Hart Medical Ltd', registration_number: '123' } }],
    ['company.name', { company: { registration_number: '99999999' } }],
  ];
  it.each(badFields)('answers 400 naming %s', async (field, overrides) => {
    const res = await register(newProvider(overrides));
    expect(res.statusCode, res.body).toBe(400);
    expect(Object.keys(res.json().fields ?? {})).toContain(field);
    expect(res.json().message).toMatch(/\w/);
  });

  it('leaves nothing behind when a registration is refused after its checks started', async () => {
    const count = async () => {
      const [p] = await app.db.select({ n: sql<number>`count(*)::int` }).from(providers);
      const [h] = await app.db.select({ n: sql<number>`count(*)::int` }).from(hospitals);
      const [c] = await app.db.select({ n: sql<number>`count(*)::int` }).from(companies);
      return [p!.n, h!.n, c!.n];
    };
    const before = await count();
    const res = await register(
      newProvider({
        hospital: { name: 'Nowhere Clinic', address: '1 Lost Lane', city: 'Nowhere', postcode: 'ZZ99 9ZZ' },
        company: { name: 'Ghost Ltd', registration_number: '12312312' },
      }),
    );
    expect(res.statusCode).toBe(400);
    // A failure inside the transaction (the e-mail taken meanwhile) rolls everything back too.
    const taken = newProvider({ company: { name: 'Race Ltd', registration_number: '45645645' } });
    await app.db.execute(
      sql`create or replace function i9_fail() returns trigger language plpgsql as $$ begin raise exception 'boom'; end $$`,
    );
    await app.db.execute(sql`create trigger i9_fail before insert on provider_hospitals for each row execute function i9_fail()`);
    try {
      expect((await register(taken)).statusCode).toBe(500);
    } finally {
      await app.db.execute(sql`drop trigger i9_fail on provider_hospitals`);
    }
    expect(await count()).toEqual(before);
  });
});

describe('companies', () => {
  it('registers a company Unverified and lets a second provider join it by its number', async () => {
    const first = await register(newProvider({ company: { name: 'Hart Medical Ltd', registration_number: 'sc123456' } }));
    expect(first.statusCode, first.body).toBe(201);
    const second = await register(
      newProvider({
        first_name: 'Oliver',
        last_name: 'Bennett',
        membership_number: '7000002',
        company: { registration_number: 'SC123456' },
      }),
    );
    expect(second.statusCode, second.body).toBe(201);
    const rows = await app.db
      .select()
      .from(providers)
      .where(sql`${providers.id} in (${first.json().provider_id}, ${second.json().provider_id})`);
    expect(new Set(rows.map((r) => r.company_id)).size).toBe(1);
    const [company] = await app.db.select().from(companies).where(eq(companies.id, rows[0]!.company_id!));
    expect(company).toMatchObject({ name: 'Hart Medical Ltd', registration_number: 'SC123456', verification_status: 'Unverified' });

    const status = await app.inject({
      method: 'POST',
      url: '/api/provider-verification-status/',
      payload: { auth_token: second.json().auth_token },
    });
    expect(status.statusCode).toBe(200);
    expect(status.json()).toMatchObject({
      email_verified: false,
      verification_status: 'Verified',
      company: { name: 'Hart Medical Ltd', verification_status: 'Unverified' },
    });
    expect((await app.inject({ method: 'POST', url: '/api/provider-verification-status/', payload: {} })).statusCode).toBe(401);

    // The public profile names the company only once staff have verified it.
    const profile = async () => (await app.inject({ url: `/api/provider-details/${first.json().provider_id}/?providerRegion=uk` })).json();
    expect((await profile()).data?.company_name ?? null).toBeNull();
    await app.db.update(companies).set({ verification_status: 'Verified' }).where(eq(companies.id, rows[0]!.company_id!));
    expect((await profile()).data.company_name).toBe('Hart Medical Ltd');
  });

  it('answers the status call for the signed-in provider only: a patient or staff token without a registration token gets 401', async () => {
    const url = '/api/provider-verification-status/';
    const patient = await app.tokens.signAccess({ id: '00000000-0000-4000-8000-000000000001', type: 'patient' });
    expect((await app.inject({ method: 'POST', url, payload: {}, headers: { authorization: `Bearer ${patient}` } })).statusCode).toBe(401);
    for (const role of ['superuser', 'admin', 'editor', 'author'] as const) {
      const staff = await app.tokens.signAccess({ id: '00000000-0000-4000-8000-000000000002', type: 'staff', role });
      expect((await app.inject({ method: 'POST', url, payload: {}, headers: { authorization: `Bearer ${staff}` } })).statusCode).toBe(401);
    }
  });

  it('takes a US EIN of 9 digits', async () => {
    const res = await register(
      newProvider({
        first_name: 'Grace',
        last_name: 'Lee',
        region: 'usa',
        regulator: 'npi',
        membership_number: '1234567893',
        phone_number: '(201) 555-0123',
        hospital: { name: 'Lee Family Practice', address: '1 Main Street', city: 'New York', postcode: '10001' },
        company: { name: 'Lee Care LLC', registration_number: '12-3456789' },
      }),
    );
    expect(res.statusCode, res.body).toBe(201);
  });
});

describe('register lookups (sandbox)', () => {
  it('answers { Name, registration_number } for the test entries', async () => {
    expect((await lookup('/api/gmc_verification/', '7000001')).json()).toEqual({ Name: 'Amelia Hart', registration_number: '7000001' });
    expect((await lookup('/api/gmc_verification/', ' 7000002\n')).json()).toEqual({
      Name: 'Oliver Bennett',
      registration_number: '7000002',
    });
    expect((await lookup('/api/gdc_verification/', '70001')).json()).toEqual({ Name: 'Rohan Mehta', registration_number: '70001' });
    expect((await lookup('/api/npi_verification/', '1234567893')).json()).toEqual({ Name: 'Grace Lee', registration_number: '1234567893' });
  });
  it('answers 404 with the sentence in error for an unknown number', async () => {
    const res = await lookup('/api/gmc_verification/', '7999998');
    expect(res.statusCode).toBe(404);
    expect(res.json().error).toMatch(/General Medical Council register has no current entry/);
  });
  it('answers 400 for a number of the wrong shape, a bad NPI check digit, or a body that is not plain text', async () => {
    expect((await lookup('/api/gmc_verification/', '700001')).statusCode).toBe(400);
    expect((await lookup('/api/gdc_verification/', '1234567')).statusCode).toBe(400);
    const npi = await lookup('/api/npi_verification/', '1234567890');
    expect(npi.statusCode).toBe(400);
    expect(npi.json().message).toMatch(/last digit/);
    expect((await lookup('/api/gmc_verification/', JSON.stringify({ number: '7000001' }), 'application/json')).statusCode).toBe(400);
    expect((await lookup('/api/gmc_verification/', 'number=7000001', 'application/x-www-form-urlencoded')).statusCode).toBe(400);
    expect((await lookup('/api/gmc_verification/', '')).statusCode).toBe(400);
  });
  it('is rate-limited per client', async () => {
    const limited = await createTestApp({ env: { RATE_LIMIT_REGISTER_LOOKUP_PER_IP: '2' }, seed: false });
    try {
      const call = () =>
        limited.app.inject({ method: 'POST', url: '/api/gdc_verification/', payload: '70001', headers: { 'content-type': 'text/plain' } });
      expect((await call()).statusCode).toBe(200);
      expect((await call()).statusCode).toBe(200);
      expect((await call()).statusCode).toBe(429);
    } finally {
      await limited.close();
    }
  });
});

describe('provider and patient tokens', () => {
  it('refuses a provider token on patient calls and a patient token on provider calls (403)', async () => {
    const body = newProvider({ first_name: 'Hannah', last_name: 'Okafor', membership_number: '7000003' });
    const res = await register(body);
    const email = String(body.email).toLowerCase();
    await confirmEmail(email);
    const provider = (await login(email, 'provider')).json();
    const asProvider = await app.inject({
      url: `/api/user-details/${provider.user_id}/`,
      headers: { authorization: `Bearer ${provider.tokens.access_token}` },
    });
    expect(asProvider.statusCode).toBe(403);
    const patient = (await login('patient@careslot.test', 'patient', 'CareSlot-demo-patient')).json();
    const asPatient = await app.inject({
      url: `/provider/profile/${res.json().provider_id}/?providerRegion=uk`,
      headers: { authorization: `Bearer ${patient.tokens.access_token}` },
    });
    expect(asPatient.statusCode).toBe(403);
    const own = await app.inject({
      url: `/provider/profile/${res.json().provider_id}/?providerRegion=uk`,
      headers: { authorization: `Bearer ${provider.tokens.access_token}` },
    });
    expect(own.statusCode).toBe(200);
  });
});

describe('daily re-check', () => {
  it('turns a provider whose registration lapsed Unverified, queues them for staff and e-mails them', async () => {
    const body = newProvider({
      first_name: 'Chloe',
      last_name: 'Evans',
      regulator: 'gdc',
      membership_number: '70002',
      speciality: 'dentist',
    });
    const res = await register(body);
    const id = res.json().provider_id as string;
    expect(res.json().verification_status).toBe('Verified');
    expect(await searchIds('W1G 7JQ', 'dentist')).toContain(id);
    await app.db
      .delete(regulatorRegister)
      .where(sql`${regulatorRegister.regulator} = 'gdc' and ${regulatorRegister.registration_number} = '70002'`);
    const deps = { db: app.db, registers: app.registers, config: t.config, kickOutbox: () => app.outbox.kick() };
    // Checked at registration: not due the same day.
    expect((await recheckRegistrations(deps, new Date(Date.now() + 3_600_000))).lapsed).toBe(0);
    const result = await recheckRegistrations(deps, new Date(Date.now() + 2 * 86_400_000));
    expect(result.lapsed).toBeGreaterThanOrEqual(1);
    const [row] = await app.db.select().from(providers).where(eq(providers.id, id));
    expect(row).toMatchObject({ verification_status: 'Unverified' });
    expect(row!.verification_reason).toMatch(/Daily re-check/);
    const reviews = await app.db.select().from(verificationReviews).where(eq(verificationReviews.provider_id, id));
    expect(reviews).toHaveLength(1);
    const mails = await mailTo(app, String(body.email).toLowerCase());
    expect(mails.map((m) => m.subject)).toContain('We could not confirm your professional registration');
    // Another radius: search answers are cached for a moment.
    expect(await searchIds('W1G 7JQ', 'dentist', 10)).not.toContain(id);
    // Seeded providers the register still knows stay Verified.
    const [verified] = await app.db
      .select({ n: sql<number>`count(*)::int` })
      .from(providers)
      .where(eq(providers.verification_status, 'Verified'));
    expect(verified!.n).toBeGreaterThan(0);
  });

  it('verifies a provider who joined while the register was down once it answers yes; one it turns down stays for staff', async () => {
    const realGmc = app.registers.gmc;
    const down = { source: 'sandbox', lookup: async () => ({ kind: 'unavailable' as const, reason: 'The register did not answer.' }) };
    app.registers.gmc = down;
    const known = newProvider({ first_name: 'Oliver', last_name: 'Bennett', membership_number: '7000002' });
    const unknown = newProvider({ first_name: 'Nadia', last_name: 'Quill', membership_number: '7999999' });
    const seen = newProvider({ first_name: 'Amelia', last_name: 'Hart', membership_number: '7000001' });
    let ids: string[];
    try {
      ids = [];
      for (const body of [known, unknown, seen]) {
        const res = await register(body);
        expect(res.statusCode, res.body).toBe(201);
        expect(res.json().verification_status).toBe('Unverified');
        ids.push(res.json().provider_id as string);
      }
    } finally {
      app.registers.gmc = realGmc;
    }
    const [knownId, unknownId, seenId] = ids;
    // A name the register lists under another number was answered at registration: staff's, never re-checked.
    await app.db
      .update(providers)
      .set({ register_evidence: sql`jsonb_set(${providers.register_evidence}, '{outcome}', '"unknown"')` })
      .where(eq(providers.id, seenId!));
    const stored = async (id: string) => (await app.db.select().from(providers).where(eq(providers.id, id)))[0]!;
    const deps = { db: app.db, registers: app.registers, config: t.config, kickOutbox: () => app.outbox.kick() };

    // Still down a day later: nothing changes, and they are tried again the day after.
    const stillDown = await recheckRegistrations(
      { ...deps, registers: { ...app.registers, gmc: down } },
      new Date(Date.now() + 2 * 86_400_000),
    );
    expect(stillDown.unavailable).toBeGreaterThanOrEqual(2);
    expect((await stored(knownId!)).verification_status).toBe('Unverified');

    const result = await recheckRegistrations(deps, new Date(Date.now() + 4 * 86_400_000));
    expect(result.verified).toBeGreaterThanOrEqual(1);
    const verified = await stored(knownId!);
    expect(verified).toMatchObject({ verification_status: 'Verified' });
    expect(verified.register_evidence).toMatchObject({ outcome: 'found' });
    expect(verified.verification_reason).toMatch(/confirms number 7000002/);
    expect(await searchIds('W1G 7JQ', 'gp', 10)).toContain(knownId);
    const mails = await mailTo(app, String(known.email).toLowerCase());
    expect(mails.map((m) => m.subject)).toContain('Your professional registration is confirmed');

    const turnedDown = await stored(unknownId!);
    expect(turnedDown.verification_status).toBe('Unverified');
    expect(turnedDown.verification_reason).toMatch(/^Daily re-check: Not confirmed by the/);
    expect(turnedDown.register_evidence).toMatchObject({ outcome: 'unknown' });
    expect((await mailTo(app, String(unknown.email).toLowerCase())).map((m) => m.subject)).not.toContain(
      'Your professional registration is confirmed',
    );
    // No longer pending: a later re-check leaves it to staff.
    const checkedAt = turnedDown.verification_checked_at;
    await recheckRegistrations(deps, new Date(Date.now() + 6 * 86_400_000));
    expect((await stored(unknownId!)).verification_checked_at).toEqual(checkedAt);
    expect((await stored(seenId!)).verification_status).toBe('Unverified');
    expect((await stored(seenId!)).register_evidence).toMatchObject({ outcome: 'unknown' });
  });
});
