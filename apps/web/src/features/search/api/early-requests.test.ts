import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_RADIUS, MAX_RADIUS_MILES, SEARCH_SORTS, parseSearchParams } from '@careslot/contracts/search-params';
import { earlyRequestUrls } from '../../../lib/first-screen';
import { fetchSpecialities } from '../../../lib/specialities';
import { fetchProviderDetails } from '../../../lib/provider-details';
import { readSelectedRegion } from '../../../lib/region';
import { fetchProviderSlots, fetchPublicConfig, fetchSearch } from './search-api';

/**
 * The first-screen script asks for the first screen's API answers before the app runs (lib/first-screen.ts); the app
 * takes them by URL. So the URLs it computes must be the very URLs the screens' own calls use, in every state the app
 * reads (the address, the stored region, the consent cookie, a solved captcha).
 */
const constants = { defaultRadius: DEFAULT_RADIUS, maxRadius: MAX_RADIUS_MILES, sorts: SEARCH_SORTS };

let requested: string[] = [];
beforeEach(() => {
  requested = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      requested.push(url);
      return { ok: true, status: 200, text: async () => '{}' };
    }),
  );
});
afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
  document.cookie = 'consentID=; Max-Age=0; Path=/';
  document.cookie = 'careslot_captcha=; Max-Age=0; Path=/';
  history.replaceState(null, '');
});

/** The URLs the app's own calls use for this address, in the order the first-screen script lists them. */
async function appUrls(pathname: string, search: string): Promise<string[]> {
  if (pathname === '/results') {
    const state = parseSearchParams(new URLSearchParams(search), readSelectedRegion());
    await fetchSearch(state);
    await fetchPublicConfig();
    await fetchSpecialities(state.region);
  } else {
    const [, , id] = pathname.split('/');
    const region = new URLSearchParams(search).get('region') === 'usa' ? 'usa' : 'uk';
    await fetchProviderDetails(decodeURIComponent(id!), region);
    await fetchProviderSlots(decodeURIComponent(id!), region);
    await fetchPublicConfig();
  }
  return requested;
}

const searches = [
  '?postcode=SW1A 1AA&specialty=gp&radius=10&page=1',
  '?postcode=SW1A%201AA&specialty=gp&radius=10&page=1',
  '?postcode=sw1a1aa&specialty=dentist',
  '?postcode=10017&specialty=gp&region=usa&radius=500&page=3&sort=fee_desc',
  '?postcode=10017&specialty=gp&radius=-4&page=1.5&sort=cheapest&view=map',
  '?postcode=M1%201AE&specialty=physio&radius=abc&page=0&sort=availability&region=mars',
  '?specialty=gp&postcode=E1+6AN&radius=25&page=2',
];

describe('early requests of the first screen', () => {
  it.each(searches)('/results%s: the search and config URLs are the ones the results page asks for', async (search) => {
    const early = earlyRequestUrls('/results', search, constants);
    expect(early).toHaveLength(3);
    expect(early).toEqual(await appUrls('/results', search));
  });

  it('follows the stored region, the consent cookie and a solved captcha as the app does', async () => {
    localStorage.setItem('selectedRegion', 'usa');
    document.cookie = 'consentID=abc%20123; Path=/';
    document.cookie = `careslot_captcha=${encodeURIComponent(`${Date.now() - 60_000}.p@y/load=`)}; Path=/`;
    const search = '?postcode=10017&specialty=gp';
    const early = earlyRequestUrls('/results', search, constants);
    expect(early[0]).toContain('captchaValue=');
    expect(early[0]).toContain('consentID=');
    expect(early[0]).toContain('selectedRegion=usa');
    expect(early).toEqual(await appUrls('/results', search));
  });

  it('asks nothing when the URL cannot be known here or the screen would not search', () => {
    expect(earlyRequestUrls('/results', '?postcode=SW1A1AA', constants)).toEqual([]);
    expect(earlyRequestUrls('/about-us', '', constants)).toEqual([]);
    // A captcha about to expire: the app may or may not still send it.
    document.cookie = `careslot_captcha=${Date.now() - 17.5 * 60_000}.x; Path=/`;
    expect(earlyRequestUrls('/results', '?postcode=SW1A1AA&specialty=gp', constants)).toEqual([]);
    document.cookie = 'careslot_captcha=; Max-Age=0; Path=/';
    // A search that follows a radius change carries a flag from the history entry.
    history.replaceState({ usr: { distanceFilterClicked: true }, key: 'k', idx: 0 }, '');
    expect(earlyRequestUrls('/results', '?postcode=SW1A1AA&specialty=gp', constants)).toEqual([]);
  });

  it.each([
    ['/doctor-profile/3f2b8c1e-0000-4000-8000-000000000001/2.5', '?region=uk'],
    ['/doctor-profile/3f2b8c1e-0000-4000-8000-000000000001/2.5', '?region=usa'],
    ['/doctor-profile/a%20b%2Fc/1', ''],
  ])('%s%s: the details, free times and config URLs are the ones the profile asks for', async (pathname, search) => {
    const early = earlyRequestUrls(pathname, search, constants);
    expect(early).toHaveLength(3);
    expect(early).toEqual(await appUrls(pathname, search));
  });
});
