import { useState, type FormEvent } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { SelectField, TextField } from '../../../components/ui/field';
import { reconciliation } from '../api/staff-api';
import { AdminShell } from '../components/admin-shell';
import styles from '../components/admin.module.css';

const today = () => new Date().toISOString().slice(0, 10);

/** The day's reconciliation per currency (docs/payouts.md): captured − refunded − fees − paid out against the balances. */
export default function AdminReconciliationPage() {
  const [draft, setDraft] = useState({ date: today(), currency: 'GBP' });
  const [shown, setShown] = useState(draft);
  const q = useQuery({ queryKey: ['staff', 'reconciliation', shown], queryFn: () => reconciliation(shown.date, shown.currency) });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    setShown(draft);
  };
  const r = q.data;
  const figures: [string, string | undefined][] = r
    ? [
        ['Captured', r.captured],
        ['Refunded', r.refunded],
        ['Fees', r.fees],
        ['Paid out', r.paid_out],
        ['Expected change in balances', r.expected_change],
        ['Change in providers’ balances', r.balance_change],
      ]
    : [];
  return (
    <AdminShell title="Reconciliation">
      <p>
        For one day (UTC): what was captured, less refunds, platform fees and payouts, must equal how much the providers’ balances changed.
      </p>
      <form className={styles.filters} onSubmit={submit} noValidate>
        <TextField label="Day" type="date" value={draft.date} onChange={(e) => setDraft({ ...draft, date: e.target.value })} />
        <SelectField label="Currency" value={draft.currency} onChange={(e) => setDraft({ ...draft, currency: e.target.value })}>
          <option value="GBP">GBP</option>
          <option value="USD">USD</option>
        </SelectField>
        <Button type="submit">Show</Button>
      </form>
      {q.error && <Alert tone="error">{q.error.message}</Alert>}
      {q.isPending && <p role="status">Loading…</p>}
      {r && (
        <>
          {r.balanced ? (
            <Alert tone="success" title="Balanced">
              <p>
                {r.date}, {r.currency}: every entry sums to zero and the balances moved by exactly what was captured, refunded, charged and
                paid out.
              </p>
            </Alert>
          ) : (
            <Alert tone="error" title="Not balanced">
              <p>
                {r.date}, {r.currency}: the difference is {r.difference}
                {r.entries_balanced ? '.' : ', and some entry does not sum to zero.'}
              </p>
            </Alert>
          )}
          <div className={styles.cards}>
            {figures.map(([label, value]) => (
              <div key={label} className={styles.card}>
                <div>{label}</div>
                <div className={styles.figure}>
                  {r.currency} {value}
                </div>
              </div>
            ))}
          </div>
        </>
      )}
    </AdminShell>
  );
}
