import { Link, useSearchParams } from 'react-router';
import { paths } from '../../../lib/paths';
import { useSessionStatus } from '../api/booking-api';
import { checkoutText } from '../checkout-wizard';
import styles from '../components/checkout.module.css';

export const SUPPORT_EMAIL = 'support@careslot.example';

/** /return?session_id=…: the result of a redirect-based card payment (docs/booking.md). */
export default function PaymentReturnPage() {
  const [params] = useSearchParams();
  const sessionId = params.get('session_id');
  const status = useSessionStatus(sessionId);

  let body;
  if (sessionId && status.isPending) {
    body = (
      <div className="screen-loading" role="status">
        <span className="spinner" aria-hidden="true" />
        <span>Checking your payment…</span>
      </div>
    );
  } else if (status.data?.status === 'open') {
    body = (
      <>
        <h1>{checkoutText.returnFailed}</h1>
        <p className={styles.muted}>Your card was not charged. You can go back and try again.</p>
        <Link className="button" to={paths.home}>
          Find a doctor
        </Link>
      </>
    );
  } else if (status.data?.status === 'complete') {
    body = (
      <>
        <span className={styles.tick} aria-hidden="true">
          ✓
        </span>
        <h1>Thank you for your booking!</h1>
        <p>
          A confirmation e-mail will be sent to <strong>{status.data.customer_email ?? 'your e-mail address'}</strong>.
        </p>
        <p className={styles.muted}>
          If you have any questions, e-mail us at <a href={`mailto:${SUPPORT_EMAIL}`}>{SUPPORT_EMAIL}</a>.
        </p>
        <Link className="button" to={paths.userProfile}>
          See my appointments
        </Link>
      </>
    );
  } else {
    body = (
      <>
        <h1>{checkoutText.somethingWrong}</h1>
        <p className={styles.muted}>
          We could not confirm this payment. If you were charged, contact <a href={`mailto:${SUPPORT_EMAIL}`}>{SUPPORT_EMAIL}</a>.
        </p>
        <Link className="button secondary" to={paths.home}>
          Go to the home page
        </Link>
      </>
    );
  }

  return (
    <section className="page">
      <title>Payment · CareSlot</title>
      <div className={styles.result}>{body}</div>
    </section>
  );
}
