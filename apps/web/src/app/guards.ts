import { redirect, type LoaderFunctionArgs } from 'react-router';
import { paths } from '../lib/paths';
import { cookieNames, readCookie, storageKeys } from '../lib/storage';

/** Where to return after signing in: only same-site paths. */
export function safeReturnTo(value: string | null): string | null {
  if (!value || !value.startsWith('/') || value.startsWith('//')) return null;
  return value;
}

/** Logged in when the access-token cookie exists (SPEC §2, §4). */
export function hasAccessToken(): boolean {
  return !!(
    readCookie(cookieNames.accessToken) ||
    readCookie(cookieNames.demoAccessToken) ||
    localStorage.getItem(storageKeys.providerAccessToken)
  );
}

export function requirePatientLoader({ request }: LoaderFunctionArgs) {
  if (hasAccessToken()) return null;
  const url = new URL(request.url);
  const returnTo = url.pathname + url.search;
  throw redirect(`${paths.signIn}?returnTo=${encodeURIComponent(returnTo)}`);
}

export function requireStaffLoader() {
  if (localStorage.getItem(storageKeys.adminAccessToken)) return null;
  throw redirect(paths.staffSignIn);
}
