import { useState, type FormEvent } from 'react';
import { Navigate, useNavigate } from 'react-router';
import { staffLoginRequestSchema, staffMessages } from '@careslot/contracts/staff';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/field';
import { PasswordField } from '../../../components/ui/password-field';
import { ApiError } from '../../../lib/api-client';
import { useDocumentTitle } from '../../../lib/document-title';
import { paths } from '../../../lib/paths';
import { staffSignIn } from '../api/staff-api';
import { staffToken, storeStaffSession } from '../api/staff-client';
import styles from '../components/admin.module.css';

/** Staff sign-in (docs/staff-admin.md): a stored staff token goes straight to the admin home. */
export default function StaffSignInPage() {
  useDocumentTitle('Staff sign in');
  const navigate = useNavigate();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<{ email?: string; password?: string }>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  if (staffToken()) return <Navigate to={paths.adminHome} replace />;

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setFailure(null);
    const parsed = staffLoginRequestSchema.safeParse({ email, password });
    if (!parsed.success) {
      const next: typeof errors = {};
      for (const issue of parsed.error.issues) next[issue.path[0] as 'email' | 'password'] ??= issue.message;
      setErrors(next);
      return;
    }
    setErrors({});
    setBusy(true);
    try {
      storeStaffSession(await staffSignIn(parsed.data.email, parsed.data.password));
      navigate(paths.adminHome, { replace: true });
    } catch (err) {
      setFailure(err instanceof ApiError ? err.message || staffMessages.loginFailed : staffMessages.noResponse);
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className={`page ${styles.shell}`} style={{ maxWidth: 480 }}>
      <h1>Staff sign in</h1>
      <form onSubmit={(e) => void submit(e)} noValidate>
        {failure && <Alert tone="error">{failure}</Alert>}
        <TextField
          label="Email"
          type="email"
          autoComplete="username"
          required
          value={email}
          error={errors.email}
          onChange={(e) => setEmail(e.target.value)}
        />
        <PasswordField
          label="Password"
          autoComplete="current-password"
          required
          value={password}
          error={errors.password}
          onChange={(e) => setPassword(e.target.value)}
        />
        <Button type="submit" loading={busy}>
          Sign in
        </Button>
      </form>
    </section>
  );
}
