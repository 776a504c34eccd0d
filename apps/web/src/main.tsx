import { StrictMode } from 'react';
import { flushSync } from 'react-dom';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { createBrowserRouter } from 'react-router';
import { App, type AppRouter } from './app/app';
import { markFirstScreenShown } from './app/lazy';
import { routes } from './app/router';
import { prerenderFit } from './lib/first-screen';
import './styles.css';

const router = createBrowserRouter(routes);
const container = document.getElementById('root')!;
const app = (
  <StrictMode>
    <App router={router} />
  </StrictMode>
);

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
  void screenReady(router).then(() => {
    if (prerendered === location.pathname && prerenderFit() === 'same') {
      hydrateRoot(container, app);
    } else {
      const root = createRoot(container);
      flushSync(() => root.render(app));
    }
    delete container.dataset.prerendered;
    document.documentElement.removeAttribute('data-prerender');
  });
}
