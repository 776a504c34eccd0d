import { DoctorPhoto, NO_SPECIALITY } from '../../../components/doctor-photo/doctor-photo';
import styles from './checkout.module.css';

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

/** The checkout's left panel: the doctor, hospital, date and time, and until when the slot is held. */
export function CheckoutSummary(p: SummaryProps) {
  return (
    <aside className={styles.summary} aria-labelledby="checkout-summary-title">
      <div className={styles.doctor}>
        <DoctorPhoto src={p.profileImage} />
        <div>
          <h2 id="checkout-summary-title" className={styles.doctorName}>
            {p.doctorName}
          </h2>
          <p className={styles.muted}>{p.speciality || NO_SPECIALITY}</p>
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
