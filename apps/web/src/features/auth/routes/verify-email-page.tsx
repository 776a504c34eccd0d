import { Link, useParams, useSearchParams } from 'react-router';
import { ApiError } from '../../../lib/api-client';
import { paths } from '../../../lib/paths';
import { useVerifyEmail } from '../api/auth-api';
import { safeReturnTo } from '../../../lib/session';
import { AuthLayout, CheckGlyph, WarnGlyph, authStyles } from '../components/auth-layout';
import { withReturnTo, type VerificationState } from '../return-to';

/**
 * /verify/:email_verify — spends the single-use link and says what happened. A `returnTo` in the link (the page the
 * patient was on the way to when they registered) is passed on to sign-in.
 */
export default function VerifyEmailPage() {
  const { email_verify = '' } = useParams();
  const [params] = useSearchParams();
  const returnTo = safeReturnTo(params.get('returnTo'));
  const signIn = withReturnTo(paths.signIn, returnTo);
  const query = useVerifyEmail(email_verify);

  if (query.isPending) {
    return (
      <AuthLayout title="Confirming your e-mail address…">
        <div className="screen-loading" role="status" aria-live="polite">
          <div className="spinner" aria-hidden="true" />
          <span className="visually-hidden">Confirming your e-mail address</span>
        </div>
      </AuthLayout>
    );
  }
  if (query.isError) {
    const message =
      query.error instanceof ApiError ? query.error.message : 'We could not reach CareSlot. Check your connection and try again.';
    return (
      <AuthLayout
        title="We could not confirm your address"
        icon={{ tone: 'error', glyph: <WarnGlyph /> }}
        intro={<p>{message}</p>}
        footer={
          <p>
            Already confirmed? <Link to={signIn}>Sign in</Link>
          </p>
        }
      >
        <div className={authStyles.actions}>
          <Link to={paths.loginVerificationModal} state={{ returnTo } satisfies VerificationState} className="button">
            Send me a new link
          </Link>
        </div>
      </AuthLayout>
    );
  }
  return (
    <AuthLayout
      title="E-mail address confirmed"
      icon={{ tone: 'success', glyph: <CheckGlyph /> }}
      intro={
        <p>
          {query.data.message}
          {returnTo ? ' Signing in takes you back to where you left off.' : ''}
        </p>
      }
    >
      <div className={authStyles.actions}>
        <Link to={signIn} className="button">
          Sign in
        </Link>
      </div>
    </AuthLayout>
  );
}
