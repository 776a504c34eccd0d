import { useEffect, useRef } from 'react';
import { Outlet, ScrollRestoration, useLocation, useNavigation } from 'react-router';
import { DeferredChatWidget } from '../../features/chat/components/deferred-chat-widget';
import { chatShownAt } from '../../features/chat/shown-at';
import { CookieBanner } from './cookie-banner';
import { DeferredToasts } from './deferred-toasts';
import { SiteFooter } from './site-footer';
import { SiteHeader } from './site-header';

/**
 * Cookie banner, skip link, header, page, footer. Toasts: top-right, 5000 ms (docs/public-site.md). The banner comes first
 * (as GOV.UK places its own): a keyboard or screen-reader user meets the question before anything else, and the
 * browser paints it with the top of the page (decision 087).
 */
export function RootLayout() {
  const navigation = useNavigation();
  const { pathname } = useLocation();
  const mainRef = useRef<HTMLElement>(null);
  const firstPath = useRef(pathname);

  // After client-side navigation, start screen readers and keyboard users at the new content, not the old link.
  useEffect(() => {
    if (pathname === firstPath.current) return;
    firstPath.current = '';
    mainRef.current?.focus({ preventScroll: true });
  }, [pathname]);

  return (
    <div className="app-shell">
      <CookieBanner launcherRoom={chatShownAt(pathname)} />
      <a className="skip-link" href="#main">
        Skip to main content
      </a>
      {navigation.state === 'loading' && <div className="route-progress" role="progressbar" aria-label="Loading page" />}
      <SiteHeader />
      <main id="main" ref={mainRef} tabIndex={-1}>
        <Outlet />
      </main>
      <SiteFooter />
      <DeferredChatWidget />
      <DeferredToasts />
      <ScrollRestoration />
    </div>
  );
}
