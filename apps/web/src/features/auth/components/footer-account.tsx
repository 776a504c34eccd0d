import { useState } from 'react';
import { Link } from 'react-router';
import { paths } from '../../../lib/paths';
import { LogoutDialog } from './logout-dialog';
import { useSession } from './use-session';
import styles from './footer-account.module.css';

/** The footer's account entry (inside one list item): Login/Register, or Logout with its confirmation (docs/accounts.md, "Screens"). */
export function FooterAccount() {
  const { loggedIn } = useSession();
  const [open, setOpen] = useState(false);
  if (loggedIn) {
    return (
      <>
        <button type="button" className={styles.logout} onClick={() => setOpen(true)}>
          Logout
        </button>
        <LogoutDialog open={open} onOpenChange={setOpen} />
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
