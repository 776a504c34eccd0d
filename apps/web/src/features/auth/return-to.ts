/**
 * The way back to where a patient was going (docs/accounts.md, "Coming back after signing in"): sign-in, registration,
 * the check-your-inbox screen and the e-mailed link each pass it on, always through `safeReturnTo`.
 */
import { safeReturnTo } from '../../lib/session';

/** What /modal is told by the screen that opens it. */
export interface VerificationState {
  email?: string;
  reason?: 'registered' | 'unverified';
  /** Where the patient goes after confirming and signing in. */
  returnTo?: string | null;
}

/** `path` with `?returnTo=` when there is a safe page to come back to. */
export function withReturnTo(path: string, returnTo: string | null | undefined): string {
  const safe = safeReturnTo(returnTo ?? null);
  return safe ? `${path}?${new URLSearchParams({ returnTo: safe })}` : path;
}
