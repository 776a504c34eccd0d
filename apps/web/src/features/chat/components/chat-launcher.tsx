import { lazy, Suspense, useLayoutEffect, useRef, useState, useSyncExternalStore, type RefObject } from 'react';
import { useLocation } from 'react-router';
import { getConsentId, subscribeConsent } from '../../../lib/consent';
import { chatShownAt, LAUNCHER_ROOM_ATTRIBUTE } from '../shown-at';
import styles from '../chat.module.css';

const loadPanel = () => import('./chat-panel');
const ChatPanel = lazy(() => loadPanel().then((m) => ({ default: m.ChatPanel })));

/**
 * Where the launcher sits while the cookie banner is up: in the room the banner keeps for it (its top right corner), so
 * it covers neither the banner's buttons nor anything on the page (decision 096). Both are fixed to the bottom of the
 * screen, so the place is measured again only when the banner changes size or the window does. Once the banner has been
 * answered (or on a screen without it) the launcher is back in its own corner.
 */
function useBannerRoom(launcher: RefObject<HTMLButtonElement | null>, consentId: string | null, pathname: string): void {
  useLayoutEffect(() => {
    const button = launcher.current;
    const room = document.querySelector<HTMLElement>(`[${LAUNCHER_ROOM_ATTRIBUTE}]`);
    if (!button || !room) return;
    const measure = () => {
      const r = room.getBoundingClientRect();
      const root = document.documentElement;
      Object.assign(button.style, {
        right: `${root.clientWidth - r.right}px`,
        bottom: `${root.clientHeight - r.bottom}px`,
        width: `${r.width}px`,
        height: `${r.height}px`,
      });
    };
    button.setAttribute('data-in-banner', '');
    measure();
    const resized = new ResizeObserver(measure);
    resized.observe(room.parentElement ?? room);
    window.addEventListener('resize', measure);
    return () => {
      resized.disconnect();
      window.removeEventListener('resize', measure);
      button.removeAttribute('data-in-banner');
      button.style.cssText = '';
    };
  }, [launcher, consentId, pathname]);
}

/**
 * The chat launcher, bottom right (docs/chat.md, "The widget"). Only the button: the dialog with its library and the
 * conversation (chat-panel.tsx, which brings zod's chat contract and the dialog library) is fetched when the visitor
 * points at, focuses or presses it, never on a page's first load (docs/performance.md). While the cookie banner is up it
 * sits in the banner's corner (useBannerRoom), so a visitor who leaves the banner unanswered can still ask for help.
 */
export function ChatLauncher() {
  const { pathname } = useLocation();
  const consentId = useSyncExternalStore(subscribeConsent, getConsentId, () => null);
  const [open, setOpen] = useState(false);
  const [wanted, setWanted] = useState(false);
  const launcherRef = useRef<HTMLButtonElement>(null);
  useBannerRoom(launcherRef, consentId, pathname);

  if (!chatShownAt(pathname)) return null;

  const warm = () => void loadPanel();
  return (
    <>
      <button
        ref={launcherRef}
        type="button"
        className={styles.launcher}
        aria-haspopup="dialog"
        aria-expanded={open}
        onPointerEnter={warm}
        onFocus={warm}
        onClick={() => {
          setWanted(true);
          setOpen((o) => !o);
        }}
      >
        <svg aria-hidden="true" className={styles.launcherIcon} viewBox="0 0 24 24" width="20" height="20">
          <path
            fill="currentColor"
            d="M4 4h16a2 2 0 0 1 2 2v10a2 2 0 0 1-2 2H9l-5 4v-4a2 2 0 0 1-2-2V6a2 2 0 0 1 2-2zm3 6a1.5 1.5 0 1 0 0 3 1.5 1.5 0 0 0 0-3zm5 0a1.5 1.5 0 1 0 0 3 1.5 1.5 0 0 0 0-3zm5 0a1.5 1.5 0 1 0 0 3 1.5 1.5 0 0 0 0-3z"
          />
        </svg>
        Ask CareSlot
      </button>
      {wanted && (
        <Suspense fallback={null}>
          <ChatPanel open={open} onOpenChange={setOpen} launcher={launcherRef} />
        </Suspense>
      )}
    </>
  );
}
