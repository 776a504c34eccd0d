import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/field';
import { Pagination } from '../../../components/ui/pagination';
import { paths } from '../../../lib/paths';
import { adminHome, auditLog } from '../api/staff-api';
import { auditFields } from '../components/audit-fields';
import { AdminShell, useStaffCan } from '../components/admin-shell';
import styles from '../components/admin.module.css';

function AuditSection() {
  const [draft, setDraft] = useState({ actor: '', action: '', entity_id: '' });
  const [filters, setFilters] = useState(draft);
  const [page, setPage] = useState(1);
  const q = useQuery({ queryKey: ['staff', 'audit', filters, page], queryFn: () => auditLog({ ...filters, page }) });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    setFilters(draft);
    setPage(1);
  };
  return (
    <section className={styles.section} aria-labelledby="audit-heading">
      <h2 id="audit-heading">Audit log</h2>
      <form className={styles.filters} onSubmit={submit}>
        <TextField label="Actor (e-mail)" value={draft.actor} onChange={(e) => setDraft({ ...draft, actor: e.target.value })} />
        <TextField label="Action" value={draft.action} onChange={(e) => setDraft({ ...draft, action: e.target.value })} />
        <TextField label="Entity id" value={draft.entity_id} onChange={(e) => setDraft({ ...draft, entity_id: e.target.value })} />
        <Button type="submit">Filter</Button>
      </form>
      {q.error && <Alert tone="error">{q.error.message}</Alert>}
      {q.data && q.data.entries.length === 0 && <p>No audit entries found.</p>}
      {q.data && q.data.entries.length > 0 && (
        <div className={styles.tableWrap} tabIndex={0} role="region" aria-label="Audit log entries table">
          <table className={styles.table}>
            <thead>
              <tr>
                <th scope="col">When</th>
                <th scope="col">Who</th>
                <th scope="col">Action</th>
                <th scope="col">Entity</th>
                <th scope="col">Before</th>
                <th scope="col">After</th>
              </tr>
            </thead>
            <tbody>
              {q.data.entries.map((e) => (
                <tr key={e.id}>
                  <td>{new Date(e.created_at).toLocaleString('en-GB')}</td>
                  <td>{e.actor_email ?? e.actor_type}</td>
                  <td>{e.action}</td>
                  <td>
                    {e.entity_type} {e.entity_id}
                  </td>
                  <td>
                    <code className={styles.fields}>{auditFields(e.before)}</code>
                  </td>
                  <td>
                    <code className={styles.fields}>{auditFields(e.after)}</code>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {q.data && <Pagination page={q.data.current_page} totalPages={q.data.total_pages} onPage={setPage} label="Audit log pages" />}
    </section>
  );
}

/** The admin home: what awaits review, today's bookings, this month's money; the audit log for those who may read it. */
export default function AdminHomePage() {
  const q = useQuery({ queryKey: ['staff', 'home'], queryFn: adminHome });
  const canVerify = useStaffCan('verifyProviders');
  const canPay = useStaffCan('readPayments');
  const canAudit = useStaffCan('readAuditLog');
  const h = q.data;
  return (
    <AdminShell title="Admin home">
      {q.error && <Alert tone="error">{q.error.message}</Alert>}
      {h && (
        <div className={styles.cards}>
          <div className={styles.card}>
            <h2>Providers awaiting review</h2>
            <p className={styles.figure}>{h.providers_awaiting_review}</p>
            {canVerify && <Link to={paths.adminProviders}>Review providers</Link>}
          </div>
          <div className={styles.card}>
            <h2>Companies awaiting review</h2>
            <p className={styles.figure}>{h.companies_awaiting_review}</p>
            {canVerify && <Link to={`${paths.adminProviders}#companies`}>Review companies</Link>}
          </div>
          <div className={styles.card}>
            <h2>Bookings today</h2>
            <p className={styles.figure}>{h.bookings_today}</p>
            {canPay && <Link to={paths.adminPayments}>Appointment History</Link>}
          </div>
          <div className={styles.card}>
            <h2>This month’s takings</h2>
            {h.month_takings.length === 0 ? (
              <p>No payments taken yet this month.</p>
            ) : (
              h.month_takings.map((t) => (
                <p key={t.currency} className={styles.figure}>
                  {t.currency} {t.amount}
                </p>
              ))
            )}
          </div>
          <div className={styles.card}>
            <h2>Refunds and failed payments this month</h2>
            <p className={styles.figure}>
              {h.refunds_this_month} / {h.failed_payments_this_month}
            </p>
          </div>
        </div>
      )}
      {canAudit && <AuditSection />}
    </AdminShell>
  );
}
