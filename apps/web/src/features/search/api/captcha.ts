/**
 * ALTCHA, solved in the background with the `altcha` widget (invisible): the payload is sent as captchaValue with
 * searches. If solving fails (old browser, no workers) searches still work within the per-IP budget.
 */
const STORAGE_KEY = 'careslot_captcha';
const VALID_MS = 18 * 60 * 1000;

let pending: Promise<void> | null = null;

export function currentCaptchaValue(): string | undefined {
  try {
    const raw = sessionStorage.getItem(STORAGE_KEY);
    if (!raw) return undefined;
    const { payload, savedAt } = JSON.parse(raw) as { payload: string; savedAt: number };
    return Date.now() - savedAt < VALID_MS ? payload : undefined;
  } catch {
    return undefined;
  }
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
      if (result?.payload) sessionStorage.setItem(STORAGE_KEY, JSON.stringify({ payload: result.payload, savedAt: Date.now() }));
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
