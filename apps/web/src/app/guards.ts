import { redirect, type LoaderFunctionArgs } from 'react-router';
import { paths } from '../lib/paths';
import { mightRefresh, refreshSession } from '../lib/session';
import { cookieNames, readCookie, storageKeys } from '../lib/storage';

/** Logged in when the access-token cookie exists (docs/accounts.md, "Sessions and cookies"). */
export function hasAccessToken(): boolean {
  return !!(
    readCookie(cookieNames.accessToken) ||
    readCookie(cookieNames.demoAccessToken) ||
    localStorage.getItem(storageKeys.providerAccessToken)
  );
}

/**
 * Protected routes need an access token. The access token lives 15 minutes; when it has lapsed but the
 * session may still be alive (user_id cookie, logged-in flag), one silent refresh is tried before sign-in.
 */
export async function requirePatientLoader({ request }: LoaderFunctionArgs) {
  if (hasAccessToken()) return null;
  if (mightRefresh() && (await refreshSession())) return null;
  const url = new URL(request.url);
  const returnTo = url.pathname + url.search;
  throw redirect(`${paths.signIn}?returnTo=${encodeURIComponent(returnTo)}`);
}

export function requireStaffLoader() {
  if (localStorage.getItem(storageKeys.adminAccessToken)) return null;
  throw redirect(paths.staffSignIn);
}
