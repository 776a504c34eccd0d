import { Link, useParams } from 'react-router';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { toast } from 'react-toastify';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { paths } from '../../../lib/paths';
import { providerEvidence, setProviderStatus } from '../api/staff-api';
import { AdminShell } from '../components/admin-shell';
import styles from '../components/admin.module.css';

function Match({ ok, what }: { ok: boolean; what: string }) {
  return <span className={ok ? styles.match : styles.mismatch}>{ok ? `${what}: match` : `${what}: mismatch`}</span>;
}

/** One provider's evidence: what they entered beside what the register answered, and Verify or Unverify. */
export default function AdminProviderPage() {
  const { providerId = '' } = useParams();
  const client = useQueryClient();
  const q = useQuery({ queryKey: ['staff', 'provider', providerId], queryFn: () => providerEvidence(providerId) });
  const change = useMutation({
    mutationFn: (status: 'Verified' | 'Unverified') => setProviderStatus(providerId, status),
    onSuccess: (_d, status) => {
      toast.success(status === 'Verified' ? 'The provider is verified.' : 'The provider is no longer verified.');
      void client.invalidateQueries({ queryKey: ['staff'] });
    },
    onError: (err) => toast.error(err.message),
  });
  const p = q.data;
  const verified = p?.verification_status === 'Verified';
  return (
    <AdminShell title={p ? p.name : 'Provider'}>
      <p>
        <Link to={verified ? paths.adminVerifiedProviders : paths.adminProviders}>Back to the list</Link>
      </p>
      {q.error && <Alert tone="error">{q.error.message}</Alert>}
      {p && (
        <>
          <p>
            Status: <strong>{p.verification_status}</strong>
          </p>
          <div className={styles.evidence}>
            <section className={styles.card} aria-labelledby="entered">
              <h2 id="entered">What the provider entered</h2>
              <dl className={styles.models}>
                <dt>Name</dt>
                <dd>{p.name}</dd>
                <dt>Regulator</dt>
                <dd>{p.professional_body_name}</dd>
                <dt>Number</dt>
                <dd>{p.membership_number}</dd>
                <dt>E-mail</dt>
                <dd>{p.email ?? 'N/A'}</dd>
                <dt>Phone</dt>
                <dd>{p.phone_number ?? 'N/A'}</dd>
                <dt>Speciality</dt>
                <dd>{p.speciality}</dd>
                <dt>Qualifications</dt>
                <dd>{p.qualifications.join(', ') || 'N/A'}</dd>
                <dt>Company</dt>
                <dd>{p.company ?? 'N/A'}</dd>
              </dl>
            </section>
            <section className={styles.card} aria-labelledby="register">
              <h2 id="register">What the register answered</h2>
              {p.register ? (
                <dl className={styles.models}>
                  <dt>Name</dt>
                  <dd>{p.register.name}</dd>
                  <dt>Number</dt>
                  <dd>{p.register.registration_number}</dd>
                </dl>
              ) : p.register_unavailable ? (
                <p>The register could not be asked just now. Try again in a few minutes.</p>
              ) : (
                <p>The register does not know this number.</p>
              )}
              <p>
                <Match ok={p.name_matches} what="Name" />
              </p>
              <p>
                <Match ok={p.number_matches} what="Number" />
              </p>
              {p.last_check && (
                <p>
                  Last automatic check, {new Date(p.last_check.checked_at).toLocaleString('en-GB')}: {p.last_check.reason}
                </p>
              )}
              {p.register_url && (
                <p>
                  <a href={p.register_url} target="_blank" rel="noreferrer noopener">
                    Open number {p.membership_number} in the public register (opens in a new tab)
                  </a>
                </p>
              )}
            </section>
          </div>
          <div className={styles.actions} style={{ marginTop: 16 }}>
            {verified ? (
              <Button variant="danger" loading={change.isPending} onClick={() => change.mutate('Unverified')}>
                Unverify
              </Button>
            ) : (
              <Button loading={change.isPending} onClick={() => change.mutate('Verified')}>
                Verify
              </Button>
            )}
          </div>
        </>
      )}
    </AdminShell>
  );
}
