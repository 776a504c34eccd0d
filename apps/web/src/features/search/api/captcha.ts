import { cookieNames, readCookie, writeCookie } from '../../../lib/storage';
import { paths } from '../../../lib/paths';

/**
 * ALTCHA, solved in the background with the `altcha` widget (invisible): the payload is sent as captchaValue with
 * searches. If solving fails (old browser, no workers) searches still work within the per-IP budget.
 *
 * The solved payload is kept in a cookie, `<savedAt>.<payload>`, sent only with the results page's own address: the server
 * that renders `/results` at request time then searches with it, as the browser would, and the search is made once
 * (decision 094). It lasts as long as the app uses it.
 */
const COOKIE = cookieNames.captcha;
const VALID_MS = 18 * 60 * 1000;

let pending: Promise<void> | null = null;

export function currentCaptchaValue(): string | undefined {
  const saved = /^(\d+)\.(.+)$/.exec(readCookie(COOKIE) ?? '');
  if (!saved) return undefined;
  const age = Date.now() - Number(saved[1]);
  return age >= 0 && age < VALID_MS ? saved[2] : undefined;
}

export function ensureCaptcha(): Promise<void> {
  if (currentCaptchaValue() || typeof window === 'undefined') return Promise.resolve();
  pending ??= solve().finally(() => {
    pending = null;
  });
  return pending;
}

async function solve(): Promise<void> {
  try {
    await import('altcha');
    const el = document.createElement('altcha-widget');
    el.setAttribute('aria-hidden', 'true');
    el.style.display = 'none';
    document.body.appendChild(el);
    try {
      await el.configure({ challenge: '/api/altcha-challenge', auto: 'off', display: 'invisible' });
      const result = await Promise.race([el.verify(), new Promise<null>((r) => setTimeout(() => r(null), 15_000))]);
      if (result?.payload) writeCookie(COOKIE, `${Date.now()}.${result.payload}`, VALID_MS / 1000, paths.results);
    } finally {
      el.remove();
    }
  } catch {
    // Searches go on without a captcha (per-IP budget).
  }
}

/**
 * Solves the captcha once the page is idle: the search on screen goes out without it (within the per-IP budget), so the
 * widget's code need not compete with the results for the network and the main thread (docs/performance.md).
 * Returns a function that cancels the wait.
 */
export function ensureCaptchaWhenIdle(): () => void {
  if (typeof window === 'undefined') return () => undefined;
  if (typeof window.requestIdleCallback === 'function') {
    const id = window.requestIdleCallback(() => void ensureCaptcha(), { timeout: 5000 });
    return () => window.cancelIdleCallback(id);
  }
  const t = setTimeout(() => void ensureCaptcha(), 2000);
  return () => clearTimeout(t);
}
