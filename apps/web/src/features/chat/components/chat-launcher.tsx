import { lazy, Suspense, useRef, useState, useSyncExternalStore } from 'react';
import { useLocation } from 'react-router';
import { getConsentId, subscribeConsent } from '../../../lib/consent';
import styles from '../chat.module.css';

const loadPanel = () => import('./chat-panel');
const ChatPanel = lazy(() => loadPanel().then((m) => ({ default: m.ChatPanel })));

/** Screens of providers and staff have no assistant: it is for the public and patients. */
const NOT_HERE = /^\/(dochome|doctor\/|admin-home|careslot-signin|provider-verify|company-verify)/;

/**
 * The chat launcher, bottom right (docs/chat.md, "The widget"). Only the button: the dialog with its library and the
 * conversation (chat-panel.tsx, which brings zod's chat contract and the dialog library) is fetched when the visitor
 * points at, focuses or presses it, never on a page's first load (docs/performance.md). Hidden until the cookie banner
 * has been answered, so it never covers it.
 */
export function ChatLauncher() {
  const { pathname } = useLocation();
  const consentId = useSyncExternalStore(subscribeConsent, getConsentId, () => 'server');
  const [open, setOpen] = useState(false);
  const [wanted, setWanted] = useState(false);
  const launcherRef = useRef<HTMLButtonElement>(null);

  if (!consentId || NOT_HERE.test(pathname)) return null;

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
