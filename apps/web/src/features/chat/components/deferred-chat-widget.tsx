import { lazy, Suspense, useEffect, useState } from 'react';
import { whenLoadedAndIdle } from '../../../lib/idle';

const ChatLauncher = lazy(() => import('./chat-launcher').then((m) => ({ default: m.ChatLauncher })));

/**
 * The chat launcher, kept out of the first load (docs/performance.md): the button's small chunk is fetched once the page
 * has loaded and is idle (an idle moment before the load event would make it first-load code, decision 073), or at the
 * visitor's first key, tap or click, whichever comes first; the dialog itself (its library, the conversation, the chat
 * contract) only when the launcher is used (chat-launcher.tsx).
 */
export function DeferredChatWidget() {
  const [ready, setReady] = useState(false);

  useEffect(() => {
    if (ready) return;
    const go = () => setReady(true);
    const events = ['pointerdown', 'keydown', 'touchstart'] as const;
    events.forEach((e) => window.addEventListener(e, go, { once: true, passive: true, capture: true }));
    const cancelIdle = whenLoadedAndIdle(go);
    return () => {
      events.forEach((e) => window.removeEventListener(e, go, { capture: true }));
      cancelIdle();
    };
  }, [ready]);

  return ready ? (
    <Suspense fallback={null}>
      <ChatLauncher />
    </Suspense>
  ) : null;
}
