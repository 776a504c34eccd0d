import { useId, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import {
  DEFAULT_RADIUS,
  RADIUS_OPTIONS,
  looksLikePostcode,
  toSearchParams,
  type SearchParamsState,
} from '@careslot/contracts/search-params';
import type { Region } from '@careslot/contracts/money';
import { paths } from '../../lib/paths';
import { readSelectedRegion } from '../../lib/region';
import { useSpecialities } from '../../lib/specialities';
import styles from './search-form.module.css';

export interface SearchFormProps {
  /** Region of the search; defaults to the stored selectedRegion, else uk. */
  region?: Region;
  /** Prefilled values (the results page passes what is in its URL). */
  initial?: Partial<Pick<SearchParamsState, 'postcode' | 'specialty' | 'radius' | 'sort' | 'view'>>;
  /**
   * 'hero' stacks nicely on the home page and searches on submit; 'bar' is the row on /results, where the speciality
   * and radius selects apply at once (they are the page's filters) and the postcode applies on Search.
   */
  variant?: 'hero' | 'bar';
  /** Heading id this form is labelled by, if any. */
  'aria-labelledby'?: string;
}

/**
 * Router state set when the patient changed the radius on /results (`distance_filter_clicked`, docs/search.md): the results
 * page reads it and sends `distance_filter_clicked=true` with that search.
 */
export const DISTANCE_FILTER_STATE = 'distanceFilterClicked';

/**
 * The one search form: postcode or ZIP, speciality, radius. Submitting goes to /results with everything in the URL,
 * so results can be shared and the back button works.
 */
export function SearchForm({ region: regionProp, initial, variant = 'hero', ...aria }: SearchFormProps) {
  const region = regionProp ?? readSelectedRegion();
  const navigate = useNavigate();
  const id = useId();
  const { data: specialities = [], isFetching } = useSpecialities(region);
  const [postcode, setPostcode] = useState(initial?.postcode ?? '');
  const [specialty, setSpecialty] = useState(initial?.specialty ?? '');
  const [radius, setRadius] = useState<number>(initial?.radius ?? DEFAULT_RADIUS);
  const [errors, setErrors] = useState<{ postcode?: string; specialty?: string }>({});

  // A new URL (back button, filters) refills the form: adjust state while rendering, not in an effect.
  const initialKey = `${initial?.postcode ?? ''}|${initial?.specialty ?? ''}|${initial?.radius ?? ''}`;
  const [seenKey, setSeenKey] = useState(initialKey);
  if (seenKey !== initialKey) {
    setSeenKey(initialKey);
    setPostcode(initial?.postcode ?? '');
    setSpecialty(initial?.specialty ?? '');
    setRadius(initial?.radius ?? DEFAULT_RADIUS);
    setErrors({});
  }

  const placeLabel = region === 'usa' ? 'ZIP code' : 'Postcode';
  const placeHint = region === 'usa' ? 'e.g. 10017' : 'e.g. SW1A 1AA';
  const radiusOptions = (RADIUS_OPTIONS as readonly number[]).includes(radius)
    ? RADIUS_OPTIONS
    : [...RADIUS_OPTIONS, radius].sort((a, b) => a - b);

  function search(values: { postcode: string; specialty: string; radius: number }, moveFocus: boolean) {
    const next: typeof errors = {};
    if (!values.postcode.trim()) next.postcode = `Please enter a ${placeLabel.toLowerCase()}.`;
    else if (!looksLikePostcode(values.postcode, region))
      next.postcode = region === 'usa' ? 'Please enter a 5-digit ZIP code, like 10017.' : "We couldn't find that postcode";
    if (!values.specialty) next.specialty = 'Please choose a speciality.';
    setErrors(next);
    if (next.postcode || next.specialty) {
      if (moveFocus) document.getElementById(next.postcode ? `${id}-postcode` : `${id}-specialty`)?.focus();
      return;
    }
    const qs = toSearchParams({ ...values, region, sort: initial?.sort, view: initial?.view });
    const radiusChanged = variant === 'bar' && initial?.radius !== undefined && values.radius !== initial.radius;
    navigate(`${paths.results}?${qs.toString()}`, radiusChanged ? { state: { [DISTANCE_FILTER_STATE]: true } } : undefined);
  }

  function onSubmit(e: FormEvent) {
    e.preventDefault();
    search({ postcode, specialty, radius }, true);
  }

  // On /results the selects are the filters: they apply at once, keeping focus where it is.
  function onSpecialtyChange(value: string) {
    setSpecialty(value);
    if (variant === 'bar' && value) search({ postcode, specialty: value, radius }, false);
  }
  function onRadiusChange(value: number) {
    setRadius(value);
    if (variant === 'bar') search({ postcode, specialty, radius: value }, false);
  }

  return (
    <form
      className={`${styles.form} ${variant === 'bar' ? styles.bar : styles.hero}`}
      onSubmit={onSubmit}
      // Before the app has taken over the build-time HTML of `/` (decision 070), the browser sends the form itself.
      action={paths.results}
      method="get"
      noValidate
      role="search"
      aria-label={aria['aria-labelledby'] ? undefined : 'Find a provider'}
      {...aria}
    >
      {/* Sent with the plain form too: the server renders only a search whose address names its region (decision 094). */}
      <input type="hidden" name="region" value={region} />
      <div className={styles.field}>
        <label htmlFor={`${id}-postcode`}>{placeLabel}</label>
        <input
          id={`${id}-postcode`}
          name="postcode"
          value={postcode}
          onChange={(e) => setPostcode(e.target.value)}
          placeholder={placeHint}
          autoComplete="postal-code"
          inputMode={region === 'usa' ? 'numeric' : 'text'}
          autoCapitalize="characters"
          spellCheck={false}
          maxLength={16}
          aria-invalid={!!errors.postcode}
          aria-describedby={errors.postcode ? `${id}-postcode-error` : undefined}
        />
        {errors.postcode && (
          <p id={`${id}-postcode-error`} className={styles.error} role="alert">
            {errors.postcode}
          </p>
        )}
      </div>
      <div className={styles.field}>
        <label htmlFor={`${id}-specialty`}>Speciality</label>
        <select
          id={`${id}-specialty`}
          name="specialty"
          value={specialty}
          onChange={(e) => onSpecialtyChange(e.target.value)}
          aria-invalid={!!errors.specialty}
          aria-describedby={errors.specialty ? `${id}-specialty-error` : undefined}
          aria-busy={isFetching && specialities.length === 0}
        >
          <option value="">{isFetching && specialities.length === 0 ? 'Loading specialities…' : 'Choose a speciality'}</option>
          {specialities.map((s) => (
            <option key={s.slug} value={s.slug}>
              {s.name}
            </option>
          ))}
        </select>
        {errors.specialty && (
          <p id={`${id}-specialty-error`} className={styles.error} role="alert">
            {errors.specialty}
          </p>
        )}
      </div>
      <div className={`${styles.field} ${styles.radius}`}>
        <label htmlFor={`${id}-radius`}>Within</label>
        <select id={`${id}-radius`} name="radius" value={radius} onChange={(e) => onRadiusChange(Number(e.target.value))}>
          {radiusOptions.map((r) => (
            <option key={r} value={r}>
              {r} miles
            </option>
          ))}
        </select>
      </div>
      <button type="submit" className={`button ${styles.submit}`}>
        Search
      </button>
    </form>
  );
}
