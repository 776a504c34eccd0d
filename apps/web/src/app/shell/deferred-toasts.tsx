import { lazy, Suspense, useEffect, useState } from 'react';

const Toasts = lazy(() => import('./toasts'));

/**
 * The toast container, mounted once the page is idle rather than in the first load (docs/performance.md). Nothing is
 * lost meanwhile: react-toastify keeps toasts raised before a container exists and shows them when it mounts.
 */
export function DeferredToasts() {
  const [ready, setReady] = useState(false);
  useEffect(() => {
    if (typeof window.requestIdleCallback === 'function') {
      const id = window.requestIdleCallback(() => setReady(true), { timeout: 3000 });
      return () => window.cancelIdleCallback(id);
    }
    const t = setTimeout(() => setReady(true), 1000);
    return () => clearTimeout(t);
  }, []);
  return ready ? (
    <Suspense fallback={null}>
      <Toasts />
    </Suspense>
  ) : null;
}
