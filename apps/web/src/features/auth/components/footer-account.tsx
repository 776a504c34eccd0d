import { lazy, Suspense, useState } from 'react';
import { Link } from 'react-router';
import { paths } from '../../../lib/paths';
import { useSession } from './use-session';
import styles from './footer-account.module.css';

// The dialog library is not part of the first load (docs/performance.md); it loads when Logout is first pressed.
const LogoutDialog = lazy(() => import('./logout-dialog').then((m) => ({ default: m.LogoutDialog })));

/** The footer's account entry (inside one list item): Login/Register, or Logout with its confirmation (docs/accounts.md, "Screens"). */
export function FooterAccount() {
  const { loggedIn } = useSession();
  const [open, setOpen] = useState(false);
  const [asked, setAsked] = useState(false);
  if (loggedIn) {
    return (
      <>
        <button
          type="button"
          className={styles.logout}
          onClick={() => {
            setAsked(true);
            setOpen(true);
          }}
        >
          Logout
        </button>
        {asked && (
          <Suspense fallback={null}>
            <LogoutDialog open={open} onOpenChange={setOpen} />
          </Suspense>
        )}
      </>
    );
  }
  return (
    <span className="account-links">
      <Link to={paths.signIn}>Login</Link>
      <span aria-hidden="true">/</span>
      <Link to={paths.register}>Register</Link>
    </span>
  );
}
