import { Link } from 'react-router';
import { Alert } from '../../../components/ui/alert';

/** What the checkout shows before it can start: no slot chosen, the doctor loading, or the doctor not found. */
export function CheckoutUnavailable({ reason, profilePath }: { reason: 'no-slot' | 'loading' | 'not-found'; profilePath: string }) {
  if (reason === 'loading') {
    return (
      <section className="page">
        <title>Book an appointment · CareSlot</title>
        <div className="screen-loading" role="status">
          <span className="spinner" aria-hidden="true" />
          <span>Loading your booking…</span>
        </div>
      </section>
    );
  }
  const noSlot = reason === 'no-slot';
  return (
    <section className="page narrow">
      <title>Book an appointment · CareSlot</title>
      <h1>Book an appointment</h1>
      <Alert tone={noSlot ? 'warning' : 'error'} title={noSlot ? 'Choose a time first' : 'We could not load this doctor'}>
        <p>
          {noSlot ? "Pick a free slot on the doctor's profile to start booking." : 'Please try again in a moment.'}{' '}
          <Link to={profilePath}>Back to the profile</Link>
        </p>
      </Alert>
    </section>
  );
}
