import type { LoginResponse } from '@careslot/contracts/auth';
import { safeReturnPath } from '@careslot/contracts/return-path';
import { DEFAULT_DOCTOR_IMAGE } from './doctor-image';
import { cookieNames, deleteCookie, readCookie, storageKeys } from './storage';

/**
 * The browser side of a patient session (docs/accounts.md, "Sessions and cookies"). The server sets the cookies: access_token and user_id
 * (readable here, so "logged in" is their presence) and the httpOnly refresh_token that only the server reads.
 */

const listeners = new Set<() => void>();

/** For useSyncExternalStore: re-render when the session starts or ends in this tab or another one. */
export function subscribeSession(listener: () => void): () => void {
  listeners.add(listener);
  const onStorage = (e: StorageEvent) => {
    if (e.key === storageKeys.isLoggedIn || e.key === storageKeys.firstName) notifySession();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

export function notifySession(): void {
  for (const l of listeners) l();
}

export function currentUserId(): string | null {
  return readCookie(cookieNames.userId);
}

export function isDemoSession(): boolean {
  return !!readCookie(cookieNames.demoAccessToken) && !readCookie(cookieNames.accessToken);
}

/** Logged in when an access token and the user id exist. */
export function isLoggedIn(): boolean {
  return !!(readCookie(cookieNames.accessToken) || readCookie(cookieNames.demoAccessToken)) && !!currentUserId();
}

/** Could a refresh bring the session back? (the access token expired; the user id cookie lives as long as the refresh token) */
export function mightRefresh(): boolean {
  return !!currentUserId() && localStorage.getItem(storageKeys.isLoggedIn) === 'true';
}

/** The provider keys of this browser (docs/providers-onboarding.md, "Browser keys"). */
const PROVIDER_KEYS = [
  storageKeys.providerAccessToken,
  storageKeys.providerAuthToken,
  storageKeys.providerId,
  storageKeys.providerLocatedRegion,
];

/** What every sign-in keeps: the logged-in flag, the header's name, the account's unique id and the default picture. */
function rememberAccount(firstName: string, userId: string | undefined): void {
  localStorage.setItem(storageKeys.isLoggedIn, 'true');
  localStorage.setItem(storageKeys.firstName, firstName);
  if (userId) localStorage.setItem(storageKeys.userUniqueId, userId);
  localStorage.setItem(storageKeys.defaultDoctorImage, DEFAULT_DOCTOR_IMAGE);
  localStorage.removeItem(storageKeys.authToken);
}

/** A patient signed in (or their name changed: no `userId` then, the stored one stays). */
export function markSignedIn(firstName: string, userId?: string): void {
  rememberAccount(firstName, userId);
  // A patient session: whatever a provider left in this browser is not theirs.
  for (const key of PROVIDER_KEYS) localStorage.removeItem(key);
  notifySession();
}

/**
 * A provider signed in (user_type 'provider'): the same cookies as patients, plus provider_id, the provider-area
 * access token and the provider's region, so the header and the workspace know whose session this is without asking a
 * patient call.
 */
export function markProviderSignedIn(res: Pick<LoginResponse, 'user_id' | 'first_name' | 'tokens' | 'region'>): void {
  rememberAccount(res.first_name, res.user_id);
  localStorage.setItem(storageKeys.providerId, res.user_id);
  localStorage.setItem(storageKeys.providerAccessToken, res.tokens.access_token);
  if (res.region) localStorage.setItem(storageKeys.providerLocatedRegion, res.region);
  localStorage.removeItem(storageKeys.providerAuthToken);
  notifySession();
}

/** A sign-in or refresh answer, kept as its account type says. */
export function rememberSignIn(res: Pick<LoginResponse, 'user_id' | 'first_name' | 'tokens' | 'region' | 'user_type'>): void {
  if (res.user_type === 'provider') markProviderSignedIn(res);
  else markSignedIn(res.first_name, res.user_id);
}

/** True when the signed-in account is a provider (provider_id is the session's user id). */
export function isProviderSession(): boolean {
  const id = currentUserId();
  return !!id && localStorage.getItem(storageKeys.providerId) === id;
}

/** Forgets what logout must forget (docs/accounts.md, "Screens"): chat session, tokens, user id, profile phone and e-mail, unique id, logged-in flag. */
export function clearLocalSession(): void {
  for (const key of [
    storageKeys.chatbotSession,
    storageKeys.profilePhone,
    storageKeys.profileEmail,
    storageKeys.userUniqueId,
    storageKeys.authToken,
    storageKeys.firstName,
    ...PROVIDER_KEYS,
  ]) {
    localStorage.removeItem(key);
  }
  sessionStorage.removeItem(storageKeys.chatbotSession);
  localStorage.setItem(storageKeys.isLoggedIn, 'false');
  for (const name of [cookieNames.accessToken, cookieNames.userId, cookieNames.demoAccessToken]) deleteCookie(name);
  notifySession();
}

let refreshing: Promise<boolean> | null = null;

/**
 * Trades the httpOnly refresh cookie for new tokens. One refresh at a time per tab, and across tabs through a
 * Web Lock: refresh tokens are single-use, so two tabs refreshing with the same one would look like a replay.
 */
export function refreshSession(): Promise<boolean> {
  refreshing ??= (async () => {
    const run = async () => {
      // Another tab may have refreshed while we waited for the lock.
      if (readCookie(cookieNames.accessToken) || readCookie(cookieNames.demoAccessToken)) return true;
      try {
        const res = await fetch('/api/token/refresh', { method: 'POST', credentials: 'include', headers: { Accept: 'application/json' } });
        if (!res.ok) {
          if (res.status === 401) clearLocalSession();
          return false;
        }
        const body = (await res.json()) as LoginResponse;
        // A provider's refresh keeps the provider keys (a patient's forgets them).
        if (body.first_name) rememberSignIn(body);
        return true;
      } catch {
        return false;
      }
    };
    try {
      return navigator.locks ? await navigator.locks.request('careslot-refresh', run) : await run();
    } finally {
      refreshing = null;
    }
  })();
  return refreshing;
}

/** Ends the session on the server (revokes the refresh token), then forgets it here. */
export async function logout(): Promise<void> {
  try {
    await fetch('/api/user-logout', { method: 'POST', credentials: 'include', headers: { Accept: 'application/json' } });
  } catch {
    // Offline: the local session is still cleared; the refresh token expires by itself.
  }
  clearLocalSession();
}

/**
 * Where to return after signing in: a same-site path only (no //host, no scheme, no backslash or encoded tricks),
 * never back to the sign-in screens (`safeReturnPath`, docs/accounts.md).
 */
export function safeReturnTo(value: string | null): string | null {
  return safeReturnPath(value);
}
