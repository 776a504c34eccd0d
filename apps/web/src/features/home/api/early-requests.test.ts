import { afterEach, expect, it, vi } from 'vitest';
import { DEFAULT_RADIUS, MAX_RADIUS_MILES, SEARCH_SORTS } from '@careslot/contracts/search-params';
import { earlyRequestUrls } from '../../../lib/first-screen';
import { fetchSpecialities } from '../../../lib/specialities';
import { getHomepageSettings } from './homepage-settings';

/** The first-screen script asks for `/`'s answers before the app runs (lib/first-screen.ts): the URLs the home page uses. */
const constants = { defaultRadius: DEFAULT_RADIUS, maxRadius: MAX_RADIUS_MILES, sorts: SEARCH_SORTS };

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

it('on / asks for the home settings, and the speciality list unless one is cached', async () => {
  const requested: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      requested.push(url);
      return { ok: true, status: 200, text: async () => '{"data":[]}' };
    }),
  );
  const early = earlyRequestUrls('/', '', constants);
  await getHomepageSettings();
  await fetchSpecialities('uk');
  expect(early).toEqual(requested);
  expect(early).toEqual(['/api/homepage-settings', '/api/get-speciality?selectedRegion=uk']);
  localStorage.setItem('specialities_uk', JSON.stringify({ savedAt: Date.now(), data: [] }));
  expect(earlyRequestUrls('/', '', constants)).toEqual(['/api/homepage-settings']);
});
