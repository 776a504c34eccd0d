import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, ne, or } from 'drizzle-orm';
import { createChallenge, solveChallenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/sha';
import { searchResponseSchema, type SearchResponse, type MapResponse } from '@careslot/contracts/search';
import { createTestApp, type TestApp } from '../../test/test-app';
import { providers } from '../../db/schema/providers';
import { haversineMiles } from '../geo/haversine';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ env: { RATE_LIMIT_SCALE: '100' } });
}, 120_000);
afterAll(async () => t?.close());

const search = async (q: Record<string, string | number>) => {
  const qs = new URLSearchParams(Object.entries(q).map(([k, v]): [string, string] => [k, String(v)]));
  return t.app.inject({ method: 'GET', url: `/api/test-search/?${qs}` });
};
const ok = async (q: Record<string, string | number>) => {
  const res = await search(q);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as SearchResponse;
};
const allPages = async (q: Record<string, string | number>) => {
  const first = await ok({ ...q, page: 1 });
  const out = [...first.data];
  for (let p = 2; p <= first.total_pages; p++) out.push(...(await ok({ ...q, page: p })).data);
  return { first, all: out };
};

describe('GET /api/get-speciality', () => {
  it('lists the region specialities with slugs', async () => {
    const uk = (await t.app.inject({ url: '/api/get-speciality?selectedRegion=uk' })).json();
    expect(uk.status).toBe(true);
    expect(uk.data.map((s: { slug: string }) => s.slug)).toEqual(expect.arrayContaining(['gp', 'dentist']));
    expect(uk.data.find((s: { slug: string }) => s.slug === 'gp').name).toBe('General Practitioner');
    const usa = (await t.app.inject({ url: '/api/get-speciality?selectedRegion=usa' })).json();
    expect(usa.data.find((s: { slug: string }) => s.slug === 'gp').name).toBe('Family Medicine');
  });
  it('rejects an unknown region', async () => {
    const res = await t.app.inject({ url: '/api/get-speciality?selectedRegion=fr' });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/region/i);
  });
});

describe('GET /api/test-search/', () => {
  it('answers exactly the contract: the body is what the schema would have written, field for field and in its order', async () => {
    // The 200 answer skips the zod serializer (search.routes.ts); this holds it to the schema instead.
    for (const sort of ['distance', 'availability', 'fee_asc', 'fee_desc']) {
      for (let page = 1, pages = 1; page <= Math.min(pages, 3); page++) {
        const res = await search({ postcode: 'W1G 7JQ', specialty: 'gp', radius: 200, selectedRegion: 'uk', sort, page });
        expect(res.statusCode, res.body).toBe(200);
        expect(res.body).toBe(JSON.stringify(searchResponseSchema.parse(JSON.parse(res.body))));
        pages = (res.json() as SearchResponse).total_pages;
      }
    }
    const usa = await search({ postcode: '10001', specialty: 'gp', radius: 50, selectedRegion: 'usa' });
    expect(usa.body).toBe(JSON.stringify(searchResponseSchema.parse(JSON.parse(usa.body))));
  });
  it('answers an identical search within seconds from the memo: the same bytes and headers, not read again', async () => {
    const q = { postcode: 'W1G 7JQ', specialty: 'gp', radius: 7.777, selectedRegion: 'uk', sort: 'fee_asc' };
    const first = await search(q);
    expect(first.statusCode, first.body).toBe(200);
    const firstId = (first.json() as SearchResponse).data[0]!.id;
    await t.database.db.update(providers).set({ last_name: 'Memoised' }).where(eq(providers.id, firstId));
    try {
      const again = await search(q);
      expect(again.statusCode).toBe(200);
      expect(again.headers['content-type']).toBe('application/json; charset=utf-8');
      expect(again.headers['content-type']).toBe(first.headers['content-type']);
      expect(again.body).toBe(first.body);
      expect(again.json()).toEqual(first.json());
      // Another radius is another search: read afresh, it shows the change.
      const fresh = (await ok({ ...q, radius: 7.778 })).data.find((r) => r.id === firstId);
      expect(fresh?.last_name).toBe('Memoised');
    } finally {
      await t.database.db
        .update(providers)
        .set({ last_name: (first.json() as SearchResponse).data[0]!.last_name })
        .where(eq(providers.id, firstId));
    }
  });

  it('finds verified London GPs near a full postcode, nearest first, with card fields', async () => {
    const body = await ok({ postcode: 'W1G 7JQ', specialty: 'gp', radius: 25, selectedRegion: 'uk' });
    expect(body.total).toBeGreaterThan(0);
    expect(body.origin.precision).toBe('unit');
    expect(body.page_size).toBe(5);
    const r = body.data[0]!;
    expect(r).toMatchObject({ verified: true, speciality: 'General Practitioner', currency: 'GBP' });
    expect(r.hospital_location).toContain('London');
    expect(r.amount).toMatch(/^\d+\.\d{2}$/);
    expect(r.next_available_slot?.date).toMatch(/^\d{2}\/\d{2}\/\d{4}$/);
    expect(r.next_available_slot?.time).toMatch(/^\d{1,2}:\d{2} (AM|PM)$/);
    const d = body.data.map((x) => x.distance);
    expect(d).toEqual([...d].sort((a, b) => a - b));
    for (const x of body.data) expect(x.distance).toBeLessThanOrEqual(25);
  });

  it('keeps every result within the radius, measured independently with haversine', async () => {
    const { first, all } = await allPages({ postcode: 'M13 9PL', specialty: 'dentist', radius: 200, selectedRegion: 'uk' });
    expect(all.length).toBe(first.total);
    for (const r of all) {
      const h = r.hospital_details[0]!;
      const miles = haversineMiles(first.origin, h);
      expect(miles).toBeLessThanOrEqual(200);
      expect(Math.abs(Math.round(miles * 10) / 10 - r.distance)).toBeLessThanOrEqual(0.1);
    }
    expect(new Set(all.map((r) => r.id)).size).toBe(all.length);
  });

  it('a 5-mile search is a subset of a 50-mile search', async () => {
    for (const specialty of ['gp', 'dentist', 'cardiology']) {
      const near = await allPages({ postcode: 'SE1 7EH', specialty, radius: 5, selectedRegion: 'uk' });
      const far = await allPages({ postcode: 'SE1 7EH', specialty, radius: 50, selectedRegion: 'uk' });
      const farIds = new Set(far.all.map((r) => r.id));
      for (const r of near.all) expect(farIds.has(r.id)).toBe(true);
      expect(far.first.total).toBeGreaterThanOrEqual(near.first.total);
    }
  });

  it('never shows unverified or unbookable providers', async () => {
    const hidden = await t.database.db
      .select({ id: providers.id })
      .from(providers)
      .where(or(ne(providers.verification_status, 'Verified'), eq(providers.bookable, false)));
    expect(hidden.length).toBeGreaterThan(0);
    const hiddenIds = new Set(hidden.map((h) => h.id));
    const specs = (await t.app.inject({ url: '/api/get-speciality?selectedRegion=uk' })).json().data as { slug: string }[];
    let seen = 0;
    for (const s of specs) {
      const { all } = await allPages({ postcode: 'W1G 7JQ', specialty: s.slug, radius: 200, selectedRegion: 'uk' });
      seen += all.length;
      for (const r of all) expect(hiddenIds.has(r.id)).toBe(false);
    }
    expect(seen).toBeGreaterThan(0);
  });

  it('sorts by fee both ways and by earliest availability', async () => {
    const q = { postcode: 'W1G 7JQ', specialty: 'gp', radius: 200, selectedRegion: 'uk' };
    const asc = (await allPages({ ...q, sort: 'fee_asc' })).all.map((r) => r.amount_minor);
    expect(asc).toEqual([...asc].sort((a, b) => a - b));
    const desc = (await allPages({ ...q, sort: 'fee_desc' })).all.map((r) => r.amount_minor);
    expect(desc).toEqual([...desc].sort((a, b) => b - a));
    const av = (await allPages({ ...q, sort: 'availability' })).all.map((r) => r.next_available_slot?.starts_at ?? '9999');
    expect(av).toEqual([...av].sort());
  });

  it('accepts postcodes in any case and spacing, outward codes, ZIPs and ZIP+4', async () => {
    const a = await ok({ postcode: 'w1g7jq', specialty: 'gp', radius: 10, selectedRegion: 'uk' });
    const b = await ok({ postcode: '  W1G   7JQ ', specialty: 'GP', radius: 10, selectedRegion: 'uk' });
    expect(a.origin).toEqual(b.origin);
    const out = await ok({ postcode: 'm13', specialty: 'gp', radius: 10, selectedRegion: 'uk' });
    expect(out.origin.precision).toBe('district');
    expect(out.total).toBeGreaterThan(0);
    const zip = await ok({ postcode: '10017', specialty: 'gp', radius: 25, selectedRegion: 'usa' });
    expect(zip.total).toBeGreaterThan(0);
    expect(zip.data[0]!.currency).toBe('USD');
    const zip4 = await ok({ postcode: '10017-1234', specialty: 'gp', radius: 25, selectedRegion: 'usa' });
    expect(zip4.total).toBe(zip.total);
  });

  it('answers 400 with a human message for every bad input, never 500', async () => {
    const base = { postcode: 'W1G 7JQ', specialty: 'gp', radius: 10, selectedRegion: 'uk' };
    const cases: [Record<string, string | number>, RegExp][] = [
      [{ ...base, postcode: 'XYZ' }, /couldn't find that postcode/],
      [{ ...base, postcode: 'ZZ1 1ZZ' }, /couldn't find that postcode/],
      [{ ...base, postcode: '10017' }, /couldn't find that postcode/],
      [{ ...base, postcode: 'SW1A 1AA', selectedRegion: 'usa' }, /couldn't find that postcode/],
      [{ ...base, postcode: '00000', selectedRegion: 'usa' }, /couldn't find that postcode/],
      [{ ...base, postcode: '' }, /postcode/i],
      [{ ...base, radius: 0 }, /radius/i],
      [{ ...base, radius: -5 }, /radius/i],
      [{ ...base, radius: 'far' }, /radius/i],
      [{ ...base, radius: 5000 }, /at most 200 miles/],
      [{ ...base, specialty: 'astrology' }, /speciality/i],
      [{ ...base, selectedRegion: 'fr' }, /region/i],
      [{ ...base, page: 0 }, /page/i],
      [{ ...base, page: 'two' }, /page/i],
      [{ ...base, page: 999 }, /page is out of range|no results/],
      [{ ...base, sort: 'cheapest' }, /sort/i],
    ];
    for (const [q, message] of cases) {
      const res = await search(q);
      expect(res.statusCode, JSON.stringify(q)).toBe(400);
      expect(res.json().message, JSON.stringify(q)).toMatch(message);
    }
  });
});

describe('GET /api/map-view/', () => {
  it('gives markers within the radius with status true', async () => {
    const res = await t.app.inject({ url: '/api/map-view/?postcode=W1G%207JQ&specialty=gp&radius=25' });
    expect(res.statusCode).toBe(200);
    const body = res.json() as MapResponse;
    expect(body.status).toBe(true);
    expect(body.markers.length).toBeGreaterThan(0);
    for (const m of body.markers) expect(m.distance).toBeLessThanOrEqual(25);
    const list = await ok({ postcode: 'W1G 7JQ', specialty: 'gp', radius: 25, selectedRegion: 'uk' });
    expect(body.total).toBe(list.total);
  });
  it('moves the centre with latitude/longitudea and infers usa from a ZIP', async () => {
    const res = await t.app.inject({ url: '/api/map-view/?postcode=10017&specialty=dentist&radius=10&latitude=42.35&longitudea=-71.07' });
    const body = res.json() as MapResponse;
    expect(body.center).toEqual({ latitude: 42.35, longitude: -71.07 });
    for (const m of body.markers) expect(m.hospital_location).toMatch(/Boston|MA/);
  });
  it('rejects bad input', async () => {
    expect((await t.app.inject({ url: '/api/map-view/?postcode=nope&specialty=gp&radius=5' })).statusCode).toBe(400);
    expect((await t.app.inject({ url: '/api/map-view/?postcode=M13&specialty=gp&radius=5&latitude=100' })).statusCode).toBe(400);
  });
});

describe('captcha', () => {
  it('issues challenges that a solved payload passes', async () => {
    const challenge = (await t.app.inject({ url: '/api/altcha-challenge' })).json();
    expect(challenge.signature).toBeTruthy();
    const solution = await solveChallenge({ challenge, deriveKey });
    const captchaValue = Buffer.from(JSON.stringify({ challenge, solution })).toString('base64');
    const res = await search({ postcode: 'M13', specialty: 'gp', radius: 5, selectedRegion: 'uk', captchaValue });
    expect(res.statusCode).toBe(200);
  });
});

describe('per-IP budget without a captcha', () => {
  let small: TestApp;
  beforeAll(async () => {
    small = await createTestApp({ env: { RATE_LIMIT_SCALE: '0.1' }, seed: { providersPerRegion: 14, days: 2 } });
  }, 120_000);
  afterAll(async () => small?.close());

  it('allows a scaled budget, then 429 with a clear message; a solved captcha still searches', async () => {
    const url = '/api/test-search/?postcode=M13&specialty=gp&radius=5&selectedRegion=uk';
    const codes: number[] = [];
    for (let i = 0; i < 4; i++) codes.push((await small.app.inject({ url, remoteAddress: '10.0.0.9' })).statusCode);
    expect(codes).toEqual([200, 200, 200, 429]);
    const limited = await small.app.inject({ url, remoteAddress: '10.0.0.9' });
    expect(limited.json().message).toMatch(/many searches/);

    const challenge = (await small.app.inject({ url: '/api/altcha-challenge', remoteAddress: '10.0.0.9' })).json();
    const solution = await solveChallenge({ challenge, deriveKey });
    const captchaValue = Buffer.from(JSON.stringify({ challenge, solution })).toString('base64');
    const res = await small.app.inject({ url: `${url}&captchaValue=${encodeURIComponent(captchaValue)}`, remoteAddress: '10.0.0.9' });
    expect(res.statusCode).toBe(200);

    // A forged challenge (signed with another secret) does not pass.
    const forged = await createChallenge({
      algorithm: 'SHA-256',
      cost: 1,
      counter: 5,
      deriveKey,
      hmacSignatureSecret: 'another-secret-entirely',
    });
    const forgedSolution = await solveChallenge({ challenge: forged, deriveKey });
    const forgedValue = Buffer.from(JSON.stringify({ challenge: forged, solution: forgedSolution })).toString('base64');
    const bad = await small.app.inject({ url: `${url}&captchaValue=${encodeURIComponent(forgedValue)}`, remoteAddress: '10.0.0.9' });
    expect(bad.statusCode).toBe(429);
  });
});

void and;
