import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../test/test-app';
import { postcodeCentroids } from '../../db/schema/geo';
import { boundingBox, haversineMiles, roundMiles } from './haversine';
import { bundledCentroids } from './geo.repository';
import { Geocoder } from './geo.service';
import { importPostcodeCsv } from './geo.import';
import { osgbToWgs84 } from './osgb';
import { guessRegion, parseUkPostcode, parseUsZip } from './postcode';

describe('postcode and ZIP parsing', () => {
  it('normalises full UK postcodes in any case and spacing', () => {
    for (const input of ['sw1a1aa', 'SW1A 1AA', '  sw1a   1aa ', 'Sw1A1aA']) {
      const p = parseUkPostcode(input)!;
      expect(p.display).toBe('SW1A 1AA');
      expect(p.lookupKeys.map((k) => k.key)).toEqual(['SW1A 1AA', 'SW1A 1', 'SW1A', 'SW1', 'SW']);
    }
    expect(parseUkPostcode('m139pl')!.lookupKeys.map((k) => k.key)).toEqual(['M13 9PL', 'M13 9', 'M13', 'M']);
  });
  it('accepts outward codes', () => {
    expect(parseUkPostcode('w1g')).toMatchObject({ kind: 'outcode', display: 'W1G' });
    expect(parseUkPostcode('EC1A')!.lookupKeys.map((k) => k.key)).toEqual(['EC1A', 'EC1', 'EC']);
  });
  it('rejects what is not a postcode', () => {
    for (const bad of ['', 'XYZ', '12345', 'SW1A 1AAA', 'LONDON', 'SW1A-1AA!']) expect(parseUkPostcode(bad)).toBeNull();
  });
  it('parses ZIP and ZIP+4', () => {
    expect(parseUsZip('10017')).toMatchObject({ zip5: '10017', display: '10017' });
    expect(parseUsZip('10017-1234')).toMatchObject({ zip5: '10017', display: '10017-1234' });
    expect(parseUsZip('100171234')).toMatchObject({ zip5: '10017' });
    for (const bad of ['1001', '100177', 'ABCDE', '10017-12']) expect(parseUsZip(bad)).toBeNull();
    expect(guessRegion('10017')).toBe('usa');
    expect(guessRegion('M13')).toBe('uk');
  });
});

describe('haversine', () => {
  it('matches known great-circle distances', () => {
    const london = { latitude: 51.5074, longitude: -0.1278 };
    const manchester = { latitude: 53.4808, longitude: -2.2426 };
    expect(haversineMiles(london, manchester)).toBeCloseTo(163, 0);
    const nyc = { latitude: 40.7128, longitude: -74.006 };
    const la = { latitude: 34.0522, longitude: -118.2437 };
    expect(haversineMiles(nyc, la)).toBeGreaterThan(2440);
    expect(haversineMiles(nyc, la)).toBeLessThan(2452);
    expect(haversineMiles(london, london)).toBe(0);
    expect(roundMiles(3.14159)).toBe(3.1);
  });
  it('bounding box contains every point within the radius', () => {
    const c = { latitude: 55.95, longitude: -3.19 };
    const box = boundingBox(c, 10);
    for (let bearing = 0; bearing < 360; bearing += 15) {
      const rad = (bearing * Math.PI) / 180;
      const p = {
        latitude: c.latitude + (10 / 69.05) * Math.cos(rad),
        longitude: c.longitude + ((10 / 69.05) * Math.sin(rad)) / Math.cos((c.latitude * Math.PI) / 180),
      };
      if (haversineMiles(c, p) <= 10) {
        expect(p.latitude).toBeGreaterThanOrEqual(box.minLat);
        expect(p.latitude).toBeLessThanOrEqual(box.maxLat);
        expect(p.longitude).toBeGreaterThanOrEqual(box.minLon);
        expect(p.longitude).toBeLessThanOrEqual(box.maxLon);
      }
    }
  });
  it('converts OS grid references to WGS84', () => {
    // SW1A 0AA (Palace of Westminster): ONSPD gives 51.499840, -0.124663.
    const p = osgbToWgs84(530268, 179545);
    expect(p.latitude).toBeCloseTo(51.4998, 3);
    expect(p.longitude).toBeCloseTo(-0.1246, 3);
  });
});

describe('shipped centroids', () => {
  it('cover every postcode area and the seeded hospital districts', () => {
    const rows = bundledCentroids();
    expect(rows.filter((r) => r.kind === 'area').length).toBeGreaterThanOrEqual(124);
    const keys = new Set(rows.map((r) => r.postcode));
    for (const d of [
      'W1G',
      'SE1',
      'N1',
      'E14',
      'SW19',
      'M13',
      'M20',
      'M50',
      'B15',
      'B3',
      'LS6',
      'LS1',
      'G12',
      'G1',
      'EH2',
      'EH10',
      'BS8',
      'BS1',
      'L1',
      'L18',
      'CF11',
      'NE2',
    ])
      expect(keys.has(d), d).toBe(true);
    for (const r of rows) {
      expect(r.latitude).toBeGreaterThan(49);
      expect(r.latitude).toBeLessThan(61);
      expect(r.longitude).toBeGreaterThan(-8.7);
      expect(r.longitude).toBeLessThan(1.9);
    }
  });
});

describe('geocoder and importer', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ seed: false });
  }, 60_000);
  afterAll(async () => t?.close());

  it('falls back from unknown units to the district, and rejects unknown areas', async () => {
    const g = new Geocoder(t.database.db);
    expect(await g.locate('M13 9ZZ', 'uk')).toMatchObject({ precision: 'district', postcode: 'M13 9ZZ' });
    expect(await g.locate('AB99 9ZZ', 'uk')).toMatchObject({ precision: 'area' });
    await expect(g.locate('ZZ1 1ZZ', 'uk')).rejects.toThrow("We couldn't find that postcode");
    await expect(g.locate('99999', 'usa')).rejects.toThrow("We couldn't find that postcode");
  });

  it('asks a postcodes.io-compatible service for what the table lacks, and caches the answer', async () => {
    let calls = 0;
    const fetchImpl = (async (url: string) => {
      calls++;
      if (String(url).endsWith('/postcodes/M13%209XX'))
        return new Response(JSON.stringify({ result: { latitude: 53.46, longitude: -2.22 } }), { status: 200 });
      return new Response('{}', { status: 404 });
    }) as typeof fetch;
    const g = new Geocoder(t.database.db, { postcodesIoUrl: 'http://postcodes.test', fetchImpl });
    expect(await g.locate('m13 9xx', 'uk')).toEqual({ postcode: 'M13 9XX', latitude: 53.46, longitude: -2.22, precision: 'unit' });
    await expect(g.locate('M13 9YY', 'uk')).rejects.toThrow("We couldn't find that postcode");
    const fresh = new Geocoder(t.database.db, { postcodesIoUrl: 'http://postcodes.test', fetchImpl });
    const before = calls;
    await fresh.locate('M13 9XX', 'uk');
    expect(calls).toBe(before);
    const down = new Geocoder(t.database.db, {
      postcodesIoUrl: 'http://postcodes.test',
      fetchImpl: (async () => {
        throw new Error('offline');
      }) as typeof fetch,
    });
    expect((await down.locate('M14 5AA', 'uk')).precision).toBe('district');
  });

  it('imports ONSPD and Code-Point Open files with sector, district and area means', async () => {
    const onspd =
      'pcd,pcd2,pcds,doterm,lat,long\n"ZX1 1AA","ZX1  1AA","ZX1 1AA",,50.0,-1.0\n"ZX1 1AB","ZX1  1AB","ZX1 1AB",,50.2,-1.2\n"ZX1 1AD","ZX1  1AD","ZX1 1AD",199901,10,10\n"ZX1 1AE","ZX1  1AE","ZX1 1AE",,99.999999,0.000000\n';
    const r = await importPostcodeCsv(t.database.db, Readable.from([onspd]));
    expect(r).toMatchObject({ format: 'onspd', units: 2, skipped: 2 });
    const [sector] = await t.database.db.select().from(postcodeCentroids).where(eq(postcodeCentroids.postcode, 'ZX1 1'));
    expect(sector!.latitude).toBeCloseTo(50.1, 6);
    expect(sector!.kind).toBe('sector');
    const g = new Geocoder(t.database.db);
    expect(await g.locate('zx11ab', 'uk')).toMatchObject({ latitude: 50.2, longitude: -1.2, precision: 'unit' });
    expect((await g.locate('ZX1', 'uk')).precision).toBe('district');

    const codepoint = '"SW1A 0AA",10,530268,179545,"E92000001","","E19000003","E18000007","E09000033","E05000644"\n';
    const c = await importPostcodeCsv(t.database.db, Readable.from([codepoint]));
    expect(c).toMatchObject({ format: 'codepoint', units: 1 });
    const [unit] = await t.database.db.select().from(postcodeCentroids).where(eq(postcodeCentroids.postcode, 'SW1A 0AA'));
    expect(unit!.latitude).toBeCloseTo(51.4998, 3);
    expect(unit!.longitude).toBeCloseTo(-0.1246, 2);
  });
});
