import { lazy, Suspense, useEffect, useState } from 'react';
import { useLocation } from 'react-router';
import { whenLoadedAndIdle } from '../../lib/idle';
import { paths } from '../../lib/paths';

const Toasts = lazy(() => import('./toasts'));

/** The screens a visitor lands on that raise no toast by themselves: there the container waits for the visitor. */
const quietFirstScreen = (pathname: string) =>
  pathname === paths.home || pathname.startsWith(paths.results) || pathname.startsWith('/doctor-profile/');

/**
 * The toast container, not part of the first load (docs/performance.md). Toasts follow something the visitor did (a
 * form sent, a payment) or a screen that reports on arrival (payment return, checkout). So the container mounts on the
 * first key, tap or click, on the first move to another screen, or — on any other first screen — once the page has
 * loaded and is idle (lib/idle.ts).
 * Nothing is lost meanwhile: react-toastify keeps toasts raised before a container exists and shows them when it mounts.
 */
export function DeferredToasts() {
  const { pathname } = useLocation();
  const [firstPath] = useState(pathname);
  const [interacted, setInteracted] = useState(false);
  const [idle, setIdle] = useState(false);
  const ready = interacted || pathname !== firstPath || (idle && !quietFirstScreen(firstPath));

  useEffect(() => {
    if (ready) return;
    const events = ['pointerdown', 'keydown', 'touchstart'] as const;
    const onInput = () => setInteracted(true);
    events.forEach((e) => window.addEventListener(e, onInput, { once: true, passive: true, capture: true }));
    const cancelIdle = whenLoadedAndIdle(() => setIdle(true));
    return () => {
      events.forEach((e) => window.removeEventListener(e, onInput, { capture: true }));
      cancelIdle();
    };
  }, [ready]);

  return ready ? (
    <Suspense fallback={null}>
      <Toasts />
    </Suspense>
  ) : null;
}
