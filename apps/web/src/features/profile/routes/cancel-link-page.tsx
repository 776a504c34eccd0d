import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { TextAreaField } from '../../../components/ui/field';
import { useDocumentTitle } from '../../../lib/document-title';
import { paths } from '../../../lib/paths';
import { useCancelByLink, useLinkedBooking } from '../api/profile-api';
import { CancelTerms } from '../components/cancel-terms';
import styles from '../components/profile.module.css';

/**
 * /cancel-appointment?token=… from a booking or reminder e-mail: shows the booking and the terms that apply now,
 * and cancels it on confirmation. No sign-in: the signed link works for this booking only, until it starts.
 */
export default function CancelLinkPage() {
  useDocumentTitle('Cancel your appointment');
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const booking = useLinkedBooking(token);
  const cancel = useCancelByLink(token);
  const [reason, setReason] = useState('');
  const b = booking.data?.data;
  const done = cancel.data?.data;

  return (
    <div className="page">
      <h1>Cancel your appointment</h1>
      <section className={styles.card} aria-labelledby="link-booking-title">
        {!token ? (
          <Alert tone="error">This link is not complete. Please open it again from your e-mail.</Alert>
        ) : booking.isPending ? (
          <div className="screen-loading" role="status">
            <div className="spinner" aria-hidden="true" />
            <span className="visually-hidden">Loading your appointment</span>
          </div>
        ) : booking.isError ? (
          <Alert tone="error" title="We could not open this link">
            <p>{booking.error.message}</p>
            <p>
              <Link to={paths.userProfile}>Sign in to see your appointments</Link>
            </p>
          </Alert>
        ) : (
          b && (
            <>
              <h2 id="link-booking-title" className={styles.cardTitle}>
                {b.doctor_name}
              </h2>
              <p className={styles.apptMeta}>
                {b.date} at {b.start_time} ({b.time_zone})
              </p>
              <p className={styles.apptMeta}>{b.hospital_name}</p>
              {done ? (
                <Alert tone="success" title="Your appointment is cancelled">
                  <p>
                    {done.refund
                      ? `${done.refund.currency === 'USD' ? '$' : '£'}${done.refund.amount} will be refunded to the card or wallet you paid with.`
                      : 'No refund is due.'}{' '}
                    We have e-mailed you the details.
                  </p>
                </Alert>
              ) : b.status !== 'Booked' ? (
                <Alert tone="info">This appointment is {b.status.toLowerCase()}; there is nothing more to do.</Alert>
              ) : (
                <>
                  <div style={{ margin: 'var(--space-4) 0' }}>
                    <CancelTerms policy={b.policy} timeZone={b.time_zone} />
                  </div>
                  <TextAreaField
                    label="Reason (optional)"
                    hint="Your doctor sees it with the cancellation."
                    rows={3}
                    maxLength={500}
                    value={reason}
                    onChange={(e) => setReason(e.target.value)}
                  />
                  {cancel.isError && <Alert tone="error">{cancel.error.message}</Alert>}
                  <div className={styles.apptActions}>
                    <Button
                      variant="danger"
                      loading={cancel.isPending}
                      onClick={() =>
                        cancel.mutate({ cancellation_reason: reason, expected_refund: b.policy.refundable ? 'refund' : 'no_refund' })
                      }
                    >
                      Cancel appointment
                    </Button>
                    <Link to={paths.home} className="button secondary">
                      Keep appointment
                    </Link>
                  </div>
                </>
              )}
            </>
          )
        )}
      </section>
    </div>
  );
}
