import { lazy, Suspense, useEffect, useId, useRef, useState } from 'react';
import { Link, NavLink, useLocation } from 'react-router';
// app/ may import features (docs/web.md); the lint rule targets feature-to-feature imports.
import { HeaderAccount } from '../../features/auth/components/header-account';
import { isStaffScreen, paths } from '../../lib/paths';
import { SITE_MENU_LAYER } from '../../lib/site-menu';
import { LogoMark } from './logo';
import { RegionSelector } from './region-selector';
import styles from './site-header.module.css';

// Only staff screens need the staff account area: it stays out of everyone else's first load (docs/performance.md).
const StaffAccount = lazy(() => import('../../features/admin/components/staff-account'));

/**
 * Logo, About Us, Contact Us and the account area (a patient's or provider's; on the staff screens the staff member's);
 * the region selector on the home page only.
 * Below 960 px (docs/public-site.md) the links fold into a menu button: aria-expanded, focus moves into the menu,
 * Escape or a click outside closes it and gives focus back to the button; a press in a layer of the menu's own (the
 * account menu's list, marked with SITE_MENU_LAYER) is not outside.
 */
export function SiteHeader() {
  const { pathname } = useLocation();
  const isHome = pathname === paths.home;
  const staff = isStaffScreen(pathname);
  const [open, setOpen] = useState(false);
  const [seenPath, setSeenPath] = useState(pathname);
  const menuId = useId();
  const toggleRef = useRef<HTMLButtonElement>(null);
  const navRef = useRef<HTMLElement>(null);

  // Navigating closes the menu (state adjusted during render, not in an effect).
  if (seenPath !== pathname) {
    setSeenPath(pathname);
    setOpen(false);
  }

  useEffect(() => {
    if (!open) return;
    navRef.current?.querySelector<HTMLElement>('a, button')?.focus();
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') {
        setOpen(false);
        toggleRef.current?.focus();
      }
    };
    const onPointer = (e: PointerEvent) => {
      const target = e.target as Node;
      // The account menu opens in a layer of its own (a portal outside the nav): a press in it is a press in the menu.
      // Closing the nav there would hide the menu's trigger and move the menu from under the finger before the tap lands.
      if (target instanceof Element && target.closest(`[${SITE_MENU_LAYER}]`)) return;
      if (!navRef.current?.contains(target) && !toggleRef.current?.contains(target)) setOpen(false);
    };
    document.addEventListener('keydown', onKey);
    document.addEventListener('pointerdown', onPointer);
    return () => {
      document.removeEventListener('keydown', onKey);
      document.removeEventListener('pointerdown', onPointer);
    };
  }, [open]);

  const navClass = ({ isActive }: { isActive: boolean }) => `${styles.navLink}${isActive ? ` ${styles.active}` : ''}`;

  return (
    <header className={styles.header}>
      <div className={styles.inner}>
        <Link to={paths.home} className={styles.logo} aria-label="CareSlot, home">
          <LogoMark />
          <span className={styles.logoText} aria-hidden="true">
            CareSlot
          </span>
        </Link>
        {isHome && <RegionSelector />}
        <button
          ref={toggleRef}
          type="button"
          className={styles.toggle}
          aria-expanded={open}
          aria-controls={menuId}
          onClick={() => setOpen((o) => !o)}
        >
          <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true" focusable="false">
            {open ? (
              <path d="M6 6l12 12M18 6L6 18" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
            ) : (
              <path d="M4 7h16M4 12h16M4 17h16" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
            )}
          </svg>
          <span className={styles.toggleText}>Menu</span>
        </button>
        <nav ref={navRef} id={menuId} aria-label="Main" className={`${styles.nav}${open ? ` ${styles.navOpen}` : ''}`}>
          <ul className={styles.navList}>
            <li>
              <NavLink to={paths.aboutUs} className={navClass}>
                About Us
              </NavLink>
            </li>
            <li>
              <NavLink to={paths.contactUs} className={navClass}>
                Contact Us
              </NavLink>
            </li>
          </ul>
          <div className={styles.account}>
            {staff ? (
              <Suspense fallback={null}>
                <StaffAccount />
              </Suspense>
            ) : (
              <HeaderAccount />
            )}
          </div>
        </nav>
      </div>
    </header>
  );
}
