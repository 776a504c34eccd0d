import { useState } from 'react';
import type { BankAccount } from '@careslot/contracts/bank-accounts';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { useBankAccounts, useDeleteBankAccount } from '../api/bank-api';
import { BankDetailsDialog } from '../components/bank-details-dialog';
import { Loading, PageHeader, StatusBadge } from '../components/bits';
import { useProviderWorkspace } from '../components/provider-context';
import styles from '../components/bank.module.css';
import ws from '../components/workspace.module.css';

/** /doctor/bank-account: 'Your Bank Accounts', primary first, numbers masked; add, edit, delete. */
export default function BankAccountPage() {
  const { who } = useProviderWorkspace();
  const accounts = useBankAccounts(who);
  const remove = useDeleteBankAccount(who);
  const [editing, setEditing] = useState<{ account: BankAccount | null } | null>(null);
  const [deleting, setDeleting] = useState<BankAccount | null>(null);
  const closeDelete = () => {
    if (remove.isPending) return;
    remove.reset();
    setDeleting(null);
  };
  return (
    <>
      <PageHeader
        title="Your Bank Accounts"
        lead="Payouts go to your primary account. Full numbers are stored encrypted and never shown again."
      />
      <section className={ws.card} aria-labelledby="accounts-title">
        <h2 id="accounts-title" className="visually-hidden">
          Accounts
        </h2>
        {accounts.isPending ? (
          <Loading label="Loading your bank accounts…" />
        ) : accounts.isError ? (
          <Alert tone="error">{accounts.error.message}</Alert>
        ) : (
          <>
            {accounts.data.length === 0 && (
              <p className={ws.muted} style={{ marginTop: 0 }}>
                No bank account yet. Add the account you would like to be paid into; you can add more and choose which is primary.
              </p>
            )}
            <ul className={styles.grid} style={{ listStyle: 'none', margin: 0, padding: 0 }}>
              {accounts.data.map((a) => (
                <li key={a._id} className={`${styles.account} ${a.is_primary ? styles.primary : ''}`}>
                  <span className={styles.label}>
                    <StatusBadge status={a.label} />
                  </span>
                  <p className={styles.number} aria-label={`Account number ending ${a.account_number.slice(4)}`}>
                    {a.account_number}
                  </p>
                  <p className={styles.holder}>{a.name}</p>
                  <p className={styles.meta}>{a.sort_code ? `Sort code ${a.sort_code}` : `Routing number ${a.routing_number}`}</p>
                  <div className={styles.cardActions}>
                    <Button variant="secondary" onClick={() => setEditing({ account: a })} aria-label={`Edit account ${a.account_number}`}>
                      Edit
                    </Button>
                    <Button variant="ghost" onClick={() => setDeleting(a)} aria-label={`Delete account ${a.account_number}`}>
                      Delete
                    </Button>
                  </div>
                </li>
              ))}
              <li style={{ display: 'grid' }}>
                <button type="button" className={styles.add} onClick={() => setEditing({ account: null })}>
                  <span className={styles.plus} aria-hidden="true">
                    +
                  </span>
                  Add your account
                </button>
              </li>
            </ul>
          </>
        )}
      </section>
      <BankDetailsDialog
        key={editing ? (editing.account?._id ?? 'new') : 'closed'}
        who={who}
        open={!!editing}
        account={editing?.account ?? null}
        onClose={() => setEditing(null)}
      />
      <Dialog
        open={!!deleting}
        onOpenChange={(o) => !o && closeDelete()}
        title="Are you sure you want to delete this bank account ?"
        description={deleting ? `${deleting.account_number} · ${deleting.name}` : undefined}
        footer={
          <>
            <Button variant="secondary" onClick={closeDelete} disabled={remove.isPending}>
              No
            </Button>
            <Button
              variant="danger"
              loading={remove.isPending}
              onClick={async () => {
                try {
                  await remove.mutateAsync(deleting!._id);
                  remove.reset();
                  setDeleting(null);
                } catch {
                  // The warning is shown in the dialog.
                }
              }}
            >
              Yes
            </Button>
          </>
        }
      >
        {remove.isError && <Alert tone="warning">{remove.error.message}</Alert>}
      </Dialog>
    </>
  );
}
