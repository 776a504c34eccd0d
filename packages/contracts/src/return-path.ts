/**
 * Where a sign-in may send someone back to (docs/accounts.md, "Coming back after signing in"): a path on this site and
 * nothing else, so a link carrying it can never send the person to another site (an open redirect). The web app applies
 * it to what it reads from the address bar; the API to what it puts into an e-mailed link. No zod here: the first
 * screens import it.
 */

/** Longest path accepted (a checkout's path with its slot query is well under it). */
export const RETURN_PATH_MAX = 512;

const BASE = 'http://careslot.invalid';
/** Screens a sign-in never sends back to (they would loop). */
const NOT_BACK_TO = /^\/(sign-in|register|modal|verify)(\/|$)/;
/** Two leading slashes or a backslash (browsers read `\` as `/`): another host. Control characters: browsers drop tabs and newlines, so '/\t/evil.example' is '//evil.example' to them. */
const HOST_LIKE = /^\/[/\\]/;
// eslint-disable-next-line no-control-regex -- control characters are exactly what this refuses
const UNSAFE_CHARACTERS = /[\\\u0000-\u001f\u007f]/;

/** True when the text, read as the browser would (and after up to three rounds of percent-decoding), stays on this site. */
function staysOnSite(value: string): boolean {
  let text = value;
  for (let round = 0; round < 4; round++) {
    if (!text.startsWith('/') || HOST_LIKE.test(text) || UNSAFE_CHARACTERS.test(text)) return false;
    let decoded: string;
    try {
      decoded = decodeURIComponent(text);
    } catch {
      return false;
    }
    if (decoded === text) return true;
    text = decoded;
  }
  return false;
}

/**
 * The same-site path to return to, normalised (`/a/../b` → `/b`), or null for anything else: empty, too long, a full
 * URL (`https://…`), a host-relative one (`//evil.example`, `/\evil.example`, `/%2F%2Fevil.example`), control
 * characters, or the sign-in screens themselves.
 */
export function safeReturnPath(value: string | null | undefined): string | null {
  if (!value || value.length > RETURN_PATH_MAX || !staysOnSite(value)) return null;
  let url: URL;
  try {
    url = new URL(value, BASE);
  } catch {
    return null;
  }
  if (url.origin !== BASE || NOT_BACK_TO.test(url.pathname)) return null;
  const path = `${url.pathname}${url.search}${url.hash}`;
  return staysOnSite(path) ? path : null;
}
