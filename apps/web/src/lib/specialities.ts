import { useQuery } from '@tanstack/react-query';
import type { Speciality, SpecialityResponse } from '@careslot/contracts/search';
import { apiFetch, withQuery } from './api-client';
import { renderedAnswer } from './server-render';

/** The speciality list is cached in local storage for 1440 minutes, one entry per region (docs/search.md). */
export const SPECIALITY_CACHE_MINUTES = 1440;
const CACHE_MS = SPECIALITY_CACHE_MINUTES * 60 * 1000;

export const specialityCacheKey = (region: string) => `specialities_${region}`;

interface CacheEntry {
  savedAt: number;
  data: Speciality[];
}

export function readCachedSpecialities(region: string, now = Date.now()): Speciality[] | null {
  try {
    const raw = localStorage.getItem(specialityCacheKey(region));
    if (!raw) return null;
    const entry = JSON.parse(raw) as CacheEntry;
    if (!Array.isArray(entry.data) || typeof entry.savedAt !== 'number') return null;
    if (now - entry.savedAt > CACHE_MS || entry.savedAt > now) return null;
    return entry.data;
  } catch {
    return null;
  }
}

export function writeCachedSpecialities(region: string, data: Speciality[], now = Date.now()): void {
  try {
    localStorage.setItem(specialityCacheKey(region), JSON.stringify({ savedAt: now, data } satisfies CacheEntry));
  } catch {
    // Storage full or disabled: the list is simply fetched again next time.
  }
}

const specialitiesUrl = (region: string) => withQuery('/api/get-speciality', { selectedRegion: region });

/** GET /api/get-speciality; errors are swallowed and give an empty list (docs/web.md): the form still works. */
export async function fetchSpecialities(region: string): Promise<Speciality[]> {
  const cached = readCachedSpecialities(region);
  if (cached) return cached;
  try {
    const res = await apiFetch<SpecialityResponse>(specialitiesUrl(region));
    writeCachedSpecialities(region, res.data);
    return res.data;
  } catch {
    return [];
  }
}

export function useSpecialities(region: string) {
  return useQuery({
    queryKey: ['specialities', region],
    queryFn: () => fetchSpecialities(region),
    // On the server (decision 081) nothing is stored: the list the page was rendered with.
    initialData: () => readCachedSpecialities(region) ?? renderedAnswer<SpecialityResponse>(specialitiesUrl(region))?.data,
    staleTime: CACHE_MS,
  });
}
