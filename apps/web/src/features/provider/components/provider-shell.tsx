import { useId, useState, type ReactNode } from 'react';
import { NavLink, useLocation } from 'react-router';
import type { OwnProfile } from '@careslot/contracts/provider-workspace';
import { paths } from '../../../lib/paths';
import { ProviderLogoutDialog } from './provider-logout-dialog';
import styles from './provider-shell.module.css';

const icon = (d: string) => (
  <svg className={styles.icon} viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
    <path d={d} fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" />
  </svg>
);
const icons = {
  dashboard: icon('M3 13h8V3H3v10zm10 8h8V11h-8v10zM3 21h8v-6H3v6zm10-18v6h8V3h-8z'),
  calendar: icon('M7 3v3m10-3v3M4 9h16M5 6h14a1 1 0 0 1 1 1v12a1 1 0 0 1-1 1H5a1 1 0 0 1-1-1V7a1 1 0 0 1 1-1z'),
  card: icon('M3 7h18v10H3zM3 11h18M7 15h3'),
  person: icon('M12 12a4 4 0 1 0 0-8 4 4 0 0 0 0 8zm-7 9a7 7 0 0 1 14 0'),
  logout: icon('M15 12H4m0 0 4-4m-4 4 4 4M14 4h5a1 1 0 0 1 1 1v14a1 1 0 0 1-1 1h-5'),
};
const chevron = (
  <svg className={styles.chevron} viewBox="0 0 24 24" width="18" height="18" aria-hidden="true">
    <path d="M6 9l6 6 6-6" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
  </svg>
);

function Item({ to, children, end }: { to: string; children: ReactNode; end?: boolean }) {
  return (
    <li>
      <NavLink to={to} end={end} className={styles.link}>
        {children}
      </NavLink>
    </li>
  );
}

/** A submenu that opens and closes (a disclosure button); open by default and while one of its screens is shown. */
function Group({ label, iconNode, children }: { label: string; iconNode: ReactNode; children: ReactNode }) {
  const [open, setOpen] = useState(true);
  const id = useId();
  return (
    <li>
      <button type="button" className={styles.group} aria-expanded={open} aria-controls={id} onClick={() => setOpen((o) => !o)}>
        <span style={{ display: 'inline-flex', alignItems: 'center', gap: 'var(--space-3)' }}>
          {iconNode}
          {label}
        </span>
        {chevron}
      </button>
      <ul id={id} className={styles.sublist} hidden={!open}>
        {children}
      </ul>
    </li>
  );
}

function initials(p: OwnProfile): string {
  return `${p.first_name.charAt(0)}${p.last_name.charAt(0)}`.toUpperCase();
}

/**
 * The workspace frame: a side menu with the provider's photo, name and qualifications (joined by commas) and the
 * screens — Dashboard; Appointments (Add New Availability, All Availabilities, Booked History); Payments (Earnings, Bank
 * Accounts); Profile; Logout. Below 768 px it collapses behind a Menu toggle.
 */
export function ProviderShell({ profile, children }: { profile: OwnProfile; children: ReactNode }) {
  const { pathname } = useLocation();
  // The collapsed menu is open for the screen it was opened on: choosing another screen closes it.
  const [openOn, setOpenOn] = useState<string | null>(null);
  const menuOpen = openOn === pathname;
  const [logoutOpen, setLogoutOpen] = useState(false);
  const menuId = useId();

  return (
    <div className={styles.workspace}>
      <aside className={styles.sidebar} aria-label="Provider workspace">
        <div className={styles.who}>
          <span className={styles.avatar} aria-hidden={!profile.profile_image}>
            {profile.profile_image ? <img src={profile.profile_image} alt="" /> : initials(profile)}
          </span>
          <div className={styles.whoText}>
            <p className={styles.name}>Dr {profile.name}</p>
            {profile.qualifications.length > 0 && <p className={styles.quals}>{profile.qualifications.join(', ')}</p>}
          </div>
        </div>
        <button
          type="button"
          className={styles.toggle}
          aria-expanded={menuOpen}
          aria-controls={menuId}
          onClick={() => setOpenOn(menuOpen ? null : pathname)}
        >
          Workspace menu
          {chevron}
        </button>
        <nav id={menuId} className={`${styles.nav} ${menuOpen ? '' : styles.menuClosed}`} aria-label="Workspace">
          <ul className={styles.list}>
            <Item to={paths.providerHome} end>
              {icons.dashboard}
              Dashboard
            </Item>
            <Group label="Appointments" iconNode={icons.calendar}>
              <Item to={paths.providerAvailabilityNew}>Add New Availability</Item>
              <Item to={paths.providerAvailabilityAll}>All Availabilities</Item>
              <Item to={paths.providerAppointmentHistory}>Booked History</Item>
              <Item to={paths.providerCalendar}>Calendar</Item>
            </Group>
            <Group label="Payments" iconNode={icons.card}>
              <Item to={paths.providerEarnings}>Earnings</Item>
              <Item to={paths.providerBankAccount}>Bank Accounts</Item>
            </Group>
            <Item to={paths.providerProfile}>
              {icons.person}
              Profile
            </Item>
            <li>
              <button type="button" className={styles.logout} onClick={() => setLogoutOpen(true)}>
                {icons.logout}
                Logout
              </button>
            </li>
          </ul>
        </nav>
      </aside>
      <div className={styles.content}>{children}</div>
      <ProviderLogoutDialog open={logoutOpen} onOpenChange={setLogoutOpen} />
    </div>
  );
}
