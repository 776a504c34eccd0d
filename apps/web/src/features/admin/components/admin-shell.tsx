import type { ReactNode } from 'react';
import { NavLink } from 'react-router';
import { staffCan, type StaffPermission } from '@careslot/contracts/staff';
import { useDocumentTitle } from '../../../lib/document-title';
import { paths } from '../../../lib/paths';
import { staffRole } from '../api/staff-client';
import styles from './admin.module.css';

const links: { to: string; label: string; permission: StaffPermission; end?: boolean }[] = [
  { to: paths.adminHome, label: 'Admin home', permission: 'readAdminHome', end: true },
  { to: paths.adminProviders, label: 'Providers', permission: 'verifyProviders', end: true },
  { to: paths.adminVerifiedProviders, label: 'Verified providers', permission: 'verifyProviders' },
  { to: paths.adminGallery, label: 'Gallery and homepage', permission: 'uploadToGallery' },
  { to: paths.adminPayments, label: 'Appointment History', permission: 'readPayments' },
  { to: paths.adminPayouts, label: 'Payouts', permission: 'readPayouts' },
  { to: paths.adminReconciliation, label: 'Reconciliation', permission: 'readPayouts' },
  { to: paths.adminSuperUsers, label: 'Super Users', permission: 'manageStaff' },
];

/** Whether the signed-in staff member's role has a permission (the server checks again on every call). */
export function useStaffCan(permission: StaffPermission): boolean {
  return staffCan(staffRole(), permission);
}

/** The staff area's frame: the links the role may use. Who is signed in and Logout are in the header (staff-account.tsx). */
export function AdminShell({ title, children }: { title: string; children: ReactNode }) {
  useDocumentTitle(`${title} (staff)`);
  const role = staffRole();
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
      </nav>
      <div>
        <h1>{title}</h1>
        {children}
      </div>
    </div>
  );
}
