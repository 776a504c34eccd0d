import { useState } from 'react';
import { PAYOUT_SCHEDULES, PAYOUT_STATUS_LABELS, type PayoutSchedule, type PayoutStatus } from '@careslot/contracts/payouts';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { SelectField } from '../../../components/ui/field';
import { Pagination } from '../../../components/ui/pagination';
import { statementCsv, useEarnings, usePayouts, useSaveSchedule, wholeStatement, type StatementMonth } from '../api/earnings-api';
import { EmptyState, Loading, PageHeader, StatusBadge } from '../components/bits';
import { fillStatementWindow, STATEMENT_COLUMNS } from '../components/print-statement';
import { useProviderWorkspace } from '../components/provider-context';
import ws from '../components/workspace.module.css';

const SYMBOL: Record<string, string> = { GBP: '£', USD: '$' };
const MONTH_NAMES = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];
const SCHEDULE_LABELS: Record<PayoutSchedule, string> = { daily: 'Daily', weekly: 'Weekly, on Mondays', monthly: 'Monthly, on the 1st' };

/** The last 24 months, newest first (UTC, as the statement is). */
function recentMonths(now = new Date()): StatementMonth[] {
  const list: StatementMonth[] = [];
  for (let i = 0; i < 24; i++) {
    const d = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - i, 1));
    list.push({ month: d.getUTCMonth() + 1, year: d.getUTCFullYear() });
  }
  return list;
}
const monthLabel = (m: StatementMonth) => `${MONTH_NAMES[m.month - 1]} ${m.year}`;
const money = (currency: string, amount: string) =>
  amount.startsWith('-') ? `−${SYMBOL[currency] ?? ''}${amount.slice(1)}` : `${SYMBOL[currency] ?? ''}${amount}`;
/** Payout statuses in the badge colours the workspace already uses. */
const PAYOUT_BADGE: Record<PayoutStatus, string> = {
  scheduled: 'Held',
  in_transit: 'Booked',
  paid: 'Completed',
  failed: 'Cancelled by Doctor',
};

/** /doctor/earnings: balances, the payout schedule, a month's statement (CSV, print) and the payouts. */
export default function EarningsPage() {
  const { who, profile } = useProviderWorkspace();
  const months = recentMonths();
  const [when, setWhen] = useState(months[0]!);
  const [page, setPage] = useState(1);
  const [payoutPage, setPayoutPage] = useState(1);
  const [busy, setBusy] = useState<'csv' | 'print' | null>(null);
  const [actionError, setActionError] = useState<string | null>(null);
  const earnings = useEarnings(who, when, page);
  const payouts = usePayouts(who, payoutPage);
  const schedule = useSaveSchedule(who);
  const currency = earnings.data?.currency ?? (who.region === 'usa' ? 'USD' : 'GBP');

  const download = async () => {
    setBusy('csv');
    setActionError(null);
    try {
      const url = URL.createObjectURL(await statementCsv(who, when));
      const a = document.createElement('a');
      a.href = url;
      a.download = `careslot-statement-${when.year}-${String(when.month).padStart(2, '0')}.csv`;
      a.click();
      URL.revokeObjectURL(url);
    } catch (err) {
      setActionError(err instanceof Error ? err.message : 'The statement could not be downloaded.');
    } finally {
      setBusy(null);
    }
  };
  const print = async () => {
    const w = window.open('', '_blank');
    if (!w) return;
    setBusy('print');
    try {
      fillStatementWindow(w, await wholeStatement(who, when), monthLabel(when), `${profile.first_name} ${profile.last_name}`);
    } catch {
      w.close();
      setActionError('The statement could not be printed. Please try again.');
    } finally {
      setBusy(null);
    }
  };

  return (
    <>
      <PageHeader
        title="Earnings"
        lead="What patients paid you, less the platform fee and refunds. Money becomes available 24 hours after an appointment ends and is paid to your primary bank account."
      />
      <div className={ws.sections}>
        <section className={ws.card} aria-labelledby="balances-title" aria-busy={earnings.isFetching || undefined}>
          <h2 id="balances-title" className={ws.cardTitle}>
            Balance
          </h2>
          {earnings.isPending ? (
            <Loading label="Loading your earnings…" />
          ) : earnings.isError ? (
            <Alert tone="error">{earnings.error.message}</Alert>
          ) : (
            <div className={ws.stack}>
              <div className={ws.stats}>
                <div className={ws.stat}>
                  <span className={ws.statValue}>{money(currency, earnings.data.pending)}</span>
                  <span className={ws.statLabel}>Pending</span>
                </div>
                <div className={ws.stat}>
                  <span className={ws.statValue}>{money(currency, earnings.data.available)}</span>
                  <span className={ws.statLabel}>Available to pay out</span>
                </div>
                <div className={ws.stat}>
                  <span className={ws.statValue}>{money(currency, earnings.data.paid_out_this_month)}</span>
                  <span className={ws.statLabel}>Paid out this month</span>
                </div>
              </div>
              <div className={ws.filters}>
                <SelectField
                  label="Payout schedule"
                  hint="Payouts are never below 10.00; a smaller balance waits for the next one."
                  value={earnings.data.schedule}
                  disabled={schedule.isPending}
                  onChange={(e) => schedule.mutate(e.target.value as PayoutSchedule)}
                >
                  {PAYOUT_SCHEDULES.map((s) => (
                    <option key={s} value={s}>
                      {SCHEDULE_LABELS[s]}
                    </option>
                  ))}
                </SelectField>
              </div>
              {schedule.isError && <Alert tone="error">{schedule.error.message}</Alert>}
              {schedule.isSuccess && (
                <p role="status" className={ws.muted}>
                  {schedule.data.message}
                </p>
              )}
            </div>
          )}
        </section>

        <section className={ws.card} aria-labelledby="statement-title">
          <div className={ws.header} style={{ marginBottom: 'var(--space-4)' }}>
            <h2 id="statement-title" className={ws.cardTitle} style={{ margin: 0 }}>
              Statement
            </h2>
            <div className={ws.actions}>
              <Button variant="secondary" loading={busy === 'csv'} onClick={() => void download()}>
                Download CSV
              </Button>
              <Button variant="secondary" loading={busy === 'print'} onClick={() => void print()}>
                Print
              </Button>
            </div>
          </div>
          <div className={ws.filters}>
            <SelectField
              label="Month"
              value={`${when.year}-${when.month}`}
              onChange={(e) => {
                const [y, m] = e.target.value.split('-').map(Number);
                setWhen({ year: y!, month: m! });
                setPage(1);
              }}
            >
              {months.map((m) => (
                <option key={`${m.year}-${m.month}`} value={`${m.year}-${m.month}`}>
                  {monthLabel(m)}
                </option>
              ))}
            </SelectField>
          </div>
          {actionError && <Alert tone="error">{actionError}</Alert>}
          {earnings.isPending ? (
            <Loading label="Loading the statement…" />
          ) : earnings.isError ? (
            <Alert tone="error">{earnings.error.message}</Alert>
          ) : earnings.data.entries.length === 0 ? (
            <EmptyState title={`Nothing in ${monthLabel(when)}`}>
              <p>Payments for your appointments, and any refunds, appear here in the month they happen.</p>
            </EmptyState>
          ) : (
            <>
              <table className={ws.table}>
                <caption className="visually-hidden">Statement for {monthLabel(when)}</caption>
                <thead>
                  <tr>
                    {STATEMENT_COLUMNS.map((c) => (
                      <th key={c} scope="col">
                        {c}
                      </th>
                    ))}
                  </tr>
                </thead>
                <tbody>
                  {earnings.data.entries.map((r, i) => (
                    <tr key={`${r.booking_id}-${r.description}-${i}`}>
                      <td data-label="Date" className={ws.nowrap}>
                        {r.date}
                      </td>
                      <td data-label="Booking reference" style={{ overflowWrap: 'anywhere' }}>
                        {r.booking_id?.slice(0, 8).toUpperCase()}
                      </td>
                      <td data-label="Patient">{r.patient_first_name || '—'}</td>
                      <td data-label="Description">{r.description}</td>
                      <td data-label="Gross" className={ws.nowrap}>
                        {money(currency, r.gross)}
                      </td>
                      <td data-label="Fee" className={ws.nowrap}>
                        {money(currency, r.fee)}
                      </td>
                      <td data-label="Refund" className={ws.nowrap}>
                        {money(currency, r.refund)}
                      </td>
                      <td data-label="Net" className={ws.nowrap}>
                        <strong>{money(currency, r.net)}</strong>
                      </td>
                    </tr>
                  ))}
                </tbody>
                <tfoot>
                  <tr>
                    <td data-label="" colSpan={4}>
                      <strong>Month total</strong>
                    </td>
                    <td data-label="Gross" className={ws.nowrap}>
                      {money(currency, earnings.data.totals.gross)}
                    </td>
                    <td data-label="Fee" className={ws.nowrap}>
                      {money(currency, earnings.data.totals.fee)}
                    </td>
                    <td data-label="Refund" className={ws.nowrap}>
                      {money(currency, earnings.data.totals.refund)}
                    </td>
                    <td data-label="Net" className={ws.nowrap}>
                      <strong>{money(currency, earnings.data.totals.net)}</strong>
                    </td>
                  </tr>
                </tfoot>
              </table>
              <div className={ws.pager}>
                <Pagination
                  page={earnings.data.current_page}
                  totalPages={earnings.data.total_pages}
                  onPage={setPage}
                  label="Statement pages"
                />
              </div>
            </>
          )}
        </section>

        <section className={ws.card} aria-labelledby="payouts-title" aria-busy={payouts.isFetching || undefined}>
          <h2 id="payouts-title" className={ws.cardTitle}>
            Payouts
          </h2>
          {payouts.isPending ? (
            <Loading label="Loading your payouts…" />
          ) : payouts.isError ? (
            <Alert tone="error">{payouts.error.message}</Alert>
          ) : payouts.data.payouts.length === 0 ? (
            <EmptyState title="No payouts yet">
              <p>Once at least 10.00 is available, it is paid to your primary bank account on your schedule.</p>
            </EmptyState>
          ) : (
            <>
              <table className={ws.table}>
                <caption className="visually-hidden">Your payouts, newest first</caption>
                <thead>
                  <tr>
                    <th scope="col">Created</th>
                    <th scope="col">Amount</th>
                    <th scope="col">Status</th>
                    <th scope="col">To account</th>
                    <th scope="col">Arrival</th>
                  </tr>
                </thead>
                <tbody>
                  {payouts.data.payouts.map((p) => (
                    <tr key={p.id}>
                      <td data-label="Created" className={ws.nowrap}>
                        {p.created_at.slice(0, 10)}
                      </td>
                      <td data-label="Amount" className={ws.nowrap}>
                        {money(p.currency, p.amount)}
                      </td>
                      <td data-label="Status">
                        <span className={ws.stack} style={{ gap: 'var(--space-1)' }}>
                          <span>
                            <StatusBadge status={PAYOUT_STATUS_LABELS[p.status]} tone={PAYOUT_BADGE[p.status]} />
                          </span>
                          {p.failure_reason && <span className={ws.muted}>{p.failure_reason}</span>}
                        </span>
                      </td>
                      <td data-label="To account">{p.destination}</td>
                      <td data-label="Arrival" className={ws.nowrap}>
                        {p.arrival_date ?? '—'}
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
              <div className={ws.pager}>
                <Pagination
                  page={payouts.data.current_page}
                  totalPages={payouts.data.total_pages}
                  onPage={setPayoutPage}
                  label="Payout pages"
                />
              </div>
            </>
          )}
        </section>
      </div>
    </>
  );
}
