import { toast } from 'react-toastify';
import { formatOrdinalDate } from '@careslot/contracts/time';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { useLeaveWaitlist, useWaitlist } from '../api/profile-api';
import styles from './profile.module.css';

const shownDay = (iso: string) => formatOrdinalDate(iso.split('-').reverse().join('/')) ?? iso;

/** The patient's waitlists (joined from a provider's profile), each with Leave (docs/after-booking.md). */
export function WaitlistSection({ userId }: { userId: string }) {
  const list = useWaitlist(userId);
  const leave = useLeaveWaitlist(userId);
  const entries = list.data?.data ?? [];
  if (list.isPending || (!list.isError && entries.length === 0)) return null;

  return (
    <section className={styles.card} aria-labelledby="waitlist-title">
      <h2 id="waitlist-title" className={styles.cardTitle}>
        Waitlists
      </h2>
      <p className={styles.cardIntro}>We e-mail you when a time comes free in these days. The first to book it gets it.</p>
      {list.isError ? (
        <Alert tone="error">We could not load your waitlists. Please try again.</Alert>
      ) : (
        <ul className={styles.waitlistList}>
          {entries.map((e) => {
            const days = e.from_date === e.to_date ? shownDay(e.from_date) : `${shownDay(e.from_date)} to ${shownDay(e.to_date)}`;
            return (
              <li key={e.id} className={styles.waitlistItem}>
                <span>
                  <strong>{e.doctor_name}</strong>
                  <br />
                  {days}
                </span>
                <Button
                  variant="secondary"
                  aria-label={`Leave the waitlist of ${e.doctor_name}, ${days}`}
                  loading={leave.isPending && leave.variables === e.id}
                  onClick={() =>
                    leave.mutate(e.id, {
                      onSuccess: () => toast.success(`You left ${e.doctor_name}'s waitlist.`),
                      onError: (err) => toast.error(err.message),
                    })
                  }
                >
                  Leave
                </Button>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
