import { lazy, Suspense } from 'react';
import { Link } from 'react-router';
import { paths } from '../../../lib/paths';
import { useSession } from './use-session';
import styles from './header-account.module.css';

// The menu and its dialog library are not part of the first load (docs/performance.md): most first visits are signed out.
const AccountMenu = lazy(() => import('./account-menu'));

/**
 * The header's account area (docs/accounts.md, "Screens"). Logged out: Login / Register.
 * Logged in: a profile-picture button with the first name, opening Profile and Logout (account-menu.tsx).
 */
export function HeaderAccount() {
  const session = useSession();

  if (!session.loggedIn) {
    return (
      <span className="account-links">
        <Link to={paths.signIn} className="account-link">
          Login
        </Link>
        <span aria-hidden="true" className="account-sep">
          /
        </span>
        <Link to={paths.register} className="account-link account-link-strong">
          Register
        </Link>
      </span>
    );
  }

  const firstName = session.firstName ?? '';
  return (
    <Suspense
      fallback={
        // The same box as the menu button while its code loads, so nothing moves.
        <span className={styles.trigger} aria-hidden="true">
          <span className={styles.avatar} data-initial={(firstName.charAt(0) || '?').toUpperCase()} />
          <span className={styles.name}>{firstName}</span>
        </span>
      }
    >
      <AccountMenu userId={session.userId} sessionFirstName={firstName} />
    </Suspense>
  );
}
