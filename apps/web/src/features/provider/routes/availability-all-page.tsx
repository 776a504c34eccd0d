import { useState } from 'react';
import { Link } from 'react-router';
import { AVAILABILITY_PAGE_SIZE } from '@careslot/contracts/availability';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { SelectField } from '../../../components/ui/field';
import { Pagination } from '../../../components/ui/pagination';
import { paths } from '../../../lib/paths';
import { useSlots } from '../api/availability-api';
import { EmptyState, Loading, PageHeader } from '../components/bits';
import { useProviderWorkspace } from '../components/provider-context';
import { RulesCard } from '../components/rules-card';
import { SlotTable, WeekView, WithdrawDialog, addDaysIso, mondayOf, todayIn, useWithdrawTarget } from '../components/slot-views';
import styles from '../components/availability.module.css';
import ws from '../components/workspace.module.css';

/** /doctor/availability/all: the slots as a week or a list, by clinic; withdraw free ones; the rules behind them. */
export default function AvailabilityAllPage() {
  const { who, profile } = useProviderWorkspace();
  const zone = profile.hospital_details[0]?.time_zone ?? 'Europe/London';
  const [view, setView] = useState<'week' | 'list'>('week');
  const [clinic, setClinic] = useState('');
  const [monday, setMonday] = useState(() => mondayOf(todayIn(zone)));
  const [page, setPage] = useState(1);
  const [target, setTarget] = useWithdrawTarget();
  const slots = useSlots(
    who,
    view === 'week'
      ? { from: monday, to: addDaysIso(monday, 6), page_size: 500, hospital_id: clinic }
      : { page, page_size: AVAILABILITY_PAGE_SIZE, hospital_id: clinic },
  );

  return (
    <>
      <PageHeader
        title="All Availabilities"
        lead="Every slot patients can book, and those taken. Select a free slot to withdraw it."
        actions={
          <Link className="button" to={paths.providerAvailabilityNew}>
            Add New Availability
          </Link>
        }
      />
      <section className={ws.card} aria-labelledby="slots-title">
        <h2 id="slots-title" className="visually-hidden">
          Slots
        </h2>
        <div className={styles.toolbar}>
          <div className={styles.viewSwitch} role="group" aria-label="View">
            <button type="button" aria-pressed={view === 'week'} onClick={() => setView('week')}>
              Week
            </button>
            <button
              type="button"
              aria-pressed={view === 'list'}
              onClick={() => {
                setView('list');
                setPage(1);
              }}
            >
              List
            </button>
          </div>
          <div style={{ minWidth: 220 }}>
            <SelectField
              label="Clinic"
              value={clinic}
              onChange={(e) => {
                setClinic(e.target.value);
                setPage(1);
              }}
            >
              <option value="">All clinics</option>
              {profile.hospital_details.map((c) => (
                <option key={c.hospital_id} value={c.hospital_id}>
                  {c.hospital_name}
                </option>
              ))}
            </SelectField>
          </div>
          {view === 'week' && (
            <div className={styles.weekNav}>
              <Button variant="secondary" onClick={() => setMonday(addDaysIso(monday, -7))} aria-label="Previous week">
                ‹ Prev
              </Button>
              <p className={styles.weekLabel} aria-live="polite">
                {monday.split('-').reverse().join('/')} – {addDaysIso(monday, 6).split('-').reverse().join('/')}
              </p>
              <Button variant="secondary" onClick={() => setMonday(addDaysIso(monday, 7))} aria-label="Next week">
                Next ›
              </Button>
              <Button variant="ghost" onClick={() => setMonday(mondayOf(todayIn(zone)))}>
                This week
              </Button>
            </div>
          )}
        </div>
        {slots.isPending ? (
          <Loading label="Loading your slots…" />
        ) : slots.isError ? (
          <Alert tone="error">{slots.error.message}</Alert>
        ) : view === 'week' ? (
          <WeekView
            monday={monday}
            rows={slots.data.availabilities}
            planned={slots.data.planned}
            horizonUntil={slots.data.horizon_until}
            onWithdraw={setTarget}
          />
        ) : slots.data.total === 0 ? (
          <EmptyState title="No slots yet">
            <p>Publish your hours and your slots appear here, ready for patients to book.</p>
            <Link className="button" to={paths.providerAvailabilityNew}>
              Add New Availability
            </Link>
          </EmptyState>
        ) : (
          <>
            <SlotTable rows={slots.data.availabilities} onWithdraw={setTarget} />
            <div className={ws.pager}>
              <Pagination page={slots.data.current_page} totalPages={slots.data.total_pages} onPage={setPage} label="Slot pages" />
            </div>
          </>
        )}
      </section>
      <div style={{ marginTop: 'var(--space-5)' }}>
        <RulesCard who={who} />
      </div>
      <WithdrawDialog who={who} slot={target} onClose={() => setTarget(null)} />
    </>
  );
}
