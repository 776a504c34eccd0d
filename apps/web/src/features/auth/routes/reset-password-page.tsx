import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useNavigate, useParams } from 'react-router';
import { PASSWORD_MIN, resetPasswordRequestSchema, type ResetPasswordRequest } from '@careslot/contracts/auth';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { PasswordField } from '../../../components/ui/password-field';
import { ApiError } from '../../../lib/api-client';
import { applyServerErrors } from '../../../lib/form-errors';
import { paths } from '../../../lib/paths';
import { useResetLinkCheck, useResetPassword } from '../api/auth-api';
import { AuthLayout, KeyGlyph, WarnGlyph, authStyles } from '../components/auth-layout';
import { ForgotPasswordDialog } from '../components/forgot-password-dialog';

/** /reset-password/:resetToken — checks the link first, then takes the new password twice. */
export default function ResetPasswordPage() {
  const { resetToken = '' } = useParams();
  const navigate = useNavigate();
  const check = useResetLinkCheck(resetToken);
  const reset = useResetPassword(resetToken);
  const [formError, setFormError] = useState<string | null>(null);
  const [linkError, setLinkError] = useState<string | null>(null);
  const [forgotOpen, setForgotOpen] = useState(false);
  const { register, handleSubmit, setError, formState } = useForm<ResetPasswordRequest>({
    resolver: zodResolver(resetPasswordRequestSchema),
    mode: 'onTouched',
    defaultValues: { new_password: '', confirm_password: '' },
  });

  const onSubmit = handleSubmit(async (values) => {
    setFormError(null);
    try {
      const res = await reset.mutateAsync(values);
      navigate(paths.signIn, { replace: true, state: { notice: res.message } });
    } catch (err) {
      const code = err instanceof ApiError ? err.details?.error : undefined;
      if (code && code.startsWith('LINK_')) setLinkError((err as ApiError).message);
      else setFormError(applyServerErrors(err, setError, ['new_password', 'confirm_password']));
    }
  });

  const badLink =
    linkError ??
    (check.isError ? (check.error instanceof ApiError ? check.error.message : 'We could not check this link. Try again.') : null);
  if (badLink) {
    return (
      <AuthLayout
        title="This link cannot be used"
        icon={{ tone: 'error', glyph: <WarnGlyph /> }}
        intro={<p>{badLink}</p>}
        footer={
          <p>
            Remembered it? <Link to={paths.signIn}>Sign in</Link>
          </p>
        }
      >
        <div className={authStyles.actions}>
          <Button onClick={() => setForgotOpen(true)}>Send me a new link</Button>
        </div>
        <ForgotPasswordDialog open={forgotOpen} onOpenChange={setForgotOpen} />
      </AuthLayout>
    );
  }

  return (
    <AuthLayout
      title="Choose a new password"
      icon={{ glyph: <KeyGlyph /> }}
      intro={<p>After you save it, you will be signed out on every device and can sign in with the new password.</p>}
    >
      {check.isPending ? (
        <div className="screen-loading" role="status">
          <div className="spinner" aria-hidden="true" />
          <span className="visually-hidden">Checking your link</span>
        </div>
      ) : (
        <form className={authStyles.form} onSubmit={onSubmit} noValidate>
          {formError && <Alert tone="error">{formError}</Alert>}
          <PasswordField
            label="New password"
            autoComplete="new-password"
            hint={`At least ${PASSWORD_MIN} characters. A few unrelated words make a strong, memorable password.`}
            required
            error={formState.errors.new_password?.message}
            {...register('new_password')}
          />
          <PasswordField
            label="Confirm new password"
            autoComplete="new-password"
            required
            error={formState.errors.confirm_password?.message}
            {...register('confirm_password')}
          />
          <div className={authStyles.actions}>
            <Button type="submit" loading={reset.isPending}>
              {reset.isPending ? 'Saving…' : 'Save new password'}
            </Button>
          </div>
        </form>
      )}
    </AuthLayout>
  );
}
