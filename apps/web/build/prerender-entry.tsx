/**
 * The app's server entry, built for Node by build/prerender.ts into `dist/server/render.mjs` (self-contained: React, the
 * router and the app bundled in).
 *
 * - At build time, `renderScreen` writes the HTML of `/` as a first visit sees it (decision 070).
 * - At request time the API (apps/api/src/plugins/web.ts) renders `/results?…` and a provider's profile (decision 081):
 *   `firstScreenCalls` names the GET calls the screen makes on arrival, the API answers them on the visitor's behalf
 *   (their address and cookies, through its own routes), and `renderPage` renders the screen with those answers and
 *   writes the page: the screen's HTML in #root and the query cache's data beside it for the browser to hydrate.
 */
import { readFileSync } from 'node:fs';
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { createMemoryRouter } from 'react-router';
import { dehydrate } from '@tanstack/react-query';
import { DEFAULT_RADIUS, MAX_RADIUS_MILES, SEARCH_SORTS } from '@careslot/contracts/search-params';
import { App, type AppRouter } from '../src/app/app';
import { routes } from '../src/app/router';
import { earlyRequestUrls } from '../src/lib/first-screen';
import { createQueryClient } from '../src/lib/query-client';
import { ANSWERS_ELEMENT_ID, renderWithAnswers } from '../src/lib/server-render';
import { REQUEST_TIME_SCREENS, ROOT_TAG, requestTimeScreen, type RequestTimeScreen } from './request-time-screens';

/** Resolves once the screen's lazy route has loaded (its code; on the server the 100 ms floor has long passed). */
function initialized(router: AppRouter): Promise<void> {
  return new Promise<void>((resolve) => {
    if (router.state.initialized) return resolve();
    const stop = router.subscribe((state) => {
      if (state.initialized) {
        stop();
        resolve();
      }
    });
  });
}

/** Build time: the HTML of a public screen as a first visit sees it (UK, signed out, nothing stored, no answers yet). */
export async function renderScreen(url: string): Promise<string> {
  const router = createMemoryRouter(routes, { initialEntries: [url] });
  await initialized(router);
  if (router.state.errors) throw new Error(`prerender of ${url} failed: ${JSON.stringify(router.state.errors)}`);
  const html = renderToString(
    <StrictMode>
      <App router={router} client={createQueryClient()} />
    </StrictMode>,
  );
  router.dispose();
  return html;
}

/**
 * Request time: the GET calls (URLs as apiFetch writes them) the screen at `url` makes on arrival, for a visitor with
 * these cookies (a solved captcha among them) and no history state; null when the address is not rendered at request
 * time or its calls cannot be known. The server cannot read local storage, where the visitor's region is kept: a search
 * whose address does not name its region (the app's own addresses always do) is left to the browser, so it is never
 * made twice, first for the UK here and then for the visitor's region there (decision 094).
 */
export function firstScreenCalls(url: string, cookie: string): string[] | null {
  const { pathname, search } = new URL(url, 'http://localhost');
  if (!requestTimeScreen(pathname)) return null;
  if (pathname === '/results' && !['uk', 'usa'].includes(new URLSearchParams(search).get('region') ?? '')) return null;
  const calls = earlyRequestUrls(
    pathname,
    search,
    { defaultRadius: DEFAULT_RADIUS, maxRadius: MAX_RADIUS_MILES, sorts: SEARCH_SORTS },
    // The speciality list: asked as if none were cached (a browser that has one does not take that answer).
    { cookie, local: () => null, historyState: null },
  );
  return calls.length > 0 ? calls : null;
}

/** JSON that is safe inside a <script> element: no `<` (so no `</script>` or `<!--`), no line separators. */
export function scriptSafeJson(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

const escapeAttribute = (s: string) => s.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

const templates = new Map<RequestTimeScreen, string>();
function template(screen: RequestTimeScreen): string {
  let page = templates.get(screen);
  if (page === undefined) {
    page = readFileSync(new URL(`./${REQUEST_TIME_SCREENS[screen]}`, import.meta.url), 'utf8');
    templates.set(screen, page);
  }
  return page;
}

/**
 * Request time: the page for `url` rendered with `answers` (the 2xx bodies of `firstScreenCalls`, by URL) and the
 * request's cookies, or null when the screen did not render from them alone (its route failed, or a query the server
 * has not taken every answer, having asked for other URLs): the caller then sends the plain index.html.
 */
export async function renderPage(url: string, cookie: string, answers: Record<string, unknown>): Promise<string | null> {
  const { pathname } = new URL(url, 'http://localhost');
  const screen = requestTimeScreen(pathname);
  if (!screen) return null;
  const router = createMemoryRouter(routes, { initialEntries: [url] });
  try {
    await initialized(router);
    if (router.state.errors) return null;
    const client = createQueryClient();
    const { value: html, untaken } = renderWithAnswers(new Map(Object.entries(answers)), cookie, () =>
      renderToString(
        <StrictMode>
          <App router={router} client={client} />
        </StrictMode>,
      ),
    );
    // Every answer must have been taken by the screen's queries: otherwise the screen asked for other URLs than
    // expected, and the page would show a loading state where the browser's own calls then decide.
    if (untaken.length > 0) return null;
    const state = dehydrate(client);
    return template(screen).replace(
      ROOT_TAG,
      `<div id="root" data-prerendered="${escapeAttribute(pathname)}">${html}</div>\n    ` +
        `<script type="application/json" id="${ANSWERS_ELEMENT_ID}">${scriptSafeJson(state)}</script>`,
    );
  } finally {
    router.dispose();
  }
}
