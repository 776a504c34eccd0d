/**
 * The zod-free half of the search contract (docs/search.md): constants and the search form's URL helpers. Its own module so the
 * web app's first load does not carry zod (docs/performance.md); search.ts re-exports all of it.
 */

export const SEARCH_REGIONS = ['uk', 'usa'] as const;

/** Results per page of /api/test-search/ (docs/search.md): 5 rows. */
export const SEARCH_PAGE_SIZE = 5;
/** Radius choices offered by the search form, in miles; any number above 0 and up to the maximum is accepted. */
export const RADIUS_OPTIONS = [5, 10, 25, 50, 100, 200] as const;
export const DEFAULT_RADIUS = 25;
export const MAX_RADIUS_MILES = 200;
/** Markers returned by /api/map-view/ at most (the nearest first). */
export const MAX_MAP_MARKERS = 500;

export const SEARCH_SORTS = ['distance', 'availability', 'fee_asc', 'fee_desc'] as const;
export type SearchSort = (typeof SEARCH_SORTS)[number];
export const SORT_LABELS: Record<SearchSort, string> = {
  distance: 'Nearest first',
  availability: 'Earliest availability',
  fee_asc: 'Fee: low to high',
  fee_desc: 'Fee: high to low',
};

export const POSTCODE_NOT_FOUND = "We couldn't find that postcode";

// ---------- search-form helpers (pure) ----------

/** What the search form puts in the /results URL. */
export interface SearchParamsState {
  postcode: string;
  specialty: string;
  radius: number;
  region: 'uk' | 'usa';
  page: number;
  sort: SearchSort;
  view: 'list' | 'map';
}

export function parseSearchParams(params: URLSearchParams, fallbackRegion: 'uk' | 'usa' = 'uk'): SearchParamsState {
  const region = params.get('region');
  const radius = Number(params.get('radius'));
  const page = Number(params.get('page'));
  const sort = params.get('sort');
  return {
    postcode: params.get('postcode') ?? '',
    specialty: params.get('specialty') ?? '',
    radius: Number.isFinite(radius) && radius > 0 ? Math.min(radius, MAX_RADIUS_MILES) : DEFAULT_RADIUS,
    region: region === 'usa' || region === 'uk' ? region : fallbackRegion,
    page: Number.isInteger(page) && page >= 1 ? page : 1,
    sort: (SEARCH_SORTS as readonly string[]).includes(sort ?? '') ? (sort as SearchSort) : 'distance',
    view: params.get('view') === 'map' ? 'map' : 'list',
  };
}

export function toSearchParams(state: Partial<SearchParamsState>): URLSearchParams {
  const p = new URLSearchParams();
  if (state.postcode) p.set('postcode', state.postcode.trim());
  if (state.specialty) p.set('specialty', state.specialty);
  if (state.radius) p.set('radius', String(state.radius));
  if (state.region) p.set('region', state.region);
  if (state.sort && state.sort !== 'distance') p.set('sort', state.sort);
  if (state.page && state.page > 1) p.set('page', String(state.page));
  if (state.view === 'map') p.set('view', 'map');
  return p;
}

/** Client-side shape check before a search is sent (the server decides whether the place exists). */
export function looksLikePostcode(value: string, region: 'uk' | 'usa'): boolean {
  const v = value.trim().toUpperCase().replace(/\s+/g, ' ');
  if (region === 'usa') return /^\d{5}(-?\d{4})?$/.test(v);
  return /^[A-Z]{1,2}\d[A-Z\d]?( ?\d[A-Z]{2})?$/.test(v);
}
