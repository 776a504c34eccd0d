/**
 * Built for Node by build/prerender.ts and run once at build time: the HTML of a public screen as a first visit sees it
 * (UK, signed out, nothing stored, no answers from the API yet), rendered by the same App the browser hydrates.
 */
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { createMemoryRouter } from 'react-router';
import { App } from '../src/app/app';
import { routes } from '../src/app/router';

export async function renderScreen(url: string): Promise<string> {
  const router = createMemoryRouter(routes, { initialEntries: [url] });
  // The screen's lazy route (its code and the 100 ms floor) resolves first, as main.tsx waits for it before hydrating.
  await new Promise<void>((resolve) => {
    if (router.state.initialized) return resolve();
    const stop = router.subscribe((state) => {
      if (state.initialized) {
        stop();
        resolve();
      }
    });
  });
  if (router.state.errors) throw new Error(`prerender of ${url} failed: ${JSON.stringify(router.state.errors)}`);
  const html = renderToString(
    <StrictMode>
      <App router={router} />
    </StrictMode>,
  );
  router.dispose();
  return html;
}
