import { useState } from 'react';
import { useNavigate } from 'react-router';
import type { StaffRole } from '@careslot/contracts/staff';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { staffSignOut } from '../api/staff-api';
import { clearStaffSession, staffEmail, staffRole, staffToken, STAFF_SIGN_IN } from '../api/staff-client';
import styles from './staff-account.module.css';

const ROLE_LABELS: Record<StaffRole, string> = { superuser: 'Superuser', admin: 'Admin', editor: 'Editor', author: 'Author' };

/**
 * The header's account area on the staff screens (docs/staff-admin.md, "Sign-in and session"): who is signed in (e-mail
 * and role) and Logout, which asks first, ends the sign-in and goes to the staff sign-in. Nothing when no staff member is
 * signed in (the staff sign-in page). Its own chunk: only staff screens load it.
 */
export default function StaffAccount() {
  const navigate = useNavigate();
  const [asking, setAsking] = useState(false);
  if (!staffToken()) return null;
  const email = staffEmail();
  const role = staffRole();
  const logout = async () => {
    await staffSignOut();
    clearStaffSession();
    setAsking(false);
    navigate(STAFF_SIGN_IN);
  };
  return (
    <div className={styles.account}>
      <p className={styles.who}>
        <span className="visually-hidden">Signed in as </span>
        {email && <span className={styles.email}>{email}</span>}
        {role && <span className={styles.role}>{ROLE_LABELS[role]}</span>}
      </p>
      <Button variant="secondary" onClick={() => setAsking(true)}>
        Logout
      </Button>
      <Dialog
        open={asking}
        onOpenChange={setAsking}
        title="Are you sure you want to logout?"
        footer={
          <>
            <Button variant="secondary" onClick={() => setAsking(false)}>
              No
            </Button>
            <Button onClick={() => void logout()}>Yes</Button>
          </>
        }
      />
    </div>
  );
}
