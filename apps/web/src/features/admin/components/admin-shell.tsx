import { useState, type ReactNode } from 'react';
import { NavLink, useNavigate } from 'react-router';
import { staffCan, type StaffPermission } from '@careslot/contracts/staff';
import { Dialog } from '../../../components/ui/dialog';
import { Button } from '../../../components/ui/button';
import { useDocumentTitle } from '../../../lib/document-title';
import { paths } from '../../../lib/paths';
import { staffSignOut } from '../api/staff-api';
import { clearStaffSession, staffRole, STAFF_SIGN_IN } from '../api/staff-client';
import styles from './admin.module.css';

const links: { to: string; label: string; permission: StaffPermission; end?: boolean }[] = [
  { to: paths.adminHome, label: 'Admin home', permission: 'readAdminHome', end: true },
  { to: paths.adminProviders, label: 'Providers', permission: 'verifyProviders', end: true },
  { to: paths.adminVerifiedProviders, label: 'Verified providers', permission: 'verifyProviders' },
  { to: paths.adminGallery, label: 'Gallery and homepage', permission: 'uploadToGallery' },
  { to: paths.adminPayments, label: 'Appointment History', permission: 'readPayments' },
  { to: paths.adminSuperUsers, label: 'Super Users', permission: 'manageStaff' },
];

/** Whether the signed-in staff member's role has a permission (the server checks again on every call). */
export function useStaffCan(permission: StaffPermission): boolean {
  return staffCan(staffRole(), permission);
}

/** The staff area's frame: the links the role may use, and Logout (asks first). */
export function AdminShell({ title, children }: { title: string; children: ReactNode }) {
  useDocumentTitle(`${title} (staff)`);
  const role = staffRole();
  const navigate = useNavigate();
  const [asking, setAsking] = useState(false);
  const logout = async () => {
    await staffSignOut();
    clearStaffSession();
    navigate(STAFF_SIGN_IN);
  };
  return (
    <div className={styles.shell}>
      <nav className={styles.nav} aria-label="Staff">
        <ul>
          {links
            .filter((l) => staffCan(role, l.permission))
            .map((l) => (
              <li key={l.to}>
                <NavLink to={l.to} end={l.end} className={styles.navLink}>
                  {l.label}
                </NavLink>
              </li>
            ))}
        </ul>
        <span className={styles.who}>Role: {role ?? 'unknown'}</span>
        <Button variant="secondary" onClick={() => setAsking(true)}>
          Logout
        </Button>
      </nav>
      <div>
        <h1>{title}</h1>
        {children}
      </div>
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
