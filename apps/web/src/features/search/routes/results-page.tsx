import { useEffect, useId, useRef } from 'react';
import { useLocation, useSearchParams } from 'react-router';
import {
  RADIUS_OPTIONS,
  SEARCH_SORTS,
  SORT_LABELS,
  parseSearchParams,
  toSearchParams,
  type SearchParamsState,
  type SearchSort,
} from '@careslot/contracts/search-params';
import { DISTANCE_FILTER_STATE, SearchForm } from '../../../components/search-form/search-form';
import { ApiError } from '../../../lib/api-client';
import { readSelectedRegion } from '../../../lib/region';
import { useSpecialities } from '../../../lib/specialities';
import { ensureCaptcha, ensureCaptchaWhenIdle } from '../api/captcha';
import { useMapView, usePublicConfig, useSearch } from '../api/search-api';
import { Notice } from '../components/notice';
import { Pagination } from '../../../components/ui/pagination';
import { ResultCard, ResultSkeleton } from '../components/result-card';
import { ResultsMap } from '../components/lazy-results-map';
import styles from '../search.module.css';

export default function ResultsPage() {
  const [params, setParams] = useSearchParams();
  const location = useLocation();
  const state = parseSearchParams(params, readSelectedRegion());
  const ready = !!state.postcode && !!state.specialty;
  const distanceFilterClicked = (location.state as Record<string, unknown> | null)?.[DISTANCE_FILTER_STATE] === true;
  const search = useSearch(state, ready, distanceFilterClicked);
  const map = useMapView(state, ready && state.view === 'map');
  const config = usePublicConfig();
  const { data: specialities = [] } = useSpecialities(state.region);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const id = useId();

  useEffect(() => ensureCaptchaWhenIdle(), []);

  // Applying a filter or changing page resets or moves the page and pushes a history entry, so Back works.
  const update = (patch: Partial<SearchParamsState>) => {
    const next = { ...state, ...patch };
    if (!('page' in patch)) next.page = 1;
    const radiusChanged = 'radius' in patch && patch.radius !== state.radius;
    setParams(toSearchParams(next), radiusChanged ? { state: { [DISTANCE_FILTER_STATE]: true } } : undefined);
    // A new page moves focus to the heading (and the reader to the top); toggling the view keeps focus on the toggle.
    if ('page' in patch && patch.page !== state.page) headingRef.current?.focus();
  };

  const data = search.data;
  const err = search.error instanceof ApiError ? search.error : null;
  const specialityName = specialities.find((s) => s.slug === state.specialty)?.name ?? data?.speciality.name;
  const wider = (RADIUS_OPTIONS as readonly number[]).find((r) => r > state.radius);

  const retry = () => void ensureCaptcha().finally(() => void search.refetch());
  const editPostcode = () => {
    const input = document.querySelector<HTMLInputElement>('form[role="search"] input[name="postcode"]');
    input?.focus();
    input?.select();
  };

  return (
    <section className={`page ${styles.results}`} aria-labelledby={`${id}-h`}>
      <h1
        id={`${id}-h`}
        ref={headingRef}
        tabIndex={-1}
        className={ready ? `${styles.resultsHeading} ${styles.resultsHeadingSearch}` : styles.resultsHeading}
      >
        {ready && specialityName ? `${specialityName} near ${state.postcode.toUpperCase()}` : 'Find a provider'}
      </h1>
      <SearchForm variant="bar" region={state.region} initial={state} />

      {ready ? (
        <div className={styles.toolbar}>
          <div aria-live="polite" className={styles.summary}>
            {data && !err && (
              <p>
                {data.total === 0
                  ? 'No providers found'
                  : `${data.total} provider${data.total === 1 ? '' : 's'} within ${data.radius} miles${data.total_pages > 1 ? ` · page ${data.page} of ${data.total_pages}` : ''}`}
                {data.origin.precision === 'area' && ' (distances are measured from the centre of the postcode area)'}
              </p>
            )}
          </div>
          <div className={styles.viewControls}>
            <label className={styles.sort}>
              <span>Sort by</span>
              <select value={state.sort} onChange={(e) => update({ sort: e.target.value as SearchSort })}>
                {SEARCH_SORTS.map((s) => (
                  <option key={s} value={s}>
                    {SORT_LABELS[s]}
                  </option>
                ))}
              </select>
            </label>
            <div className={styles.viewToggle} role="group" aria-label="View">
              <button type="button" aria-pressed={state.view === 'list'} onClick={() => update({ view: 'list', page: state.page })}>
                List
              </button>
              <button type="button" aria-pressed={state.view === 'map'} onClick={() => update({ view: 'map', page: state.page })}>
                Map
              </button>
            </div>
          </div>
        </div>
      ) : (
        <p className={styles.muted}>Enter a postcode or ZIP code and choose a speciality to see providers near you.</p>
      )}

      {ready && err && (
        <Notice
          tone={err.status === 429 ? 'warning' : 'error'}
          title={err.status === 429 ? 'Please slow down' : "We couldn't run that search"}
          role="alert"
        >
          <p>{err.message}</p>
          {err.status === 429 ? (
            <button type="button" className="button secondary" onClick={retry}>
              Try again
            </button>
          ) : (
            <button type="button" className="button secondary" onClick={editPostcode}>
              Change the {state.region === 'usa' ? 'ZIP code' : 'postcode'}
            </button>
          )}
        </Notice>
      )}
      {ready && search.isError && !err && (
        <Notice tone="error" title="Something went wrong" role="alert">
          <p>We could not reach CareSlot. Check your connection and try again.</p>
          <button type="button" className="button secondary" onClick={retry}>
            Try again
          </button>
        </Notice>
      )}

      {ready && !err && state.view === 'list' && (
        <>
          {search.isPending ? (
            <ul className={styles.list} aria-busy="true" aria-label="Loading results">
              {[0, 1, 2].map((i) => (
                <ResultSkeleton key={i} />
              ))}
            </ul>
          ) : data && data.total === 0 ? (
            <Notice
              tone="empty"
              title={`No ${specialityName ? specialityName.toLowerCase() + ' providers' : 'providers'} within ${state.radius} miles`}
            >
              <p>
                {wider
                  ? `Widen the search to ${wider} miles, or try a nearby ${state.region === 'usa' ? 'ZIP code' : 'postcode'}.`
                  : `Try a nearby ${state.region === 'usa' ? 'ZIP code' : 'postcode'} or another speciality.`}
              </p>
              <div className={styles.noticeActions}>
                {wider && (
                  <button type="button" className="button" onClick={() => update({ radius: wider })}>
                    Search within {wider} miles
                  </button>
                )}
                <button type="button" className="button secondary" onClick={editPostcode}>
                  Change the {state.region === 'usa' ? 'ZIP code' : 'postcode'}
                </button>
              </div>
            </Notice>
          ) : data ? (
            <>
              <ul className={styles.list} aria-busy={search.isFetching} aria-label="Providers">
                {data.data.map((r) => (
                  <ResultCard key={r.id} r={r} region={state.region} />
                ))}
              </ul>
              <Pagination page={data.page} totalPages={data.total_pages} onPage={(p) => update({ page: p })} />
            </>
          ) : null}
        </>
      )}

      {ready && !err && state.view === 'map' && (
        <>
          {map.data?.status && (
            <ResultsMap
              label="Map of providers"
              points={map.data.markers.map((m) => ({ ...m, subtitle: m.speciality }))}
              center={map.data.center}
              radiusMiles={map.data.radius}
              tileUrl={config.data?.mapTileUrl}
              attribution={config.data?.mapAttribution}
              region={state.region}
            />
          )}
          {map.isPending && <div className={styles.mapSkeleton} aria-busy="true" aria-label="Loading map" />}
          {map.error instanceof ApiError && (
            <Notice tone={map.error.status === 429 ? 'warning' : 'error'} title="We couldn't load the map" role="alert">
              <p>{map.error.message}</p>
            </Notice>
          )}
          {map.data?.status && (
            <p className={styles.muted}>
              Showing {map.data.markers.length} of {map.data.total} providers. Select a pin to see who practises there.
            </p>
          )}
        </>
      )}
    </section>
  );
}
