import { useState } from 'react';
import type { HistoryRow } from '@careslot/contracts/appointments';
import { Alert } from '../../../components/ui/alert';
import { Pagination } from '../../../components/ui/pagination';
import { useHistory, type HistoryFilters } from '../api/history-api';
import { EmptyState, Loading, PageHeader } from '../components/bits';
import { CancelDialog, HistoryFiltersForm, HistoryTable } from '../components/history-table';
import { useProviderWorkspace } from '../components/provider-context';
import ws from '../components/workspace.module.css';

const initialFilters: HistoryFilters = { sort: 'desc', payment_method: '', month: '', year: '' };

/** /doctor/appointment-history: Booked History with its filters, 5 rows a page, and cancellation. */
export default function AppointmentHistoryPage() {
  const { who } = useProviderWorkspace();
  const [filters, setFilters] = useState(initialFilters);
  const [page, setPage] = useState(1);
  const [cancelling, setCancelling] = useState<HistoryRow | null>(null);
  const history = useHistory(who, filters, page);
  const filtered = filters.payment_method || filters.month || filters.year;
  return (
    <>
      <PageHeader title="Booked History" lead="Appointments patients booked and paid for, newest first." />
      <div className={ws.sections}>
        <section className={ws.card} aria-labelledby="history-filters">
          <h2 id="history-filters" className="visually-hidden">
            Filters
          </h2>
          <HistoryFiltersForm
            initial={initialFilters}
            onSubmit={(f) => {
              setFilters(f);
              setPage(1);
            }}
          />
        </section>
        <section className={ws.card} aria-labelledby="history-list" aria-busy={history.isFetching || undefined}>
          <h2 id="history-list" className="visually-hidden">
            Appointments
          </h2>
          {history.isPending ? (
            <Loading label="Loading your appointments…" />
          ) : history.isError ? (
            <Alert tone="error">{history.error.message}</Alert>
          ) : history.data.appointments.length === 0 ? (
            <EmptyState title={filtered ? 'No appointments match these filters' : 'No appointments yet'}>
              <p>
                {filtered ? 'Try another month, year or payment method.' : 'When patients book and pay for your slots, they appear here.'}
              </p>
            </EmptyState>
          ) : (
            <>
              <HistoryTable who={who} rows={history.data.appointments} page={history.data.current_page} onCancel={setCancelling} />
              <div className={ws.pager}>
                <Pagination page={history.data.current_page} totalPages={history.data.total_pages} onPage={setPage} label="History pages" />
              </div>
            </>
          )}
        </section>
      </div>
      <CancelDialog who={who} row={cancelling} onClose={() => setCancelling(null)} />
    </>
  );
}
