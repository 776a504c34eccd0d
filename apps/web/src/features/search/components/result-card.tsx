import { Link } from 'react-router';
import { formatMoney } from '@careslot/contracts/money';
import type { SearchResult } from '@careslot/contracts/search';
import { paths } from '../../../lib/paths';
import { DoctorPhoto, NO_SPECIALITY } from '../../../components/doctor-photo/doctor-photo';
import styles from '../search.module.css';

export function ResultCard({ r, region }: { r: SearchResult; region: string }) {
  const profile = `${paths.doctorProfile(r.id, r.distance)}?region=${region}`;
  const slot = r.next_available_slot;
  return (
    <li className={styles.card}>
      <DoctorPhoto src={r.profile_image} />
      <div className={styles.cardBody}>
        <h2 className={styles.cardTitle}>
          <Link to={profile}>{r.name}</Link>
          {r.verified && (
            <span className={styles.verified} title="Registration checked with the professional body">
              <span aria-hidden="true">✓</span> Verified
            </span>
          )}
        </h2>
        {r.qualifications.length > 0 && <p className={styles.muted}>{r.qualifications.join(', ')}</p>}
        <p className={styles.speciality}>{r.speciality || NO_SPECIALITY}</p>
        <p className={styles.hospital}>
          <strong>{r.hospital_name}</strong>
          <span className={styles.muted}> · {r.hospital_location}</span>
        </p>
      </div>
      <div className={styles.cardSide}>
        <p className={styles.distance}>{r.distance.toFixed(1)} miles away</p>
        <p className={styles.fee}>
          {formatMoney(r.amount_minor, region)} <span className={styles.muted}>first visit</span>
        </p>
        <p className={styles.nextSlot}>
          {slot ? (
            <>
              Next available: <strong>{slot.date}</strong>, {slot.time}
            </>
          ) : (
            'No free times at the moment'
          )}
        </p>
        {/* The name starts with the visible text, then says whose profile (label in name). */}
        <Link className="button" to={profile} aria-label={`View & book ${r.name}`}>
          View &amp; book
        </Link>
      </div>
    </li>
  );
}

/** Same grid as ResultCard (photo, body, side column with fee and button), so nothing jumps when results arrive. */
export function ResultSkeleton() {
  return (
    <li className={`${styles.card} ${styles.skeleton}`} aria-hidden="true">
      <span className={styles.skelPhoto} />
      <div className={styles.cardBody}>
        <span className={`${styles.skelLine} ${styles.skelTitle}`} style={{ width: '42%' }} />
        <span className={styles.skelLine} style={{ width: '28%' }} />
        <span className={styles.skelLine} style={{ width: '22%' }} />
        <span className={styles.skelLine} style={{ width: '64%' }} />
      </div>
      <div className={styles.cardSide}>
        <span className={styles.skelLine} style={{ width: '55%' }} />
        <span className={`${styles.skelLine} ${styles.skelTitle}`} style={{ width: '70%' }} />
        <span className={styles.skelLine} style={{ width: '85%' }} />
        <span className={styles.skelButton} />
      </div>
    </li>
  );
}
