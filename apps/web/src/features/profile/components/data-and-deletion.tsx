import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from 'react-toastify';
import { deleteAccountRequestSchema, type DeleteAccountRequest } from '@careslot/contracts/patients';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { TextField } from '../../../components/ui/field';
import { PasswordField } from '../../../components/ui/password-field';
import { applyServerErrors } from '../../../lib/form-errors';
import { clearLocalSession } from '../../../lib/session';
import { paths } from '../../../lib/paths';
import { downloadMyData, useDeleteAccount } from '../api/profile-api';
import styles from './profile.module.css';

export function DownloadMyData({ userId }: { userId: string }) {
  const [busy, setBusy] = useState(false);
  const download = async () => {
    setBusy(true);
    try {
      await downloadMyData(userId);
    } catch (err) {
      toast.error(err instanceof Error ? err.message : 'We could not prepare your data. Please try again.');
    } finally {
      setBusy(false);
    }
  };
  return (
    <section className={styles.card} aria-labelledby="data-title">
      <h2 id="data-title" className={styles.cardTitle}>
        Your data
      </h2>
      <div className={styles.split}>
        <p className={styles.muted}>Download a copy of your account details and appointments as a JSON file.</p>
        <Button variant="secondary" onClick={download} loading={busy}>
          Download my data
        </Button>
      </div>
    </section>
  );
}

export function DeleteAccount({ userId }: { userId: string }) {
  const [open, setOpen] = useState(false);
  const del = useDeleteAccount(userId);
  const [formError, setFormError] = useState<string | null>(null);
  const { register, handleSubmit, setError, formState, reset } = useForm<DeleteAccountRequest>({
    resolver: zodResolver(deleteAccountRequestSchema),
    defaultValues: { password: '', confirm: '' as 'DELETE' },
  });

  const onSubmit = handleSubmit(async (values) => {
    setFormError(null);
    try {
      await del.mutateAsync(values);
      clearLocalSession();
      window.location.assign(paths.home);
    } catch (err) {
      setFormError(applyServerErrors(err, setError, ['password', 'confirm']));
    }
  });

  return (
    <section className={`${styles.card} ${styles.danger}`} aria-labelledby="delete-title">
      <h2 id="delete-title" className={`${styles.cardTitle} ${styles.dangerTitle}`}>
        Delete my account
      </h2>
      <div className={styles.split}>
        <p className={styles.muted}>
          This erases your personal details and signs you out everywhere. Records of past appointments are kept without your name.
        </p>
        <Button variant="danger" onClick={() => setOpen(true)}>
          Delete my account
        </Button>
      </div>
      <Dialog
        open={open}
        onOpenChange={(o) => {
          if (del.isPending) return;
          setOpen(o);
          if (!o) {
            reset();
            setFormError(null);
          }
        }}
        size="medium"
        title="Delete your account?"
        description="This cannot be undone. Enter your password and type DELETE to confirm."
      >
        <form className={styles.form} onSubmit={onSubmit} noValidate>
          {formError && <Alert tone="error">{formError}</Alert>}
          <PasswordField
            label="Password"
            autoComplete="current-password"
            required
            error={formState.errors.password?.message}
            {...register('password')}
          />
          <TextField
            label="Type DELETE to confirm"
            autoComplete="off"
            required
            error={formState.errors.confirm?.message}
            {...register('confirm')}
          />
          <div className={styles.formActions}>
            <Button variant="secondary" onClick={() => setOpen(false)} disabled={del.isPending}>
              Cancel
            </Button>
            <Button type="submit" variant="danger" loading={del.isPending}>
              Delete my account
            </Button>
          </div>
        </form>
      </Dialog>
    </section>
  );
}
