import { bookingMessages } from '@careslot/contracts/booking';
import styles from './checkout.module.css';

/** A neutral silhouette for doctors without a photo. */
export const DEFAULT_DOCTOR_IMAGE =
  'data:image/svg+xml;utf8,' +
  encodeURIComponent(
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 72 72"><rect width="72" height="72" fill="#e8f1fb"/><circle cx="36" cy="28" r="13" fill="#8fb4dc"/><path d="M12 66c2-14 12-21 24-21s22 7 24 21z" fill="#8fb4dc"/></svg>',
  );

export interface SummaryProps {
  doctorName: string;
  profileImage: string | null;
  hospitalName: string;
  speciality: string | null;
  hospitalLocation: string;
  /** '3rd March 2027' */
  date: string;
  /** '9:00 AM - 9:30 AM' */
  timeRange: string;
  holdUntil: Date | null;
}

/** The checkout's left panel (SPEC §2 Booking checkout). */
export function CheckoutSummary(p: SummaryProps) {
  return (
    <aside className={styles.summary} aria-labelledby="checkout-summary-title">
      <div className={styles.doctor}>
        <img
          className={styles.avatar}
          src={p.profileImage || DEFAULT_DOCTOR_IMAGE}
          alt=""
          width={72}
          height={72}
          onError={(e) => {
            e.currentTarget.src = DEFAULT_DOCTOR_IMAGE;
          }}
        />
        <div>
          <h2 id="checkout-summary-title" className={styles.doctorName}>
            {p.doctorName}
          </h2>
          <p className={styles.muted}>{p.speciality || bookingMessages.noSpeciality}</p>
        </div>
      </div>
      <dl className={styles.facts}>
        <div>
          <dt>Hospital</dt>
          <dd>{p.hospitalName}</dd>
        </div>
        <div>
          <dt>Location</dt>
          <dd>{p.hospitalLocation}</dd>
        </div>
        <div>
          <dt>Date</dt>
          <dd>{p.date}</dd>
        </div>
        <div>
          <dt>Time</dt>
          <dd>{p.timeRange}</dd>
        </div>
      </dl>
      {p.holdUntil && (
        <p className={styles.hold} role="status">
          We are holding this slot for you until{' '}
          <strong>{p.holdUntil.toLocaleTimeString([], { hour: 'numeric', minute: '2-digit' })}</strong>.
        </p>
      )}
    </aside>
  );
}
