import { ApiError } from '../../../lib/api-client';
import { storageKeys } from '../../../lib/storage';
import type { StaffAccessResponse, StaffRole } from '@careslot/contracts/staff';

/**
 * The staff API client (docs/staff-admin.md, Sign-in and session). The access token lives in local storage; the refresh
 * token only in the httpOnly cookie the server sets for /staff/. A 401 triggers one refresh and one retry; a failed
 * refresh removes the token and goes to the staff sign-in; the refresh call itself is never retried.
 */
export const STAFF_SIGN_IN = '/careslot-signin';
const ROLE_KEY = 'admin_role';
const EMAIL_KEY = 'admin_email';

export function staffToken(): string | null {
  return localStorage.getItem(storageKeys.adminAccessToken);
}
export function staffRole(): StaffRole | null {
  return localStorage.getItem(ROLE_KEY) as StaffRole | null;
}
/** Who is signed in, for the header (a sign-in kept from before this key existed has none). */
export function staffEmail(): string | null {
  return localStorage.getItem(EMAIL_KEY);
}
export function storeStaffSession(s: StaffAccessResponse): void {
  localStorage.setItem(storageKeys.adminAccessToken, s.access);
  localStorage.setItem(ROLE_KEY, s.role);
  localStorage.setItem(EMAIL_KEY, s.email);
}
export function clearStaffSession(): void {
  localStorage.removeItem(storageKeys.adminAccessToken);
  localStorage.removeItem(ROLE_KEY);
  localStorage.removeItem(EMAIL_KEY);
}

/** Where a failed refresh sends the browser; replaced in tests. */
export const staffNavigation = { toSignIn: () => window.location.assign(STAFF_SIGN_IN) };

export interface StaffRequest {
  method?: string;
  query?: Record<string, string | number | undefined | null>;
  body?: unknown;
}

function urlWith(path: string, query?: StaffRequest['query']): string {
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(query ?? {})) if (v !== undefined && v !== null && v !== '') params.set(k, String(v));
  const qs = params.toString();
  return qs ? `${path}?${qs}` : path;
}

async function readBody(res: Response): Promise<unknown> {
  const text = await res.text();
  if (!text) return null;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

async function once(path: string, req: StaffRequest, token = staffToken()): Promise<Response> {
  const isForm = req.body instanceof FormData;
  return fetch(urlWith(path, req.query), {
    method: req.method ?? 'GET',
    credentials: 'include',
    headers: {
      Accept: 'application/json',
      ...(token ? { Authorization: `Bearer ${token}` } : {}),
      ...(req.body !== undefined && !isForm ? { 'Content-Type': 'application/json' } : {}),
    },
    body: req.body === undefined ? undefined : isForm ? (req.body as FormData) : JSON.stringify(req.body),
  });
}

/**
 * What a refresh came to: a new token; the sign-in has ended (the server said so); or no answer at all (the network
 * dropped, or the page is navigating away and the browser cancelled the call). Only the server's answer ends a sign-in:
 * a refresh cut off by a navigation used to remove the token and send the next page to the staff sign-in.
 */
type Refresh = 'refreshed' | 'ended' | 'unanswered';

let refreshing: Promise<Refresh> | null = null;

async function refreshOnce(): Promise<Refresh> {
  let res: Response;
  try {
    res = await fetch('/staff/token/refresh/', { method: 'POST', credentials: 'include', headers: { Accept: 'application/json' } });
  } catch {
    return 'unanswered';
  }
  if (res.status === 401 || res.status === 403) return 'ended';
  if (!res.ok) return 'unanswered';
  try {
    storeStaffSession((await res.json()) as StaffAccessResponse);
    return 'refreshed';
  } catch {
    return 'unanswered';
  }
}

/** One refresh at a time: calls that fail together share it. Never retried. */
function refreshStaffToken(): Promise<Refresh> {
  refreshing ??= refreshOnce().finally(() => {
    refreshing = null;
  });
  return refreshing;
}

/**
 * A staff call's raw answer, after at most one refresh and one retry. A 401 for a token that another call has already
 * replaced (its refresh finished while this call was on the wire) is retried with the new token, not refreshed again:
 * each refresh rotates the sign-in's cookie, and a needless one only adds a chance to lose its answer. A refresh that
 * got no answer leaves the sign-in as it is and answers the 401 (the screen shows its error; the next call tries again).
 */
export async function staffResponse(path: string, req: StaffRequest = {}): Promise<Response> {
  const sentWith = staffToken();
  let res = await once(path, req, sentWith);
  if (res.status === 401) {
    const replaced = staffToken() !== sentWith && staffToken() !== null;
    const refresh = replaced ? 'refreshed' : await refreshStaffToken();
    if (refresh === 'refreshed') {
      res = await once(path, req);
    } else if (refresh === 'ended') {
      clearStaffSession();
      staffNavigation.toSignIn();
    }
  }
  return res;
}

/** A staff call answering JSON; errors as ApiError with the server's sentence. */
export async function staffFetch<T>(path: string, req: StaffRequest = {}): Promise<T> {
  const res = await staffResponse(path, req);
  const data = await readBody(res);
  if (!res.ok) throw ApiError.fromAnswer(res.status, data);
  return data as T;
}
