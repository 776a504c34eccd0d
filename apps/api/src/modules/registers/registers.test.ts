import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Readable } from 'node:stream';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { providers } from '../../db/schema/providers';
import { createTestApp, type TestApp } from '../../test/test-app';
import { importGmcList } from './gmc-import';
import { findRegisterEntry } from './registers.repository';

/** A local HTTP server whose answer each test sets. */
interface Fake {
  url: string;
  server: Server;
  handle: (req: IncomingMessage, body: string, res: ServerResponse) => void;
  requests: { url: string; body: string; type: string | undefined }[];
}
async function fakeServer(): Promise<Fake> {
  const fake = { requests: [] } as unknown as Fake;
  fake.server = createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString()));
    req.on('end', () => {
      fake.requests.push({ url: req.url ?? '', body, type: req.headers['content-type'] });
      fake.handle(req, body, res);
    });
  });
  await new Promise<void>((resolve) => fake.server.listen(0, '127.0.0.1', resolve));
  fake.url = `http://127.0.0.1:${(fake.server.address() as AddressInfo).port}`;
  return fake;
}
const json = (res: ServerResponse, status: number, body: unknown) => {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
};
/** Never answers within the register time-out. */
const hang = (res: ServerResponse) => setTimeout(() => json(res, 200, {}), 8000).unref();

const npiRecord = (number: string, first: string, last: string, status = 'A') => ({
  result_count: 1,
  results: [{ number, enumeration_type: 'NPI-1', basic: { first_name: first.toUpperCase(), last_name: last.toUpperCase(), status } }],
});

let t: TestApp;
let npi: Fake;
let gmc: Fake;
let gdc: Fake;
beforeAll(async () => {
  [npi, gmc, gdc] = await Promise.all([fakeServer(), fakeServer(), fakeServer()]);
  t = await createTestApp({
    env: {
      RATE_LIMIT_SCALE: '100',
      PROVIDER_REGISTERS: 'live',
      NPI_REGISTRY_URL: `${npi.url}/api/`,
      GMC_REGISTER_URL: `${gmc.url}/lookup`,
      GDC_REGISTER_URL: `${gdc.url}/lookup`,
      // Long enough for a loaded machine's first request, short enough for the tests of a register that hangs.
      REGISTER_TIMEOUT_MS: '1500',
    },
    seed: { providersPerRegion: 2, days: 2 },
  });
}, 120_000);
afterAll(async () => {
  await t?.close();
  for (const f of [npi, gmc, gdc]) {
    f?.server.closeAllConnections();
    await new Promise((r) => f?.server.close(r));
  }
});

const lookup = (path: string, body: string) =>
  t.app.inject({ method: 'POST', url: path, payload: body, headers: { 'content-type': 'text/plain' } });

const usProvider = (over: Record<string, unknown> = {}) => ({
  first_name: 'Grace',
  last_name: 'Lee',
  email: `grace.${Math.random().toString(36).slice(2, 9)}@example.com`,
  password: 'quiet-meadow-compass',
  phone_number: '(201) 555-0123',
  region: 'usa',
  regulator: 'npi',
  membership_number: '1234567893',
  speciality: 'gp',
  qualifications: ['MD'],
  hospital: { name: 'Lee Family Practice', address: '1 Main Street', city: 'New York', postcode: '10001' },
  amount: '120',
  follow_amount: '80.50',
  consultation_minutes: 30,
  ...over,
});
const ukDoctor = (over: Record<string, unknown> = {}) => ({
  ...usProvider(),
  first_name: 'Amelia',
  last_name: 'Hart',
  phone_number: '07911 123456',
  region: 'uk',
  regulator: 'gmc',
  membership_number: '7123456',
  hospital: { name: 'Harley Street Consulting Rooms', address: '112 Harley Street', city: 'London', postcode: 'W1G 7JQ' },
  ...over,
});
const register = (body: Record<string, unknown>) => t.app.inject({ method: 'POST', url: '/api/provider-register/', payload: body });
const stored = async (id: string) => (await t.app.db.select().from(providers).where(eq(providers.id, id)))[0]!;

describe('NPI Registry (v2.1, fake server)', () => {
  it('asks ?version=2.1&number= and answers the name of an active record', async () => {
    npi.handle = (_req, _body, res) => json(res, 200, npiRecord('1234567893', 'Grace', 'Lee'));
    const res = await lookup('/api/npi_verification/', '1234567893');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ Name: 'GRACE LEE', registration_number: '1234567893' });
    const asked = new URL(npi.requests.at(-1)!.url, npi.url);
    expect(asked.pathname).toBe('/api/');
    expect(Object.fromEntries(asked.searchParams)).toEqual({ version: '2.1', number: '1234567893' });
  });
  it('treats result_count 0 and an inactive record as unknown (404)', async () => {
    npi.handle = (_req, _body, res) => json(res, 200, { result_count: 0, results: [] });
    expect((await lookup('/api/npi_verification/', '1245319599')).statusCode).toBe(404);
    npi.handle = (_req, _body, res) => json(res, 200, npiRecord('1245319599', 'Marcus', 'Reed', 'D'));
    const inactive = await lookup('/api/npi_verification/', '1245319599');
    expect(inactive.statusCode).toBe(404);
    expect(inactive.json().error).toMatch(/no current entry/);
  });
  it('refuses a bad check digit before asking the registry', async () => {
    const before = npi.requests.length;
    expect((await lookup('/api/npi_verification/', '1234567890')).statusCode).toBe(400);
    expect(npi.requests.length).toBe(before);
  });
  it('verifies a registration the registry agrees with (names compared without case)', async () => {
    npi.handle = (_req, _body, res) => json(res, 200, npiRecord('1234567893', 'Grace', 'Lee'));
    const res = await register(usProvider());
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().verification_status).toBe('Verified');
    expect((await stored(res.json().provider_id)).register_evidence).toMatchObject({ source: 'npi-registry', outcome: 'found' });
  });
  it('leaves the provider Unverified with the reason when the registry fails or is slow, and still registers', async () => {
    npi.handle = (_req, _body, res) => json(res, 500, { error: 'down' });
    const down = await register(usProvider());
    expect(down.statusCode).toBe(201);
    expect(down.json().verification_status).toBe('Unverified');
    expect((await stored(down.json().provider_id)).verification_reason).toMatch(/could not check.*answered 500/);
    npi.handle = (_req, _body, res) => hang(res);
    const slow = await register(usProvider());
    expect(slow.statusCode).toBe(201);
    expect(slow.json().verification_status).toBe('Unverified');
    const row = await stored(slow.json().provider_id);
    expect(row.verification_reason).toMatch(/did not answer in time/);
    expect(row.register_evidence).toMatchObject({ outcome: 'unavailable' });
    expect((await lookup('/api/npi_verification/', '1234567893')).statusCode).toBe(503);
  });
});

describe('licensed GMC / GDC lookup services (fake servers)', () => {
  it('posts the number as text/plain and verifies on { Name, registration_number }', async () => {
    gmc.handle = (_req, body, res) =>
      body === '7123456' ? json(res, 200, { Name: 'Amelia  Hart', registration_number: '7123456' }) : json(res, 404, {});
    const res = await register(ukDoctor());
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().verification_status).toBe('Verified');
    expect(gmc.requests.at(-1)).toMatchObject({ body: '7123456', type: 'text/plain' });
    expect((await lookup('/api/gmc_verification/', '7123456')).json()).toEqual({ Name: 'Amelia  Hart', registration_number: '7123456' });
    expect((await lookup('/api/gmc_verification/', '7654321')).statusCode).toBe(404);
  });
  it('keeps a wrong name or an unknown number Unverified', async () => {
    const wrong = await register(ukDoctor({ first_name: 'Emily' }));
    expect(wrong.json().verification_status).toBe('Unverified');
    const unknown = await register(ukDoctor({ membership_number: '7654321' }));
    expect(unknown.json().verification_status).toBe('Unverified');
    expect((await stored(unknown.json().provider_id)).register_evidence).toMatchObject({ outcome: 'unknown', source: 'gmc-service' });
  });
  it('records a GDC service that answers 500 or times out, and never fails the registration', async () => {
    const dentist = ukDoctor({
      first_name: 'Rohan',
      last_name: 'Mehta',
      regulator: 'gdc',
      membership_number: '70001',
      speciality: 'dentist',
    });
    gdc.handle = (_req, _body, res) => json(res, 503, {});
    const down = await register(dentist);
    expect(down.statusCode).toBe(201);
    expect((await stored(down.json().provider_id)).verification_reason).toMatch(/GDC register answered 503/);
    gdc.handle = (_req, _body, res) => hang(res);
    const slow = await register({ ...dentist, email: `r.${Date.now()}@example.com` });
    expect(slow.statusCode).toBe(201);
    expect(slow.json().verification_status).toBe('Unverified');
    expect((await stored(slow.json().provider_id)).verification_reason).toMatch(/GDC register did not answer in time/);
  });
});

describe('GMC list import', () => {
  it('upserts registered doctors as "Given Name Surname" and removes the ones no longer registered', async () => {
    const csv = [
      'GMC Ref No,Surname,Given Name,Gender,Year Of Qualification,Registration Status,Specialist Register',
      '7900001,Okoro,Ada Chioma,F,2004,Registered with Licence,Y',
      '7900002,"Smith, Jr",John,M,1999,Registered without a Licence,N',
      '7900003,Gone,Gary,M,1980,Not Registered - Relinquished,N',
      'bad,Row,Here,M,1980,Registered with Licence,N',
    ].join('\n');
    const result = await importGmcList(t.app.db, Readable.from([csv]));
    expect(result).toEqual({ registered: 2, removed: 1, skipped: 1 });
    expect(await findRegisterEntry(t.app.db, 'gmc', '7900001')).toMatchObject({ name: 'Ada Chioma Okoro' });
    expect(await findRegisterEntry(t.app.db, 'gmc', '7900002')).toMatchObject({ name: 'John Smith, Jr' });
    const lapsed = 'GMC Ref No,Surname,Given Name,Registration Status\n7900001,Okoro,Ada Chioma,Erased';
    expect(await importGmcList(t.app.db, Readable.from([lapsed]))).toEqual({ registered: 0, removed: 1, skipped: 0 });
    expect(await findRegisterEntry(t.app.db, 'gmc', '7900001')).toBeNull();
  });
  it('refuses a file that is not a GMC list', async () => {
    await expect(importGmcList(t.app.db, Readable.from(['postcode,lat,long\nW1,1,2']))).rejects.toThrow(/not a GMC list/);
  });
});
