import type { DehydratedState } from '@tanstack/react-query';
import { StrictMode, startTransition, useEffect, type ReactNode } from 'react';
import { flushSync } from 'react-dom';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { createBrowserRouter } from 'react-router';
import { App, type AppRouter } from './app/app';
import { markFirstScreenShown } from './app/lazy';
import { routes } from './app/router';
import { prerenderFit } from './lib/first-screen';
import { queryClient } from './lib/query-client';
import { ANSWERS_ELEMENT_ID } from './lib/server-render';
import './styles.css';

// A page rendered at request time (decision 081) carries the API answers it was rendered with: they go into the query
// cache before anything renders, so the screen hydrates with the same data and does not ask for it again. They count as
// received now, whatever the server's clock says, so they are as fresh as an answer the browser had just fetched. Only
// answers are carried (no errors, no pending queries), so setting each query's data is the whole of react-query's
// `hydrate` here, without its ≈ 1 KB in the entry chunk.
const answers = document.getElementById(ANSWERS_ELEMENT_ID);
if (answers?.textContent) {
  const state = JSON.parse(answers.textContent) as DehydratedState;
  const now = Date.now();
  for (const q of state.queries) {
    if (q.state.status === 'success') queryClient.setQueryData(q.queryKey, q.state.data, { updatedAt: now });
  }
  answers.remove();
}

const router = createBrowserRouter(routes);
const container = document.getElementById('root')!;
const app = (
  <StrictMode>
    <App router={router} />
  </StrictMode>
);

/** Its children, and `done` called once they are committed (effects run after the commit, hydration's included). */
function Committed({ done, children }: { done: () => void; children: ReactNode }) {
  useEffect(done, [done]);
  return children;
}

/** Resolves once the first screen's lazy route has loaded (its code and the 100 ms floor): the first render is the screen. */
function screenReady(r: AppRouter): Promise<void> {
  return new Promise((resolve) => {
    if (r.state.initialized) return resolve();
    const stop = r.subscribe((state) => {
      if (state.initialized) {
        stop();
        resolve();
      }
    });
  });
}

void screenReady(router).then(markFirstScreenShown);

const prerendered = container.dataset.prerendered;
if (prerendered === undefined) {
  createRoot(container).render(app);
} else {
  // Build-time HTML of this screen (decision 070). A first visit hydrates it; anyone it does not fit exactly (another
  // region, a session, a cached list) gets it rendered anew in one step, hidden meanwhile when it would look different.
  // The marks come off once the app's HTML is in place: until then the stylesheet keeps hiding what this visitor must not
  // see (the banner's copy once they have answered it, a page that differs).
  const taken = () => {
    delete container.dataset.prerendered;
    document.documentElement.removeAttribute('data-prerender');
  };
  void screenReady(router).then(() => {
    if (prerendered === location.pathname && prerenderFit() === 'same') {
      // As a transition, hydration yields to the browser every few milliseconds instead of holding the main thread for
      // the whole page (a rendered results list or profile is a long task on a slow phone); the page is already painted.
      startTransition(() => {
        hydrateRoot(container, <Committed done={taken}>{app}</Committed>);
      });
    } else {
      const root = createRoot(container);
      flushSync(() => root.render(app));
      taken();
    }
  });
}
