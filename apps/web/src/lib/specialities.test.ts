import { afterEach, describe, expect, it, vi } from 'vitest';
import { fetchSpecialities, readCachedSpecialities, specialityCacheKey, writeCachedSpecialities } from './specialities';

const gp = [{ id: 1, slug: 'gp', name: 'General Practitioner' }];

afterEach(() => {
  localStorage.clear();
  vi.restoreAllMocks();
});

describe('speciality cache (1440 minutes per region)', () => {
  it('keeps one entry per region and expires after 1440 minutes', () => {
    const t0 = Date.UTC(2027, 0, 1);
    writeCachedSpecialities('uk', gp, t0);
    expect(localStorage.getItem(specialityCacheKey('uk'))).toContain('General Practitioner');
    expect(readCachedSpecialities('usa', t0)).toBeNull();
    expect(readCachedSpecialities('uk', t0 + 1439 * 60_000)).toEqual(gp);
    expect(readCachedSpecialities('uk', t0 + 1441 * 60_000)).toBeNull();
  });
  it('fetches once, then answers from the cache; errors give an empty list', async () => {
    const fetchMock = vi.fn(async () => new Response(JSON.stringify({ status: true, region: 'uk', data: gp }), { status: 200 }));
    vi.stubGlobal('fetch', fetchMock);
    expect(await fetchSpecialities('uk')).toEqual(gp);
    expect(await fetchSpecialities('uk')).toEqual(gp);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('{"message":"down"}', { status: 500 })),
    );
    expect(await fetchSpecialities('usa')).toEqual([]);
  });
  it('ignores a corrupt entry', () => {
    localStorage.setItem(specialityCacheKey('uk'), '{not json');
    expect(readCachedSpecialities('uk')).toBeNull();
  });
});
