import { useState, type FormEvent } from 'react';
import { Link, useLocation } from 'react-router';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { toast } from 'react-toastify';
import type { VerificationStatus } from '@careslot/contracts/staff';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { SelectField, TextField } from '../../../components/ui/field';
import { Pagination } from '../../../components/ui/pagination';
import { paths } from '../../../lib/paths';
import { companiesList, providersList, setCompanyStatus } from '../api/staff-api';
import { AdminShell } from '../components/admin-shell';
import styles from '../components/admin.module.css';

function Companies({ status }: { status: VerificationStatus }) {
  const [page, setPage] = useState(1);
  const client = useQueryClient();
  const q = useQuery({ queryKey: ['staff', 'companies', status, page], queryFn: () => companiesList(status, page) });
  const change = useMutation({
    mutationFn: (v: { id: string; status: VerificationStatus }) => setCompanyStatus(v.id, v.status),
    onSuccess: (_d, v) => {
      toast.success(v.status === 'Verified' ? 'The company is verified.' : 'The company is no longer verified.');
      void client.invalidateQueries({ queryKey: ['staff'] });
    },
    onError: (err) => toast.error(err.message),
  });
  return (
    <section id="companies" className={styles.section} aria-labelledby="companies-heading">
      <h2 id="companies-heading">{status === 'Unverified' ? 'Companies awaiting review' : 'Verified companies'}</h2>
      {q.error && <Alert tone="error">{q.error.message}</Alert>}
      {q.data?.companies.length === 0 && <p>No companies found.</p>}
      {!!q.data?.companies.length && (
        <div className={styles.tableWrap} tabIndex={0} role="region" aria-label="Companies table">
          <table className={styles.table}>
            <thead>
              <tr>
                <th scope="col">Company</th>
                <th scope="col">Region</th>
                <th scope="col">Registration number</th>
                <th scope="col">Providers</th>
                <th scope="col">Action</th>
              </tr>
            </thead>
            <tbody>
              {q.data.companies.map((c) => (
                <tr key={c.id}>
                  <td>{c.name}</td>
                  <td>{c.region.toUpperCase()}</td>
                  <td>{c.registration_number ?? 'N/A'}</td>
                  <td>{c.providers}</td>
                  <td>
                    <Button
                      variant={status === 'Unverified' ? 'primary' : 'secondary'}
                      loading={change.isPending && change.variables?.id === c.id}
                      onClick={() => change.mutate({ id: c.id, status: status === 'Unverified' ? 'Verified' : 'Unverified' })}
                      aria-label={`${status === 'Unverified' ? 'Verify' : 'Unverify'} ${c.name}`}
                    >
                      {status === 'Unverified' ? 'Verify' : 'Unverify'}
                    </Button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {q.data && <Pagination page={q.data.current_page} totalPages={q.data.total_pages} onPage={setPage} label="Company pages" />}
    </section>
  );
}

/** Providers awaiting review (/admin-home/providers) or verified (/admin-home/providers/verified), 5 a page. */
export default function AdminProvidersPage() {
  const verified = useLocation().pathname.startsWith(paths.adminVerifiedProviders);
  const status: VerificationStatus = verified ? 'Verified' : 'Unverified';
  const [draft, setDraft] = useState({ search: '', region: '', regulator: '' });
  const [filters, setFilters] = useState(draft);
  const [page, setPage] = useState(1);
  const q = useQuery({
    queryKey: ['staff', 'providers', status, filters, page],
    queryFn: () => providersList({ status, ...filters, page }),
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    setFilters(draft);
    setPage(1);
  };
  const detail = (id: string, region: string) => (verified ? paths.adminVerifiedProvider(id, region) : paths.adminProvider(id));
  return (
    <AdminShell title={verified ? 'Verified providers' : 'Providers awaiting review'}>
      <form className={styles.filters} onSubmit={submit} role="search">
        <TextField label="Name or number" value={draft.search} onChange={(e) => setDraft({ ...draft, search: e.target.value })} />
        <SelectField label="Region" value={draft.region} onChange={(e) => setDraft({ ...draft, region: e.target.value })}>
          <option value="">All</option>
          <option value="uk">UK</option>
          <option value="usa">USA</option>
        </SelectField>
        <SelectField label="Regulator" value={draft.regulator} onChange={(e) => setDraft({ ...draft, regulator: e.target.value })}>
          <option value="">All</option>
          <option value="gmc">GMC</option>
          <option value="gdc">GDC</option>
          <option value="npi">NPI</option>
        </SelectField>
        <Button type="submit">Submit</Button>
      </form>
      {q.error && <Alert tone="error">{q.error.message}</Alert>}
      {q.data?.providers.length === 0 && <p>No providers found.</p>}
      {!!q.data?.providers.length && (
        <div className={styles.tableWrap} tabIndex={0} role="region" aria-label="Providers table">
          <table className={styles.table}>
            <thead>
              <tr>
                <th scope="col">Name</th>
                <th scope="col">Region</th>
                <th scope="col">Regulator</th>
                <th scope="col">Number</th>
                <th scope="col">Speciality</th>
                <th scope="col">Action</th>
              </tr>
            </thead>
            <tbody>
              {q.data.providers.map((p) => (
                <tr key={p.id}>
                  <td>{p.name}</td>
                  <td>{p.region.toUpperCase()}</td>
                  <td>{p.regulator.toUpperCase()}</td>
                  <td>{p.membership_number}</td>
                  <td>{p.speciality}</td>
                  <td>
                    <Link to={detail(p.id, p.region)}>Review {p.name}</Link>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {q.data && <Pagination page={q.data.current_page} totalPages={q.data.total_pages} onPage={setPage} label="Provider pages" />}
      <Companies status={status} />
    </AdminShell>
  );
}
