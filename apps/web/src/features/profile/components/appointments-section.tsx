import { useState } from 'react';
import { Link } from 'react-router';
import type { Appointment } from '@careslot/contracts/patients';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { paths } from '../../../lib/paths';
import { useAppointments } from '../api/profile-api';
import { CancelAppointmentDialog } from './cancel-appointment-dialog';
import { freeUntilText } from './cancel-terms';
import { RescheduleDialog } from './reschedule-dialog';
import styles from './profile.module.css';

const CURRENCY_SYMBOL: Record<string, string> = { GBP: '£', USD: '$' };

function whenParts(a: Appointment) {
  const start = new Date(a.starts_at);
  const end = new Date(a.ends_at);
  const opts = { timeZone: a.time_zone };
  return {
    day: start.toLocaleDateString('en-GB', { ...opts, day: 'numeric' }),
    month: start.toLocaleDateString('en-GB', { ...opts, month: 'short' }),
    date: start.toLocaleDateString('en-GB', { ...opts, weekday: 'long', day: 'numeric', month: 'long', year: 'numeric' }),
    time: `${start.toLocaleTimeString('en-US', { ...opts, hour: 'numeric', minute: '2-digit' })} - ${end.toLocaleTimeString('en-US', {
      ...opts,
      hour: 'numeric',
      minute: '2-digit',
    })}`,
  };
}

function statusClass(status: string): string {
  if (status === 'Booked') return `${styles.status} ${styles.statusBooked}`;
  if (status.startsWith('Cancelled')) return `${styles.status} ${styles.statusCancelled}`;
  return styles.status!;
}

function AppointmentItem({
  a,
  onCancel,
  onMove,
}: {
  a: Appointment;
  onCancel: (a: Appointment) => void;
  onMove: (a: Appointment) => void;
}) {
  const w = whenParts(a);
  return (
    <li className={styles.appointment}>
      <div className={styles.when} aria-hidden="true">
        <span className={styles.whenDay}>{w.day}</span>
        <span className={styles.whenMonth}>{w.month}</span>
      </div>
      <div>
        <h3 className={styles.apptTitle}>{a.doctor_name}</h3>
        <p className={styles.apptMeta}>{a.speciality ?? 'No speciality information available'}</p>
        <p className={styles.apptMeta}>
          {w.date}, {w.time}
        </p>
        <p className={styles.apptMeta}>
          {a.hospital_name}, {a.hospital_location}
        </p>
        <p className={styles.apptMeta}>
          {CURRENCY_SYMBOL[a.currency] ?? ''}
          {a.amount.toFixed(2)} · {a.payment_method === 'paypal' ? 'PayPal' : 'Card'}
        </p>
        <span className={statusClass(a.status)}>{a.status}</span>
        {a.status === 'Booked' && a.reminders.length > 0 && (
          <p className={styles.apptMeta}>
            Reminders:{' '}
            {a.reminders
              .map(
                (r) =>
                  `${r.kind === '7d' ? 'a week before' : 'a day before'} by e-mail (${
                    r.sent
                      ? 'sent'
                      : `due ${new Date(r.due_at).toLocaleString('en-GB', { timeZone: a.time_zone, dateStyle: 'medium', timeStyle: 'short' })}`
                  })`,
              )
              .join(', ')}
          </p>
        )}
        {a.cancellation && (
          <div className={styles.apptActions}>
            <p className={styles.apptMeta}>
              {a.cancellation.refundable
                ? `Free cancellation until ${freeUntilText(a.cancellation.free_until, a.time_zone)}`
                : 'The free cancellation period has ended'}
            </p>
            {a.cancellation.refundable && (
              <Button
                variant="secondary"
                onClick={() => onMove(a)}
                aria-label={`Reschedule appointment with ${a.doctor_name} on ${w.date}`}
              >
                Reschedule
              </Button>
            )}
            <Button variant="secondary" onClick={() => onCancel(a)} aria-label={`Cancel appointment with ${a.doctor_name} on ${w.date}`}>
              Cancel appointment
            </Button>
          </div>
        )}
      </div>
    </li>
  );
}

/**
 * Upcoming and past appointments from GET /user/user-appointments/{userId}/.
 * The booking area extends this screen (e.g. the ride-hailing prompt after payment) from the profile page.
 */
export function AppointmentsSection({ userId }: { userId: string }) {
  const query = useAppointments(userId);
  const [tab, setTab] = useState<'upcoming' | 'past'>('upcoming');
  const list = query.data ? query.data[tab] : [];
  const [cancelling, setCancelling] = useState<Appointment | null>(null);
  const [moving, setMoving] = useState<Appointment | null>(null);

  return (
    <section className={styles.card} aria-labelledby="appointments-title">
      <h2 id="appointments-title" className={styles.cardTitle}>
        Appointments
      </h2>
      <div role="tablist" aria-label="Appointments" className={styles.tabs}>
        {(['upcoming', 'past'] as const).map((t) => (
          <button
            key={t}
            type="button"
            role="tab"
            id={`tab-${t}`}
            aria-selected={tab === t}
            aria-controls="appointments-panel"
            className={styles.tab}
            onClick={() => setTab(t)}
          >
            {t === 'upcoming' ? 'Upcoming' : 'Past'}
            {query.data && <span className={styles.count}>{query.data[t].length}</span>}
          </button>
        ))}
      </div>
      <div id="appointments-panel" role="tabpanel" aria-labelledby={`tab-${tab}`}>
        {query.isPending ? (
          <div className="screen-loading" role="status" style={{ minHeight: 120 }}>
            <div className="spinner" aria-hidden="true" />
            <span className="visually-hidden">Loading appointments</span>
          </div>
        ) : query.isError ? (
          <Alert tone="error">We could not load your appointments. Please refresh the page.</Alert>
        ) : list.length === 0 ? (
          <div className={styles.empty}>
            <p className={styles.emptyTitle}>{tab === 'upcoming' ? 'No upcoming appointments' : 'No past appointments yet'}</p>
            <p>
              {tab === 'upcoming'
                ? 'Find a doctor or dentist near you and book a time that suits you.'
                : 'Appointments you have had will appear here.'}
            </p>
            {tab === 'upcoming' && (
              <Link to={paths.home} className="button">
                Find a provider
              </Link>
            )}
          </div>
        ) : (
          <ul className={styles.list}>
            {list.map((a) => (
              <AppointmentItem key={a.id} a={a} onCancel={setCancelling} onMove={setMoving} />
            ))}
          </ul>
        )}
      </div>
      <CancelAppointmentDialog userId={userId} appointment={cancelling} onClose={() => setCancelling(null)} />
      <RescheduleDialog userId={userId} appointment={moving} onClose={() => setMoving(null)} />
    </section>
  );
}
