import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { paths } from '../../../lib/paths';
import { isDemoSession, isProviderSession } from '../../../lib/session';
import { useAccountDetails } from '../api/account-api';
import { LogoutDialog } from './logout-dialog';
import styles from './header-account.module.css';

/**
 * The signed-in half of the header's account area (docs/accounts.md, "Screens"): a profile-picture button with the first
 * name, opening Profile (Dashboard for a provider) and Logout. Its own chunk (with the menu and dialog library), loaded only for a signed-in
 * visitor (docs/performance.md).
 */
export default function AccountMenu({ userId, sessionFirstName }: { userId: string | null; sessionFirstName: string }) {
  const navigate = useNavigate();
  // A provider's session never asks the patients' call (it would answer 403): the menu offers the workspace instead.
  const provider = isProviderSession();
  const details = useAccountDetails(provider ? null : userId);
  const [confirmOpen, setConfirmOpen] = useState(false);

  const firstName = details.data?.first_name ?? sessionFirstName;
  const picture = details.data?.profile_image;
  return (
    <>
      <DropdownMenu.Root modal={false}>
        {/* The name starts with what the button shows (the first name, and "Demo" in a demo session): label in name. */}
        <DropdownMenu.Trigger
          className={styles.trigger}
          aria-label={`${[firstName, isDemoSession() ? 'Demo' : ''].filter(Boolean).join(' ') || 'Your'} account menu`}
        >
          {/* The initial is drawn by CSS (data-initial), so it is not text next to the name: the visible text is the name. */}
          <span
            className={styles.avatar}
            aria-hidden="true"
            data-initial={picture ? undefined : (firstName.charAt(0) || '?').toUpperCase()}
          >
            {picture ? <img src={picture} alt="" width={34} height={34} /> : null}
          </span>
          <span className={styles.name}>{firstName}</span>
          {isDemoSession() && <span className={styles.demoBadge}>Demo</span>}
          <svg className={styles.chevron} viewBox="0 0 24 24" width="16" height="16" aria-hidden="true">
            <path d="M6 9l6 6 6-6" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
          </svg>
        </DropdownMenu.Trigger>
        <DropdownMenu.Portal>
          {/* A press in this list is a press in the header's folded menu (SITE_MENU_LAYER, lib/site-menu.ts). */}
          <DropdownMenu.Content className={styles.menu} align="end" sideOffset={8} data-site-menu-layer="">
            {details.data?.email && <DropdownMenu.Label className={styles.label}>{details.data.email}</DropdownMenu.Label>}
            {provider ? (
              <DropdownMenu.Item className={styles.item} onSelect={() => navigate(paths.providerHome)}>
                Dashboard
              </DropdownMenu.Item>
            ) : (
              <DropdownMenu.Item className={styles.item} onSelect={() => navigate(paths.userProfile)}>
                Profile
              </DropdownMenu.Item>
            )}
            <DropdownMenu.Separator className={styles.separator} />
            <DropdownMenu.Item className={styles.item} onSelect={() => setConfirmOpen(true)}>
              Logout
            </DropdownMenu.Item>
          </DropdownMenu.Content>
        </DropdownMenu.Portal>
      </DropdownMenu.Root>
      <LogoutDialog open={confirmOpen} onOpenChange={setConfirmOpen} />
    </>
  );
}
