import { Link } from 'react-router';
import type { HistoryRow } from '@careslot/contracts/appointments';
import { currencySymbol, orNA } from '@careslot/contracts/money';
import type { Dashboard } from '@careslot/contracts/provider-workspace';
import { Alert } from '../../../components/ui/alert';
import { paths } from '../../../lib/paths';
import { EmptyState, StatusBadge } from './bits';
import styles from './workspace.module.css';

const CURRENCY_SYMBOL: Record<string, string> = { GBP: '£', USD: '$' };

function AppointmentList({ rows, empty }: { rows: HistoryRow[]; empty: string }) {
  if (rows.length === 0) return <p className={styles.muted}>{empty}</p>;
  return (
    <ul className={styles.list}>
      {rows.map((r) => (
        <li key={r.id} className={styles.item}>
          <div className={styles.itemMain}>
            <p className={styles.itemTitle}>{orNA(r.user_name)}</p>
            <p className={styles.itemMeta}>
              {r.date}, {r.start_time} – {r.end_time} · {r.hospital_name}
            </p>
          </div>
          <StatusBadge status={r.status} />
        </li>
      ))}
    </ul>
  );
}

/** The dashboard's sections; a new provider sees their first steps instead of empty numbers. */
export function DashboardView({ data, region }: { data: Dashboard; region: string }) {
  const isNew = data.setup.rules === 0;
  return (
    <div className={styles.stack}>
      {!data.verified && (
        <Alert tone="warning" title="Your registration is being checked">
          <p>
            Your account is {data.verification_status}. You can set everything up now; patients will find and book you once your
            professional registration is verified.
          </p>
        </Alert>
      )}
      {data.calendar_clashes.length > 0 && (
        <Alert tone="warning" title="Booked appointments at times your calendar says you are busy">
          <ul>
            {data.calendar_clashes.map((c) => (
              <li key={`${c.date} ${c.start_time}`}>
                {c.date}, {c.start_time} – {c.end_time} (busy in {c.calendar_name})
              </li>
            ))}
          </ul>
          <p>
            They stay booked. Keep them, or cancel them from <Link to={paths.providerAppointmentHistory}>Booked History</Link>; your{' '}
            <Link to={paths.providerCalendar}>Calendar settings</Link> show where the busy times come from.
          </p>
        </Alert>
      )}
      {isNew && (
        <section className={styles.card} aria-labelledby="first-steps">
          <h2 id="first-steps" className={styles.cardTitle}>
            Get ready for your first patients
          </h2>
          <ol className={styles.list}>
            <li className={styles.item}>
              <span>
                <strong>Publish your hours.</strong> Add weekly hours or a single day; slots are created from them.
              </span>
              <Link className="button" to={paths.providerAvailabilityNew}>
                Add availability
              </Link>
            </li>
            {data.setup.bank_accounts === 0 && (
              <li className={styles.item}>
                <span>
                  <strong>Add a bank account</strong> so we know where to pay you.
                </span>
                <Link className="button secondary" to={paths.providerBankAccount}>
                  Add bank account
                </Link>
              </li>
            )}
            <li className={styles.item}>
              <span>
                <strong>Complete your profile:</strong> photo, bio, languages and fees.
              </span>
              <Link className="button secondary" to={paths.providerProfile}>
                Edit profile
              </Link>
            </li>
          </ol>
        </section>
      )}
      <section className={styles.card} aria-labelledby="this-week">
        <h2 id="this-week" className="visually-hidden">
          This week and this month
        </h2>
        <div className={styles.stats}>
          <div className={styles.stat}>
            <span className={styles.statValue}>{data.today.length}</span>
            <span className={styles.statLabel}>Appointments today</span>
          </div>
          <div className={styles.stat}>
            <span className={styles.statValue}>{data.week.bookings}</span>
            <span className={styles.statLabel}>Bookings this week</span>
          </div>
          <div className={styles.stat}>
            <span className={styles.statValue}>{data.week.cancellations}</span>
            <span className={styles.statLabel}>Cancellations this week</span>
          </div>
          <div className={styles.stat}>
            <span className={styles.statValue}>
              {data.month_earnings.length === 0
                ? `${currencySymbol(region)}0.00`
                : data.month_earnings.map((e) => `${CURRENCY_SYMBOL[e.currency] ?? currencySymbol(region)}${e.amount}`).join(' + ')}
            </span>
            <span className={styles.statLabel}>Earnings this month</span>
          </div>
        </div>
      </section>
      <div className={styles.grid2}>
        <section className={styles.card} aria-labelledby="today">
          <h2 id="today" className={styles.cardTitle}>
            Today, {data.today_date}
          </h2>
          <AppointmentList rows={data.today} empty="No appointments today." />
        </section>
        <section className={styles.card} aria-labelledby="next">
          <h2 id="next" className={styles.cardTitle}>
            Next appointments
          </h2>
          <AppointmentList rows={data.upcoming} empty="Nothing booked after today yet." />
          <p style={{ marginTop: 'var(--space-3)', marginBottom: 0 }}>
            <Link to={paths.providerAppointmentHistory}>See all in Booked History</Link>
          </p>
        </section>
      </div>
      <section className={styles.card} aria-labelledby="next-free">
        <h2 id="next-free" className={styles.cardTitle}>
          Next free slot
        </h2>
        {data.next_free_slot ? (
          <p style={{ margin: 0 }}>
            <strong>
              {data.next_free_slot.date}, {data.next_free_slot.start_time} – {data.next_free_slot.end_time}
            </strong>{' '}
            at {data.next_free_slot.hospital_name}
          </p>
        ) : (
          <EmptyState title="No free slots">
            <p>Patients cannot book you until you publish some hours.</p>
            <Link className="button" to={paths.providerAvailabilityNew}>
              Add availability
            </Link>
          </EmptyState>
        )}
      </section>
    </div>
  );
}
