import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { PAYOUT_STATUSES, PAYOUT_STATUS_LABELS } from '@careslot/contracts/payouts';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { SelectField } from '../../../components/ui/field';
import { Pagination } from '../../../components/ui/pagination';
import { retryPayout, staffPayouts, startPayoutRun } from '../api/staff-api';
import { AdminShell, useStaffCan } from '../components/admin-shell';
import styles from '../components/admin.module.css';

const SYMBOL: Record<string, string> = { GBP: '£', USD: '$' };

/** Payouts (docs/payouts.md): every payout by status; superuser and admin may start a run and retry a failed one. */
export default function AdminPayoutsPage() {
  const [status, setStatus] = useState('');
  const [page, setPage] = useState(1);
  const canManage = useStaffCan('managePayouts');
  const qc = useQueryClient();
  const q = useQuery({ queryKey: ['staff', 'payouts', status, page], queryFn: () => staffPayouts(status, page) });
  const refresh = () => qc.invalidateQueries({ queryKey: ['staff', 'payouts'] });
  const run = useMutation({ mutationFn: startPayoutRun, onSuccess: refresh });
  const retry = useMutation({ mutationFn: retryPayout, onSuccess: refresh });
  const rows = q.data?.payouts ?? [];
  return (
    <AdminShell title="Payouts">
      <p>
        Providers are paid their available balance on their schedule. A failed payout is retried when the provider changes their primary
        account, or here.
      </p>
      <div className={styles.filters}>
        <SelectField
          label="Status"
          value={status}
          onChange={(e) => {
            setStatus(e.target.value);
            setPage(1);
          }}
        >
          <option value="">All</option>
          {PAYOUT_STATUSES.map((s) => (
            <option key={s} value={s}>
              {PAYOUT_STATUS_LABELS[s]}
            </option>
          ))}
        </SelectField>
        {canManage && (
          <Button loading={run.isPending} onClick={() => run.mutate()}>
            Pay everything due now
          </Button>
        )}
      </div>
      {run.isSuccess && (
        <p role="status">
          Run done: {run.data.released} bookings became available, {run.data.created} payouts made, {run.data.sent} sent.
        </p>
      )}
      {run.isError && <Alert tone="error">{run.error.message}</Alert>}
      {retry.isError && <Alert tone="error">{retry.error.message}</Alert>}
      {retry.isSuccess && (
        <p role="status">
          Retried: a new payout of {retry.data.payout.amount} {retry.data.payout.currency} is on its way.
        </p>
      )}
      {q.error && <Alert tone="error">{q.error.message}</Alert>}
      {q.data && rows.length === 0 && (
        <p>No payouts {status ? `with the status ${PAYOUT_STATUS_LABELS[status as keyof typeof PAYOUT_STATUS_LABELS]}` : 'yet'}.</p>
      )}
      {rows.length > 0 && (
        <div className={styles.tableWrap} tabIndex={0} role="region" aria-label="Payouts table">
          <table className={styles.table}>
            <thead>
              <tr>
                <th scope="col">Created</th>
                <th scope="col">Provider</th>
                <th scope="col">Amount</th>
                <th scope="col">Status</th>
                <th scope="col">To account</th>
                <th scope="col">Arrival</th>
                {canManage && <th scope="col">Action</th>}
              </tr>
            </thead>
            <tbody>
              {rows.map((p) => (
                <tr key={p.id}>
                  <td style={{ whiteSpace: 'nowrap' }}>{p.created_at.slice(0, 16).replace('T', ' ')}</td>
                  <td>{p.provider_name}</td>
                  <td style={{ whiteSpace: 'nowrap' }}>
                    {SYMBOL[p.currency] ?? ''}
                    {p.amount}
                  </td>
                  <td>
                    {PAYOUT_STATUS_LABELS[p.status]}
                    {p.failure_reason && <div>{p.failure_reason}</div>}
                  </td>
                  <td>{p.destination}</td>
                  <td style={{ whiteSpace: 'nowrap' }}>{p.arrival_date ?? '—'}</td>
                  {canManage && (
                    <td>
                      {p.status === 'failed' && (
                        <Button
                          variant="secondary"
                          loading={retry.isPending && retry.variables === p.id}
                          onClick={() => retry.mutate(p.id)}
                          aria-label={`Retry the payout to ${p.provider_name}`}
                        >
                          Retry
                        </Button>
                      )}
                    </td>
                  )}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {q.data && <Pagination page={q.data.current_page} totalPages={q.data.total_pages} onPage={setPage} label="Payout pages" />}
    </AdminShell>
  );
}
