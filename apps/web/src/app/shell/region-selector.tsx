import { REGIONS } from '@careslot/contracts/money';
import { REGION_LABELS, useSelectedRegion } from '../../lib/region';
import styles from './site-header.module.css';

/** UK or USA, on the home page only (decision 009); stored as selectedRegion. Radios, so arrow keys move between them. */
export function RegionSelector() {
  const [region, setRegion] = useSelectedRegion();
  return (
    <fieldset className={styles.region}>
      <legend className="visually-hidden">Your region</legend>
      <svg className={styles.regionIcon} viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" focusable="false">
        <circle cx="12" cy="12" r="9" fill="none" stroke="currentColor" strokeWidth="1.8" />
        <path d="M3 12h18M12 3c2.8 3 2.8 15 0 18M12 3c-2.8 3-2.8 15 0 18" fill="none" stroke="currentColor" strokeWidth="1.6" />
      </svg>
      {REGIONS.map((r) => (
        <label key={r} className={styles.regionOption}>
          <input type="radio" name="selectedRegion" value={r} checked={region === r} onChange={() => setRegion(r)} />
          {/* The name starts with what is shown ("click USA" works by voice, WCAG 2.5.3), then says it in full. */}
          <span>{REGION_LABELS[r].short}</span>
          <span className="visually-hidden"> ({REGION_LABELS[r].long})</span>
        </label>
      ))}
    </fieldset>
  );
}
