import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from 'react-toastify';
import { PASSWORD_MIN } from '@careslot/contracts/auth';
import { changePasswordRequestSchema, type ChangePasswordRequest } from '@careslot/contracts/patients';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { PasswordField } from '../../../components/ui/password-field';
import { applyServerErrors } from '../../../lib/form-errors';
import { useChangePassword } from '../api/profile-api';
import styles from './profile.module.css';

export function ChangePasswordForm({ userId }: { userId: string }) {
  const change = useChangePassword(userId);
  const [formError, setFormError] = useState<string | null>(null);
  const { register, handleSubmit, setError, formState, reset } = useForm<ChangePasswordRequest>({
    resolver: zodResolver(changePasswordRequestSchema),
    mode: 'onTouched',
    defaultValues: { current_password: '', new_password: '', confirm_password: '' },
  });
  const e = formState.errors;

  const onSubmit = handleSubmit(async (values) => {
    setFormError(null);
    try {
      await change.mutateAsync(values);
      reset();
      toast.success('Your password is changed. Other devices have been signed out.');
    } catch (err) {
      setFormError(applyServerErrors(err, setError, ['current_password', 'new_password', 'confirm_password']));
    }
  });

  return (
    <section className={styles.card} aria-labelledby="password-title">
      <h2 id="password-title" className={styles.cardTitle}>
        Change password
      </h2>
      <p className={styles.cardIntro}>Changing your password signs you out on every other device.</p>
      <form className={styles.form} onSubmit={onSubmit} noValidate>
        {formError && <Alert tone="error">{formError}</Alert>}
        <PasswordField
          label="Current password"
          autoComplete="current-password"
          required
          error={e.current_password?.message}
          {...register('current_password')}
        />
        <div className={styles.row}>
          <PasswordField
            label="New password"
            autoComplete="new-password"
            hint={`At least ${PASSWORD_MIN} characters.`}
            required
            error={e.new_password?.message}
            {...register('new_password')}
          />
          <PasswordField
            label="Confirm new password"
            autoComplete="new-password"
            required
            error={e.confirm_password?.message}
            {...register('confirm_password')}
          />
        </div>
        <div className={styles.formActions}>
          <Button type="submit" loading={change.isPending}>
            {change.isPending ? 'Saving…' : 'Change password'}
          </Button>
        </div>
      </form>
    </section>
  );
}
