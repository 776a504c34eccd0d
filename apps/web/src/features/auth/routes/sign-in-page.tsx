import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import { EMAIL_NOT_VERIFIED, loginRequestSchema, type EmailNotVerifiedResponse } from '@careslot/contracts/auth';
import { z } from 'zod';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/field';
import { PasswordField } from '../../../components/ui/password-field';
import { ApiError } from '../../../lib/api-client';
import { applyServerErrors } from '../../../lib/form-errors';
import { paths } from '../../../lib/paths';
import { storageKeys } from '../../../lib/storage';
import { useAuthOptions, useDemoLogin, useLogin } from '../api/auth-api';
import { AuthLayout, authStyles } from '../components/auth-layout';
import { ForgotPasswordDialog } from '../components/forgot-password-dialog';
import { withReturnTo, type VerificationState } from '../return-to';
import { safeReturnTo } from '../../../lib/session';

const schema = loginRequestSchema.pick({ email: true, password: true });
type Values = z.input<typeof schema>;
type SignInAs = 'patient' | 'provider';

/** A provider lands on /dochome, or back on the workspace screen that sent them here. */
const providerLanding = (returnTo: string | null) => (returnTo && /^\/(dochome|doctor\/)/.test(returnTo) ? returnTo : paths.providerHome);

export default function SignInPage() {
  const navigate = useNavigate();
  const location = useLocation();
  const [params] = useSearchParams();
  const returnTo = safeReturnTo(params.get('returnTo'));
  // The workspace sends providers here with a /dochome or /doctor/… returnTo: start on Provider then.
  const [signInAs, setSignInAs] = useState<SignInAs>(
    params.get('as') === 'provider' || (returnTo && /^\/(dochome|doctor\/)/.test(returnTo)) ? 'provider' : 'patient',
  );
  const notice = (location.state as { notice?: string } | null)?.notice;
  const login = useLogin();
  const demo = useDemoLogin();
  const options = useAuthOptions();
  const [formError, setFormError] = useState<string | null>(null);
  const [forgotOpen, setForgotOpen] = useState(false);
  const { register, handleSubmit, setError, formState, getValues } = useForm<Values>({
    resolver: zodResolver(schema),
    mode: 'onTouched',
    defaultValues: { email: '', password: '' },
  });

  const done = () => navigate(returnTo ?? paths.home, { replace: true });

  const onSubmit = handleSubmit(async (values) => {
    setFormError(null);
    try {
      await login.mutateAsync({ ...values, user_type: signInAs });
      if (signInAs === 'provider') navigate(providerLanding(returnTo), { replace: true });
      else done();
    } catch (err) {
      if (err instanceof ApiError && err.details?.error === EMAIL_NOT_VERIFIED && signInAs === 'provider') {
        localStorage.setItem(storageKeys.providerAuthToken, (err.body as EmailNotVerifiedResponse).auth_token);
        navigate(paths.providerVerify);
        return;
      }
      if (err instanceof ApiError && err.details?.error === EMAIL_NOT_VERIFIED) {
        localStorage.setItem(storageKeys.authToken, (err.body as EmailNotVerifiedResponse).auth_token);
        const state: VerificationState = { email: values.email, reason: 'unverified', returnTo };
        navigate(paths.loginVerificationModal, { state });
        return;
      }
      setFormError(applyServerErrors(err, setError, ['email', 'password']));
    }
  });

  const tryDemo = async () => {
    setFormError(null);
    try {
      await demo.mutateAsync();
      done();
    } catch (err) {
      setFormError(err instanceof Error ? err.message : 'The demo is not available right now.');
    }
  };

  return (
    <AuthLayout
      title="Sign in"
      intro={
        <p>
          {signInAs === 'provider'
            ? 'Welcome back. Sign in to manage your availability, appointments and profile.'
            : 'Welcome back. Sign in to book and manage your appointments.'}
        </p>
      }
      footer={
        <p>
          New to CareSlot?{' '}
          {signInAs === 'provider' ? (
            <Link to={`${paths.register}?as=provider`}>Join as a doctor or dentist</Link>
          ) : (
            <Link to={withReturnTo(paths.register, returnTo)}>Create an account</Link>
          )}
        </p>
      }
    >
      <form className={authStyles.form} onSubmit={onSubmit} noValidate aria-describedby={formError ? 'signin-error' : undefined}>
        {notice && <Alert tone="success">{notice}</Alert>}
        {returnTo && !notice && <Alert tone="info">Please sign in to continue.</Alert>}
        {formError && (
          <div id="signin-error">
            <Alert tone="error">{formError}</Alert>
          </div>
        )}
        <fieldset className={authStyles.userType}>
          <legend className={authStyles.userTypeLegend}>I am signing in as</legend>
          {(
            [
              ['patient', 'Patient'],
              ['provider', 'Provider'],
            ] as const
          ).map(([value, label]) => (
            <label key={value} className={authStyles.userTypeOption}>
              <input type="radio" name="user_type" value={value} checked={signInAs === value} onChange={() => setSignInAs(value)} />
              <span>{label}</span>
            </label>
          ))}
        </fieldset>
        <TextField
          label="E-mail address"
          type="email"
          autoComplete="email"
          required
          error={formState.errors.email?.message}
          {...register('email')}
        />
        <PasswordField
          label="Password"
          autoComplete="current-password"
          required
          error={formState.errors.password?.message}
          {...register('password')}
        />
        <div className={authStyles.between}>
          <span />
          <button type="button" className={authStyles.linkButton} onClick={() => setForgotOpen(true)}>
            Forgot password?
          </button>
        </div>
        <div className={authStyles.actions}>
          <Button type="submit" loading={login.isPending}>
            {login.isPending ? 'Signing in…' : 'Sign in'}
          </Button>
          {options.data?.demo_mode && signInAs === 'patient' && (
            <>
              <div className={authStyles.divider}>or</div>
              <Button variant="secondary" onClick={tryDemo} loading={demo.isPending}>
                Try the demo
              </Button>
            </>
          )}
        </div>
      </form>
      <ForgotPasswordDialog open={forgotOpen} onOpenChange={setForgotOpen} defaultEmail={forgotOpen ? getValues('email') : undefined} />
    </AuthLayout>
  );
}
