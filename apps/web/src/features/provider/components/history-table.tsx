import { useState } from 'react';
import {
  HISTORY_MONTHS,
  HISTORY_SORTS,
  cancelQuestion,
  historyMessages,
  rowNumber,
  validateHistoryFilters,
  type HistoryRow,
} from '@careslot/contracts/appointments';
import { currencySymbol, orNA } from '@careslot/contracts/money';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { SelectField, TextAreaField, TextField } from '../../../components/ui/field';
import { useCancelAppointment, useMarkNoShow, type HistoryFilters } from '../api/history-api';
import type { ProviderIdentity } from '../api/provider-api';
import { StatusBadge } from './bits';
import ws from './workspace.module.css';

/** Sort, payment method, month and year; Submit applies them from page 1 (a month needs a year; years are 1000–9999). */
export function HistoryFiltersForm({ initial, onSubmit }: { initial: HistoryFilters; onSubmit: (f: HistoryFilters) => void }) {
  const [draft, setDraft] = useState(initial);
  const [error, setError] = useState<{ field: 'month' | 'year'; message: string } | null>(null);
  const set = (patch: Partial<HistoryFilters>) => {
    setDraft((d) => ({ ...d, ...patch }));
    // The month and year are checked together, so editing either one clears their message until the next Submit.
    if ('month' in patch || 'year' in patch) setError(null);
  };
  return (
    <form
      className={ws.filters}
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        const invalid = validateHistoryFilters(draft);
        setError(invalid);
        if (!invalid) onSubmit({ ...draft, year: draft.year.trim() });
      }}
    >
      <SelectField label="Sort" value={draft.sort} onChange={(e) => set({ sort: e.target.value as HistoryFilters['sort'] })}>
        {HISTORY_SORTS.map((s) => (
          <option key={s.value} value={s.value}>
            {s.label}
          </option>
        ))}
      </SelectField>
      <SelectField
        label="Payment method"
        value={draft.payment_method}
        onChange={(e) => set({ payment_method: e.target.value as HistoryFilters['payment_method'] })}
      >
        <option value="">All</option>
        <option value="stripe">stripe</option>
        <option value="paypal">paypal</option>
      </SelectField>
      <SelectField
        label="Month"
        value={draft.month}
        error={error?.field === 'month' ? error.message : undefined}
        onChange={(e) => set({ month: e.target.value })}
      >
        <option value="">Any</option>
        {HISTORY_MONTHS.map((m) => (
          <option key={m} value={m}>
            {m}
          </option>
        ))}
      </SelectField>
      <TextField
        label="Year"
        inputMode="numeric"
        maxLength={4}
        value={draft.year}
        error={error?.field === 'year' ? error.message : undefined}
        onChange={(e) => set({ year: e.target.value })}
      />
      <Button type="submit">Submit</Button>
    </form>
  );
}

const amountOf = (r: HistoryRow) => `${currencySymbol(r.doctor_region)}${r.amount || '0.00'}`;

/** The cancellation question with an optional reason; Close or Confirm Cancel. On success the list reloads and it closes. */
export function CancelDialog({ who, row, onClose }: { who: ProviderIdentity; row: HistoryRow | null; onClose: () => void }) {
  const cancel = useCancelAppointment(who);
  const [reason, setReason] = useState('');
  const close = () => {
    if (cancel.isPending) return;
    cancel.reset();
    setReason('');
    onClose();
  };
  return (
    <Dialog
      open={!!row}
      onOpenChange={(o) => !o && close()}
      size="medium"
      title="Cancel appointment"
      description={row ? cancelQuestion(orNA(row.user_name), row.date, row.start_time) : undefined}
      footer={
        <>
          <Button variant="secondary" onClick={close} disabled={cancel.isPending}>
            Close
          </Button>
          <Button
            variant="danger"
            loading={cancel.isPending}
            onClick={async () => {
              try {
                await cancel.mutateAsync({ row: row!, reason });
                setReason('');
                cancel.reset();
                onClose();
              } catch {
                // The message is shown in the dialog.
              }
            }}
          >
            Confirm Cancel
          </Button>
        </>
      }
    >
      <TextAreaField
        label="Reason (optional)"
        hint="The patient receives it in the cancellation e-mail, with their full refund."
        rows={3}
        maxLength={500}
        value={reason}
        onChange={(e) => setReason(e.target.value)}
      />
      {cancel.isError && (
        <div style={{ marginTop: 'var(--space-3)' }}>
          <Alert tone="error">{cancel.error.message}</Alert>
        </div>
      )}
    </Dialog>
  );
}

/** # (row number), User name, Date, Time, Amount, Status, Action: Cancel on a booked appointment to come, else 'Not Allowed'. */
export function HistoryTable({
  who,
  rows,
  page,
  onCancel,
}: {
  who: ProviderIdentity;
  rows: HistoryRow[];
  page: number;
  onCancel: (r: HistoryRow) => void;
}) {
  const noShow = useMarkNoShow(who);
  return (
    <>
      {noShow.isError && <Alert tone="error">{noShow.error.message}</Alert>}
      <table className={ws.table}>
        <thead>
          <tr>
            <th scope="col">#</th>
            <th scope="col">User name</th>
            <th scope="col">Date</th>
            <th scope="col">Time</th>
            <th scope="col">Amount</th>
            <th scope="col">Status</th>
            <th scope="col">Action</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((r, i) => (
            <tr key={r.id}>
              <td data-label="#">{rowNumber(page, i)}</td>
              <td data-label="User name">{orNA(r.user_name)}</td>
              <td data-label="Date">{orNA(r.date)}</td>
              <td data-label="Time">{orNA(r.start_time)}</td>
              <td data-label="Amount">{amountOf(r)}</td>
              <td data-label="Status">
                <StatusBadge status={r.status} />
              </td>
              <td data-label="Action">
                {r.can_cancel ? (
                  <Button
                    variant="danger"
                    onClick={() => onCancel(r)}
                    aria-label={`Cancel the appointment with ${orNA(r.user_name)} on ${r.date} at ${r.start_time}`}
                  >
                    Cancel
                  </Button>
                ) : r.can_mark_no_show ? (
                  <Button
                    variant="secondary"
                    loading={noShow.isPending && noShow.variables?.id === r.id}
                    onClick={() => noShow.mutate(r)}
                    aria-label={`Mark ${orNA(r.user_name)} on ${r.date} at ${r.start_time} as a no-show`}
                  >
                    Mark No Show
                  </Button>
                ) : (
                  <span className={ws.notAllowed}>{historyMessages.notAllowed}</span>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </>
  );
}
