import { describe, expect, it } from 'vitest';
import { DEFAULT_RADIUS, looksLikePostcode, parseSearchParams, searchQuerySchema, toSearchParams } from './search';

describe('search URL state', () => {
  it('round-trips through the URL and fills defaults', () => {
    const state = {
      postcode: 'M13 9PL',
      specialty: 'gp',
      radius: 50,
      region: 'uk' as const,
      page: 3,
      sort: 'fee_desc' as const,
      view: 'map' as const,
    };
    expect(parseSearchParams(toSearchParams(state))).toEqual(state);
    expect(parseSearchParams(new URLSearchParams('postcode=10017&specialty=gp'), 'usa')).toEqual({
      postcode: '10017',
      specialty: 'gp',
      radius: DEFAULT_RADIUS,
      region: 'usa',
      page: 1,
      sort: 'distance',
      view: 'list',
    });
  });
  it('ignores nonsense in the URL', () => {
    const s = parseSearchParams(new URLSearchParams('radius=-4&page=abc&sort=cheapest&region=fr&view=globe'));
    expect(s).toMatchObject({ radius: DEFAULT_RADIUS, page: 1, sort: 'distance', region: 'uk', view: 'list' });
    expect(parseSearchParams(new URLSearchParams('radius=9999')).radius).toBe(200);
  });
  it('leaves defaults out of the URL', () => {
    expect(
      toSearchParams({ postcode: ' M13 ', specialty: 'gp', radius: 25, region: 'uk', page: 1, sort: 'distance', view: 'list' }).toString(),
    ).toBe('postcode=M13&specialty=gp&radius=25&region=uk');
  });
});

describe('postcode shape check', () => {
  it('accepts UK postcodes and outward codes, and US ZIPs', () => {
    for (const p of ['SW1A 1AA', 'sw1a1aa', 'M13', 'w1g 7jq', 'EC1A']) expect(looksLikePostcode(p, 'uk'), p).toBe(true);
    for (const p of ['10017', '10017-1234', '100171234']) expect(looksLikePostcode(p, 'usa'), p).toBe(true);
    for (const p of ['London', '12345', 'SW', '']) expect(looksLikePostcode(p, 'uk'), p).toBe(false);
    for (const p of ['1001', 'SW1A 1AA']) expect(looksLikePostcode(p, 'usa'), p).toBe(false);
  });
});

describe('search query schema', () => {
  it('coerces numbers and applies defaults', () => {
    const q = searchQuerySchema.parse({ postcode: ' M13 ', specialty: 'gp', radius: '10', page: '2' });
    expect(q).toMatchObject({
      postcode: 'M13',
      radius: 10,
      page: 2,
      sort: 'distance',
      selectedRegion: 'uk',
      distance_filter_clicked: false,
    });
  });
  it('rejects bad radius and page with human messages', () => {
    expect(searchQuerySchema.safeParse({ postcode: 'M13', specialty: 'gp', radius: '0' }).error?.issues[0]?.message).toMatch(/positive/);
    expect(searchQuerySchema.safeParse({ postcode: 'M13', specialty: 'gp', radius: '201' }).error?.issues[0]?.message).toMatch(
      /at most 200/,
    );
    expect(searchQuerySchema.safeParse({ postcode: 'M13', specialty: 'gp', page: '1.5' }).error?.issues[0]?.message).toMatch(
      /whole number/,
    );
  });
});
