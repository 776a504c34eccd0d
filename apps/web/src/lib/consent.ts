import { cookieNames, deleteCookie, readCookie, writeCookie } from './storage';

/**
 * Cookie consent (docs/public-site.md): accepting or rejecting stores a random `consentID` cookie, which the browser
 * then sends with every same-site call; calls whose payload carries `consentID` (login, search) read it here.
 * The choice itself is kept beside it in local storage, so the banner does not ask again.
 */
export type ConsentChoice = 'accepted' | 'rejected';

const CHOICE_KEY = 'cookie_consent';
/** Ask again after roughly six months, as UK ICO guidance suggests for consent records. */
export const CONSENT_MAX_AGE_SECONDS = 180 * 24 * 60 * 60;

const listeners = new Set<() => void>();

function randomId(): string {
  // randomUUID exists only in secure contexts (https, localhost); getRandomValues everywhere.
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = new Uint8Array(16);
  crypto.getRandomValues(bytes);
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

/** The consent id to send in payloads, or null before the visitor has chosen. */
export function getConsentId(): string | null {
  return readCookie(cookieNames.consentId);
}

export function getConsentChoice(): ConsentChoice | null {
  if (!getConsentId()) return null;
  try {
    const choice = localStorage.getItem(CHOICE_KEY);
    return choice === 'accepted' || choice === 'rejected' ? choice : null;
  } catch {
    return null;
  }
}

/** Records the visitor's choice; keeps an existing id so the record stays one visitor's. */
export function recordConsent(choice: ConsentChoice): string {
  const id = getConsentId() ?? randomId();
  writeCookie(cookieNames.consentId, id, CONSENT_MAX_AGE_SECONDS);
  try {
    localStorage.setItem(CHOICE_KEY, choice);
  } catch {
    // Storage can be disabled; the cookie alone still hides the banner.
  }
  listeners.forEach((l) => l());
  return id;
}

/** Withdraws consent: the banner asks again (the privacy notice offers this). */
export function clearConsent(): void {
  deleteCookie(cookieNames.consentId);
  try {
    localStorage.removeItem(CHOICE_KEY);
  } catch {
    // ignore
  }
  listeners.forEach((l) => l());
}

export function subscribeConsent(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
