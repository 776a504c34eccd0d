import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { PASSWORD_MIN, registerRequestSchema, type RegisterRequest } from '@careslot/contracts/auth';
import { Alert } from '../../../components/ui/alert';
import { AudienceSwitch } from '../../../components/audience-switch/audience-switch';
import { PersonalDetailsFields } from '../../../components/personal-details-fields/personal-details-fields';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/field';
import { PasswordField } from '../../../components/ui/password-field';
import { applyServerErrors } from '../../../lib/form-errors';
import { paths } from '../../../lib/paths';
import { useRegister } from '../api/auth-api';
import { withReturnTo, type VerificationState } from '../return-to';
import { AuthLayout, authStyles } from '../components/auth-layout';
import { safeReturnTo } from '../../../lib/session';

type Values = Omit<RegisterRequest, 'temp_distance'>;
const FIELDS = ['first_name', 'last_name', 'email', 'password', 'phone_number', 'date_of_birth'] as const;

export default function RegisterPage() {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const returnTo = safeReturnTo(params.get('returnTo'));
  const registerCall = useRegister();
  const [formError, setFormError] = useState<string | null>(null);
  const { register, handleSubmit, setError, formState } = useForm<Values>({
    resolver: zodResolver(registerRequestSchema),
    mode: 'onTouched',
    defaultValues: { first_name: '', last_name: '', email: '', password: '', phone_number: '', date_of_birth: '' },
  });
  const e = formState.errors;

  const onSubmit = handleSubmit(async (values) => {
    setFormError(null);
    try {
      // The page the patient was on the way to travels in the e-mailed link, so the link and sign-in lead back to it.
      await registerCall.mutateAsync({ ...(values as RegisterRequest), ...(returnTo ? { returnTo } : {}) });
      const state: VerificationState = { email: String(values.email).trim().toLowerCase(), reason: 'registered', returnTo };
      navigate(paths.loginVerificationModal, { state });
    } catch (err) {
      setFormError(applyServerErrors(err, setError, FIELDS));
    }
  });

  return (
    <AuthLayout
      wide
      title="Create your account"
      intro={<p>Book appointments with verified doctors and dentists in the UK and the USA.</p>}
      footer={
        <p>
          Already have an account? <Link to={withReturnTo(paths.signIn, returnTo)}>Sign in</Link>
        </p>
      }
    >
      <AudienceSwitch current="patient" />
      <form className={authStyles.form} onSubmit={onSubmit} noValidate>
        {formError && <Alert tone="error">{formError}</Alert>}
        <PersonalDetailsFields
          register={register}
          errors={e}
          emailField={
            <TextField label="E-mail address" type="email" autoComplete="email" required error={e.email?.message} {...register('email')} />
          }
        />
        <PasswordField
          label="Password"
          autoComplete="new-password"
          hint={`At least ${PASSWORD_MIN} characters. A few unrelated words make a strong, memorable password.`}
          required
          error={e.password?.message}
          {...register('password')}
        />
        <p className="field-hint">
          By creating an account you agree to our <Link to={paths.termsOfUse}>terms of use</Link> and{' '}
          <Link to={paths.privacyCookie}>privacy notice</Link>.
        </p>
        <div className={authStyles.actions}>
          <Button type="submit" loading={registerCall.isPending}>
            {registerCall.isPending ? 'Creating your account…' : 'Create account'}
          </Button>
        </div>
      </form>
    </AuthLayout>
  );
}
