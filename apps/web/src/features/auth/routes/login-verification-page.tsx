import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useLocation } from 'react-router';
import { emailSchema } from '@careslot/contracts/auth';
import { z } from 'zod';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/field';
import { applyServerErrors } from '../../../lib/form-errors';
import { paths } from '../../../lib/paths';
import { storageKeys } from '../../../lib/storage';
import { useResendVerification } from '../api/auth-api';
import { AuthLayout, MailGlyph, authStyles } from '../components/auth-layout';
import { withReturnTo, type VerificationState } from '../return-to';
import { safeReturnTo } from '../../../lib/session';

const schema = z.object({ email: emailSchema });
type Values = z.input<typeof schema>;

/** /modal: after registering, or signing in before confirming the address. Offers a new verification e-mail. */
export default function LoginVerificationPage() {
  const state = (useLocation().state as VerificationState | null) ?? {};
  const returnTo = safeReturnTo(state.returnTo ?? null);
  const authToken = localStorage.getItem(storageKeys.authToken);
  const resend = useResendVerification();
  const [sent, setSent] = useState<string | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const { register, handleSubmit, setError, formState } = useForm<Values>({
    resolver: zodResolver(schema),
    defaultValues: { email: state.email ?? '' },
  });

  const send = async (body: { auth_token?: string; email?: string }) => {
    setFormError(null);
    try {
      // A new link leads back to the same page as the first one.
      setSent((await resend.mutateAsync({ ...body, ...(returnTo ? { returnTo } : {}) })).message);
    } catch (err) {
      setFormError(applyServerErrors(err, setError, ['email']));
    }
  };

  const title = state.reason === 'registered' ? 'Check your inbox' : 'Confirm your e-mail address';
  const intro =
    state.reason === 'registered' ? (
      <p>
        Your account is created. We sent a confirmation link to <strong>{state.email}</strong>. Open it to confirm your address, then sign
        in{returnTo ? ' to carry on where you left off' : ''}.
      </p>
    ) : (
      <p>
        Please confirm your e-mail address before signing in. Open the link we sent{' '}
        {state.email ? <strong>to {state.email}</strong> : 'you'}, or ask for a new one below.
      </p>
    );

  return (
    <AuthLayout
      title={title}
      intro={intro}
      icon={{ glyph: <MailGlyph /> }}
      footer={
        <p>
          Confirmed already? <Link to={withReturnTo(paths.signIn, returnTo)}>Sign in</Link>
        </p>
      }
    >
      <div className={authStyles.form}>
        {sent && <Alert tone="success">{sent}</Alert>}
        {formError && <Alert tone="error">{formError}</Alert>}
        {authToken ? (
          <div className={authStyles.actions}>
            <p className="field-hint">No e-mail after a few minutes? Check your spam folder, or:</p>
            <Button variant="secondary" loading={resend.isPending} onClick={() => send({ auth_token: authToken })}>
              Send a new link
            </Button>
          </div>
        ) : (
          <form className={authStyles.form} onSubmit={handleSubmit((v) => send({ email: v.email }))} noValidate>
            <TextField
              label="E-mail address"
              type="email"
              autoComplete="email"
              required
              error={formState.errors.email?.message}
              {...register('email')}
            />
            <div className={authStyles.actions}>
              <Button type="submit" variant="secondary" loading={resend.isPending}>
                Send a new link
              </Button>
            </div>
          </form>
        )}
      </div>
    </AuthLayout>
  );
}
