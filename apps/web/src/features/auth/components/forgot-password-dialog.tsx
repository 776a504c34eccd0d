import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { forgetPasswordRequestSchema } from '@careslot/contracts/auth';
import { z } from 'zod';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { TextField } from '../../../components/ui/field';
import { applyServerErrors } from '../../../lib/form-errors';
import { useForgetPassword } from '../api/auth-api';
import { authStyles } from './auth-layout';

const schema = forgetPasswordRequestSchema.pick({ email: true });
type Values = z.input<typeof schema>;

/** "Forgot password?": asks for the e-mail address and always answers the same (decision 014). */
export function ForgotPasswordDialog({
  open,
  onOpenChange,
  defaultEmail,
}: {
  open: boolean;
  onOpenChange: (o: boolean) => void;
  defaultEmail?: string;
}) {
  const forget = useForgetPassword();
  const [sent, setSent] = useState<string | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const { register, handleSubmit, setError, formState, reset } = useForm<Values>({
    resolver: zodResolver(schema),
    defaultValues: { email: defaultEmail ?? '' },
  });

  const onSubmit = handleSubmit(async (values) => {
    setFormError(null);
    try {
      const res = await forget.mutateAsync({ email: values.email, userType: 'patient' });
      setSent(res.message);
    } catch (err) {
      setFormError(applyServerErrors(err, setError, ['email']));
    }
  });

  const change = (o: boolean) => {
    if (!o) {
      setSent(null);
      setFormError(null);
      reset({ email: defaultEmail ?? '' });
    }
    onOpenChange(o);
  };

  return (
    <Dialog
      open={open}
      onOpenChange={change}
      size="medium"
      title="Reset your password"
      description={sent ? undefined : "Enter the e-mail address of your account and we'll send you a link to choose a new password."}
    >
      {sent ? (
        <div className={authStyles.form}>
          <Alert tone="success" title="Check your inbox">
            <p>{sent}</p>
          </Alert>
          <div className={authStyles.actions}>
            <Button onClick={() => change(false)}>Back to sign in</Button>
          </div>
        </div>
      ) : (
        <form className={authStyles.form} onSubmit={onSubmit} noValidate>
          {formError && <Alert tone="error">{formError}</Alert>}
          <TextField
            label="E-mail address"
            type="email"
            autoComplete="email"
            required
            error={formState.errors.email?.message}
            {...register('email')}
          />
          <div className={authStyles.actions}>
            <Button type="submit" loading={forget.isPending}>
              {forget.isPending ? 'Sending…' : 'Send reset link'}
            </Button>
          </div>
        </form>
      )}
    </Dialog>
  );
}
