/**
 * What the server renders a page with (decision 081). `/results?…` and a provider's profile are rendered at request time
 * with the answers the API gave the first screen's own GET calls, asked on the visitor's behalf; the screens' queries take
 * them as initial data by URL (the URL apiFetch would ask), and cookies are read from the request. Both exist only during
 * the server's render, which is synchronous, so one visitor's answers or cookies never reach another's page. In the
 * browser the same data arrives in the query cache instead (main.tsx), so nothing is set here.
 */
/** The element holding the query cache a page was rendered with (JSON), which main.tsx hydrates. */
export const ANSWERS_ELEMENT_ID = 'careslot-answers';

interface Rendering {
  answers: ReadonlyMap<string, unknown>;
  cookie: string;
  taken: Set<string>;
}

let rendering: Rendering | undefined;

/** The answer the server renders this page with for a GET of exactly this URL, if any. */
export function renderedAnswer<T>(url: string): T | undefined {
  if (!rendering?.answers.has(url)) return undefined;
  rendering.taken.add(url);
  return rendering.answers.get(url) as T;
}

/** The cookies of the request being rendered on the server (its Cookie header); undefined in the browser. */
export function renderingCookies(): string | undefined {
  return rendering?.cookie;
}

/**
 * Server only: runs a synchronous render with the answers (by URL) and the request's cookies available to the screens;
 * `untaken` lists the answers no query asked for (the screen asked other URLs than the server expected).
 */
export function renderWithAnswers<R>(
  answers: ReadonlyMap<string, unknown>,
  cookie: string,
  render: () => R,
): { value: R; untaken: string[] } {
  const current: Rendering = { answers, cookie, taken: new Set() };
  rendering = current;
  try {
    const value = render();
    return { value, untaken: [...answers.keys()].filter((url) => !current.taken.has(url)) };
  } finally {
    rendering = undefined;
  }
}
