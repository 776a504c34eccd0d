/**
 * What the first-screen script (apps/web/build/first-screen-preload.ts) does before the entry chunk runs, and how the app
 * picks it up (docs/performance.md, decisions 070–072).
 *
 * `prerenderFit` and `earlyRequestUrls` are written into that script as source text, so each must be self-contained: no
 * imports, no names from outside its own body (what it needs comes in as arguments). Tests hold them to the app's own
 * helpers (first-screen.test.ts).
 */

/**
 * How the build-time HTML of `/` (build/prerender.tsx renders it for a first visit: UK, signed out, nothing cached) fits
 * this visitor: 'same' — hydrate it; 'looks-same' — only something not on screen differs (the cached speciality list
 * fills the select's options), render anew over it; 'differs' — the region is the USA or a session may exist, so the
 * header or the hero would change: hide it until the app has rendered anew.
 */
export function prerenderFit(): 'same' | 'looks-same' | 'differs' {
  const cookies = '; ' + document.cookie;
  const hasCookie = (name: string) => cookies.indexOf('; ' + name + '=') >= 0;
  if (hasCookie('access_token') || hasCookie('demo_access_token') || hasCookie('user_id')) return 'differs';
  try {
    if (localStorage.getItem('selectedRegion') === 'usa' || localStorage.getItem('isLoggedIn') === 'true') return 'differs';
    if (localStorage.getItem('specialities_uk') !== null) return 'looks-same';
  } catch {
    // Storage disabled: the app reads it as empty too.
  }
  return 'same';
}

/**
 * The cookie banner's answer before the app has run (decision 095): the first-screen script calls this when Accept or
 * Reject (`data-consent-choice`) is pressed on a page the app has not yet taken over. It records the choice exactly as
 * `recordConsent` of lib/consent.ts does (the same `consentID` cookie, an existing id kept, the choice under
 * `cookie_consent`) and marks `<html data-consented>`, which hides the page's copy of the banner until the app renders.
 */
export function answerCookieBanner(choice: string): void {
  if (choice !== 'accepted' && choice !== 'rejected') return;
  const found = ('; ' + document.cookie).split('; consentID=')[1];
  let id = found ? decodeURIComponent(found.split(';')[0]!) : '';
  if (!id) {
    if (typeof crypto.randomUUID === 'function') id = crypto.randomUUID();
    else {
      const bytes = new Uint8Array(16);
      crypto.getRandomValues(bytes);
      id = Array.from(bytes, (n) => n.toString(16).padStart(2, '0')).join('');
    }
  }
  const secure = location.protocol === 'https:' ? '; Secure' : '';
  document.cookie = 'consentID=' + encodeURIComponent(id) + '; Max-Age=' + 180 * 24 * 60 * 60 + '; Path=/; SameSite=Strict' + secure;
  try {
    localStorage.setItem('cookie_consent', choice);
  } catch {
    // Storage can be disabled; the cookie alone still hides the banner.
  }
  document.documentElement.setAttribute('data-consented', '');
}

/** The search constants `earlyRequestUrls` needs (from @careslot/contracts/search-params). */
export interface EarlySearchConstants {
  defaultRadius: number;
  maxRadius: number;
  sorts: readonly string[];
}

/**
 * What `earlyRequestUrls` reads of the browser. In the browser (the default) the page's cookies and local storage; on the
 * server, which renders `/results` and a profile at request time (decision 081), the request's Cookie header and nothing
 * stored (so it renders only a search whose address names its region, see build/prerender-entry.tsx).
 */
export interface BrowserReads {
  cookie: string;
  local: (key: string) => string | null;
  historyState: unknown;
}

/**
 * The GET calls the first screen at this address will make on arrival, as apiFetch writes their URLs: on `/` the home
 * page settings; on `/results?…` the search and the public config; on a profile its details, free times and the public
 * config; on `/` and `/results` the speciality list when none is cached. Empty when the screen would make none, or when
 * its URL cannot be known here (a search that follows a radius change carries a flag from the history entry; the
 * captcha's value is about to expire).
 */
export function earlyRequestUrls(
  pathname: string,
  search: string,
  c: EarlySearchConstants,
  b: BrowserReads = {
    cookie: document.cookie,
    local: (key) => localStorage.getItem(key),
    historyState: history.state,
  },
): string[] {
  const readCookie = (name: string) => {
    const found = b.cookie.split(/; ?/).find((p) => p.indexOf(name + '=') === 0);
    return found ? decodeURIComponent(found.slice(name.length + 1)) : undefined;
  };
  const region = (() => {
    try {
      return b.local('selectedRegion') === 'usa' ? 'usa' : 'uk';
    } catch {
      return 'uk';
    }
  })();
  const url = (path: string, query: [string, string | undefined][]) => {
    const q = new URLSearchParams();
    query.forEach(([k, v]) => {
      if (v !== undefined && v !== '') q.set(k, v);
    });
    const s = q.toString();
    return s ? path + '?' + s : path;
  };
  const specialities = (r: string): string[] => {
    try {
      // Fetched only when none are cached for the region (a stale cached list is the app's to replace).
      return b.local('specialities_' + r) === null ? [url('/api/get-speciality', [['selectedRegion', r]])] : [];
    } catch {
      return [];
    }
  };
  if (pathname === '/') return ['/api/homepage-settings'].concat(specialities(region));
  if (pathname === '/results') {
    const p = new URLSearchParams(search);
    const postcode = p.get('postcode') ?? '';
    const specialty = p.get('specialty') ?? '';
    if (!postcode || !specialty) return [];
    const state = b.historyState as { usr?: Record<string, unknown> } | null;
    if (state?.usr?.distanceFilterClicked) return [];
    let captcha: string | undefined;
    // A solved captcha: a cookie `<savedAt>.<payload>` (features/search/api/captcha.ts), so the server sees it too.
    const saved = /^(\d+)\.(.+)$/.exec(readCookie('careslot_captcha') ?? '');
    if (saved) {
      // The app uses it for 18 minutes; near the end the two could disagree, so none is asked early then.
      const age = Date.now() - Number(saved[1]);
      if (age > 17 * 60 * 1000) return [];
      if (age >= 0) captcha = saved[2];
    }
    const radius = Number(p.get('radius'));
    const page = Number(p.get('page'));
    const sort = p.get('sort') ?? '';
    const r = p.get('region');
    const searchRegion = r === 'usa' || r === 'uk' ? r : region;
    return [
      url('/api/test-search/', [
        ['postcode', postcode],
        ['specialty', specialty],
        ['radius', String(Number.isFinite(radius) && radius > 0 ? Math.min(radius, c.maxRadius) : c.defaultRadius)],
        ['page', String(Number.isInteger(page) && page >= 1 ? page : 1)],
        ['sort', c.sorts.indexOf(sort) >= 0 ? sort : 'distance'],
        ['selectedRegion', searchRegion],
        ['captchaValue', captcha],
        ['consentID', readCookie('consentID')],
      ]),
      '/api/public-config',
    ].concat(specialities(searchRegion));
  }
  const profile = /^\/doctor-profile\/([^/]+)\/[^/]+\/?$/.exec(pathname);
  if (profile) {
    let id: string;
    try {
      id = encodeURIComponent(decodeURIComponent(profile[1]!));
    } catch {
      return [];
    }
    const profileRegion = new URLSearchParams(search).get('region') === 'usa' ? 'usa' : 'uk';
    return [
      url('/api/provider-details/' + id + '/', [['selectedRegion', profileRegion]]),
      url('/api/provider-slots/' + id + '/', [['selectedRegion', profileRegion]]),
      '/api/public-config',
    ];
  }
  return [];
}

/** Where the first-screen script leaves the answers it asked for early, by URL. */
declare global {
  interface Window {
    __careslotEarly?: Record<string, Promise<Response>>;
  }
}

/** Early answers serve the first screen's own calls only: after this long any left over are dropped, not reused. */
const EARLY_ANSWER_MS = 20_000;

/** The early answer for this GET URL, once (then it is gone); undefined if there is none. */
export function takeEarlyAnswer(url: string): Promise<Response> | undefined {
  const early = typeof window === 'undefined' ? undefined : window.__careslotEarly;
  if (!early) return undefined;
  const answer = early[url];
  delete early[url];
  if (performance.now() > EARLY_ANSWER_MS) {
    delete window.__careslotEarly;
    return undefined;
  }
  return answer;
}
