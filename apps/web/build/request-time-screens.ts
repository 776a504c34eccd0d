/**
 * The screens the API renders at request time (decision 081), and the page template of each: index.html as the build
 * writes it for that screen (its stylesheets linked), written to `dist/server/` beside the server entry, never served
 * as a file.
 */
export const REQUEST_TIME_SCREENS = { results: 'results.html', profile: 'profile.html' } as const;
export type RequestTimeScreen = keyof typeof REQUEST_TIME_SCREENS;

export function requestTimeScreen(pathname: string): RequestTimeScreen | null {
  if (pathname === '/results') return 'results';
  if (/^\/doctor-profile\/[^/]+\/[^/]+\/?$/.test(pathname)) return 'profile';
  return null;
}

/** The empty root of index.html, which a rendered page fills. */
export const ROOT_TAG = '<div id="root"></div>';

/** `<html data-answers>`: the page carries its first screen's answers, so the first-screen script asks for none. */
export const ANSWERS_MARK = 'data-answers';

/**
 * `<html data-paint-first>`: the page paints from its HTML and stylesheets alone, so it preloads no script; the
 * first-screen script asks for the entry's and the screen's code once the page has painted. Set on every page whose HTML
 * is rendered: the request-time pages (decision 081) and the home page's build-time HTML (decision 087).
 */
export const PAINT_FIRST_MARK = 'data-paint-first';
