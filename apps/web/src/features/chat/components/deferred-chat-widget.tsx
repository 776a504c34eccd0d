import { lazy, Suspense, useEffect, useState } from 'react';

const ChatLauncher = lazy(() => import('./chat-launcher').then((m) => ({ default: m.ChatLauncher })));

/**
 * The chat launcher, kept out of the first load (docs/performance.md): the button's small chunk is fetched once the page
 * is idle, or at the visitor's first key, tap or click, whichever comes first; the dialog itself (its library, the
 * conversation, the chat contract) only when the launcher is used (chat-launcher.tsx).
 */
export function DeferredChatWidget() {
  const [ready, setReady] = useState(false);

  useEffect(() => {
    if (ready) return;
    const go = () => setReady(true);
    const events = ['pointerdown', 'keydown', 'touchstart'] as const;
    events.forEach((e) => window.addEventListener(e, go, { once: true, passive: true, capture: true }));
    const idleId =
      typeof window.requestIdleCallback === 'function' ? window.requestIdleCallback(go, { timeout: 4000 }) : window.setTimeout(go, 1500);
    return () => {
      events.forEach((e) => window.removeEventListener(e, go, { capture: true }));
      if (typeof window.cancelIdleCallback === 'function') window.cancelIdleCallback(idleId);
      else window.clearTimeout(idleId);
    };
  }, [ready]);

  return ready ? (
    <Suspense fallback={null}>
      <ChatLauncher />
    </Suspense>
  ) : null;
}
