import { useId, useState, type FormEvent } from 'react';
import { addDaysToIso, todayAtClinics } from '@careslot/contracts/time';
import { Link, useLocation } from 'react-router';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/field';
import { ApiError } from '../../../lib/api-client';
import { paths } from '../../../lib/paths';
import { currentUserId, isLoggedIn } from '../../../lib/session';
import { useJoinWaitlist } from '../api/search-api';
import styles from '../doctor-profile.module.css';

/** The patient's own calendar day (YYYY-MM-DD): only for a provider with no clinic to count days at. */
const isoDay = (d: Date) => [d.getFullYear(), d.getMonth() + 1, d.getDate()].map((n) => String(n).padStart(2, '0')).join('-');

/**
 * "No time that suits you?": a patient joins the provider's waitlist for a range of days and is e-mailed when a time
 * in it comes free (docs/after-booking.md). Signed-out visitors are sent to sign in and brought back.
 */
export function JoinWaitlist({
  providerId,
  region,
  doctorName,
  timeZones,
  open: startOpen,
}: {
  providerId: string;
  region: 'uk' | 'usa';
  doctorName: string;
  /** The zones of the provider's clinics: waitlist days are days there, as the API counts them. */
  timeZones: readonly string[];
  open: boolean;
}) {
  const location = useLocation();
  const userId = currentUserId() ?? '';
  const join = useJoinWaitlist(userId);
  const [open, setOpen] = useState(startOpen);
  // Today at the clinics, not the patient's own day nor UTC's: in a New York evening UTC is already tomorrow.
  const today = todayAtClinics(timeZones) ?? isoDay(new Date());
  const [from, setFrom] = useState(today);
  const [to, setTo] = useState(addDaysToIso(today, 14));
  const [errors, setErrors] = useState<{ from_date?: string; to_date?: string; form?: string }>({});
  const [done, setDone] = useState(false);
  const titleId = useId();

  async function submit(e: FormEvent) {
    e.preventDefault();
    setErrors({});
    try {
      await join.mutateAsync({ providerId, providerRegion: region, from_date: from, to_date: to });
      setDone(true);
    } catch (err) {
      if (err instanceof ApiError) {
        const body = err.body as { fields?: Record<string, string> } | null;
        setErrors({ from_date: body?.fields?.from_date, to_date: body?.fields?.to_date, form: err.message });
      } else setErrors({ form: 'We could not add you to the waitlist. Please try again.' });
    }
  }

  return (
    <section className={styles.waitlist} aria-labelledby={titleId}>
      <h3 id={titleId}>No time that suits you?</h3>
      {done ? (
        <Alert tone="success">
          You are on {doctorName}&apos;s waitlist. We will e-mail you when a time comes free between those days. You can leave it on your{' '}
          <Link to={paths.userProfile}>profile</Link>.
        </Alert>
      ) : !isLoggedIn() ? (
        <p>
          Join the waitlist and we will e-mail you when a time comes free.{' '}
          <Link to={`${paths.signIn}?returnTo=${encodeURIComponent(location.pathname + location.search)}`}>
            Sign in to join the waitlist
          </Link>
        </p>
      ) : !open ? (
        <>
          <p>Join the waitlist and we will e-mail you when a time comes free in the days you choose.</p>
          <Button variant="secondary" onClick={() => setOpen(true)}>
            Join the waitlist
          </Button>
        </>
      ) : (
        <form onSubmit={submit} noValidate className={styles.waitlistForm}>
          <p>We will e-mail you when a time with {doctorName} comes free between these days (at most 90 days).</p>
          {errors.form && <Alert tone="error">{errors.form}</Alert>}
          <div className={styles.waitlistDays}>
            <TextField
              label="From"
              type="date"
              value={from}
              min={today}
              onChange={(e) => setFrom(e.target.value)}
              error={errors.from_date}
              required
            />
            <TextField
              label="Until"
              type="date"
              value={to}
              min={from}
              onChange={(e) => setTo(e.target.value)}
              error={errors.to_date}
              required
            />
          </div>
          <Button type="submit" loading={join.isPending}>
            {join.isPending ? 'Joining…' : 'Join the waitlist'}
          </Button>
        </form>
      )}
    </section>
  );
}
