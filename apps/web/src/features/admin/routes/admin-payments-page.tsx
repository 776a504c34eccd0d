import { useState, type FormEvent } from 'react';
import { useQuery } from '@tanstack/react-query';
import { HISTORY_MONTHS, HISTORY_SORTS, validateHistoryFilters } from '@careslot/contracts/appointments';
import { staffMessages } from '@careslot/contracts/staff';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { SelectField, TextField } from '../../../components/ui/field';
import { Pagination } from '../../../components/ui/pagination';
import { allPayments, paymentsCsv, paymentsHistory, type PaymentFilters } from '../api/staff-api';
import { AdminShell } from '../components/admin-shell';
import { fillPrintWindow, HISTORY_COLUMNS, historyCells } from '../components/print-history';
import styles from '../components/admin.module.css';

const EMPTY: PaymentFilters = { sort: 'desc', payment_method: '', month: '', year: '' };

function describe(f: PaymentFilters): string {
  const parts = [
    HISTORY_SORTS.find((s) => s.value === f.sort)?.label ?? 'Latest to Oldest',
    f.payment_method ? `payment method ${f.payment_method}` : 'all payment methods',
    f.month ? `month ${f.month}` : null,
    f.year ? `year ${f.year}` : null,
  ];
  return `Filters: ${parts.filter(Boolean).join(', ')}.`;
}

/** Appointment History (docs/staff-admin.md): filters, 5 rows a page, Print and a CSV download. */
export default function AdminPaymentsPage() {
  const [draft, setDraft] = useState(EMPTY);
  const [filters, setFilters] = useState(EMPTY);
  const [page, setPage] = useState(1);
  const [error, setError] = useState<{ field: 'month' | 'year'; message: string } | null>(null);
  const [busy, setBusy] = useState<'print' | 'csv' | null>(null);
  const q = useQuery({ queryKey: ['staff', 'payments', filters, page], queryFn: () => paymentsHistory(filters, page) });

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const invalid = validateHistoryFilters(draft);
    setError(invalid);
    if (invalid) return;
    setFilters(draft);
    setPage(1);
  };
  const print = async () => {
    const w = window.open('', '_blank');
    if (!w) return;
    setBusy('print');
    try {
      fillPrintWindow(w, await allPayments(filters), describe(filters));
    } catch {
      w.close();
    } finally {
      setBusy(null);
    }
  };
  const csv = async () => {
    setBusy('csv');
    try {
      const blob = await paymentsCsv(filters);
      const url = URL.createObjectURL(blob);
      const a = document.createElement('a');
      a.href = url;
      a.download = 'appointment-history.csv';
      a.click();
      setTimeout(() => URL.revokeObjectURL(url), 1000);
    } finally {
      setBusy(null);
    }
  };

  const rows = q.data?.appointments ?? [];
  return (
    <AdminShell title="Appointment History">
      <form className={styles.filters} onSubmit={submit} noValidate>
        <SelectField label="Sort" value={draft.sort} onChange={(e) => setDraft({ ...draft, sort: e.target.value })}>
          {HISTORY_SORTS.map((s) => (
            <option key={s.value} value={s.value}>
              {s.label}
            </option>
          ))}
        </SelectField>
        <SelectField
          label="Payment method"
          value={draft.payment_method}
          onChange={(e) => setDraft({ ...draft, payment_method: e.target.value })}
        >
          <option value="">All</option>
          <option value="stripe">stripe</option>
          <option value="paypal">paypal</option>
        </SelectField>
        <SelectField
          label="Month"
          value={draft.month}
          error={error?.field === 'month' ? error.message : undefined}
          onChange={(e) => setDraft({ ...draft, month: e.target.value })}
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
          value={draft.year}
          error={error?.field === 'year' ? error.message : undefined}
          onChange={(e) => setDraft({ ...draft, year: e.target.value })}
        />
        <Button type="submit">Submit</Button>
        <Button variant="secondary" loading={busy === 'print'} onClick={() => void print()}>
          Print
        </Button>
        <Button variant="secondary" loading={busy === 'csv'} onClick={() => void csv()}>
          Download CSV
        </Button>
      </form>
      {q.error && <Alert tone="error">{q.error.message}</Alert>}
      {q.data && rows.length === 0 && <p>{staffMessages.noHistory}</p>}
      {rows.length > 0 && (
        <div className={styles.tableWrap} tabIndex={0} role="region" aria-label="Appointment History table">
          <table className={styles.table}>
            <thead>
              <tr>
                {HISTORY_COLUMNS.map((c) => (
                  <th key={c} scope="col">
                    {c}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {rows.map((r, i) => (
                <tr key={r.id}>
                  {historyCells(r, page, i).map((cell, j) => (
                    <td key={j}>{cell}</td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {q.data && <Pagination page={q.data.current_page} totalPages={q.data.total_pages} onPage={setPage} label="History pages" />}
    </AdminShell>
  );
}
