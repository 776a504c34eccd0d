import { existsSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import AxeBuilder from '@axe-core/playwright';
import { chromium, type Browser, type BrowserContext, type Locator, type Page } from 'playwright-core';
import { expect, inject } from 'vitest';

export const artifactsDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../artifacts');

/** A real Chromium: CHROME_PATH, the system one, or the one @sparticuz/chromium carries inside its npm package. */
async function chromiumPath(): Promise<string> {
  if (process.env.CHROME_PATH) return process.env.CHROME_PATH;
  for (const p of ['/usr/bin/chromium', '/usr/bin/chromium-browser', '/usr/bin/google-chrome']) if (existsSync(p)) return p;
  const sparticuz = (await import('@sparticuz/chromium')).default;
  return sparticuz.executablePath();
}

let browserPromise: Promise<Browser> | null = null;
export function launchBrowser(): Promise<Browser> {
  browserPromise ??= chromiumPath().then((executablePath) =>
    chromium.launch({
      executablePath,
      headless: true,
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--disable-dev-shm-usage',
      ],
    }),
  );
  return browserPromise;
}

export const baseUrl = () => inject('baseUrl');

export async function newContext(opts: { width?: number; height?: number } = {}): Promise<BrowserContext> {
  const browser = await launchBrowser();
  const context = await browser.newContext({
    baseURL: baseUrl(),
    viewport: { width: opts.width ?? 1280, height: opts.height ?? 800 },
  });
  // No network beyond this machine: map tiles and third-party scripts are refused quickly instead of hanging.
  await context.route(/^https?:\/\/(?!127\.0\.0\.1|localhost)/, (route) => route.abort());
  return context;
}

/** Saves a screenshot under e2e/artifacts (kept by CI as evidence, and for failures). */
export async function screenshot(page: Page, name: string): Promise<string> {
  mkdirSync(artifactsDir, { recursive: true });
  const file = path.join(artifactsDir, `${name}.png`);
  // Wait (briefly) for images to finish, so the picture shows what a person sees.
  await page
    .waitForFunction(() => Array.from(document.images).every((img) => img.complete), undefined, { timeout: 3000 })
    .catch(() => undefined);
  await page.screenshot({ path: file, fullPage: true });
  return file;
}

/**
 * Runs axe and fails on any serious or critical violation. The experimental label-in-name rule is on too: a control's
 * accessible name must contain its visible text, so a voice-control user can say what they see (WCAG 2.5.3).
 */
export async function expectNoSeriousA11yIssues(page: Page, label: string): Promise<void> {
  // A toast or dialog caught mid fade-in has a contrast nobody reads at rest: let finite animations settle first.
  await page
    .waitForFunction(
      () => document.getAnimations().every((a) => a.playState !== 'running' || a.effect?.getComputedTiming().iterations === Infinity),
      undefined,
      { timeout: 3000 },
    )
    .catch(() => undefined);
  const results = await new AxeBuilder({ page })
    // options() replaces every option, so it goes before withTags().
    .options({ rules: { 'label-content-name-mismatch': { enabled: true } } })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'])
    .analyze();
  const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  const summary = serious.map(
    (v) =>
      `${v.id} (${v.impact}): ${v.help} — ${v.nodes
        .map((n) => n.target.join(' '))
        .slice(0, 3)
        .join(', ')}`,
  );
  expect(summary, `axe on ${label}`).toEqual([]);
}

/** A message in the dev mailbox (GET /dev/mail/messages). */
export interface DevMail {
  id: number;
  to: string;
  subject: string;
  text: string;
  html: string;
  /** The calendar attachment's text, or null. */
  ics: string | null;
}

/** Reads the dev mailbox for an address (newest first), waiting for a message to arrive. */
export async function waitForMail(to: string, match: (m: DevMail) => boolean = () => true, timeoutMs = 15_000): Promise<DevMail> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const res = await fetch(`${baseUrl()}/dev/mail/messages?to=${encodeURIComponent(to)}`);
    const messages = (await res.json()) as DevMail[];
    const found = messages.find(match);
    if (found) return found;
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`no mail for ${to} within ${timeoutMs} ms`);
}

/** The id of the newest message for an address (0 when none): later waits look only at what arrives after it. */
export async function lastMailId(email: string): Promise<number> {
  const res = await fetch(`${baseUrl()}/dev/mail/messages?to=${encodeURIComponent(email)}`);
  const list = (await res.json()) as { id: number }[];
  return list[0]?.id ?? 0;
}

/** The one-time code of the first verification e-mail after message `after`. */
export async function otpCode(email: string, after: number): Promise<string> {
  const mail = await waitForMail(email, (m) => /is your CareSlot verification code/.test(m.subject) && m.id > after);
  return /^(\d{6})/.exec(mail.subject)![1]!;
}

// ---- journeys: browsers, sign-in and accounts ----

export interface Account {
  email: string;
  password: string;
}

/**
 * The seeded demo accounts. A journey that books or cancels uses a patient of its own (newPatient), so journeys that
 * share one server never meet each other's bookings; the demo patient is for screens that need no history of their own.
 */
export const DEMO_PATIENT: Account = { email: 'patient@careslot.test', password: 'CareSlot-demo-patient' };
export const DEMO_PROVIDER: Account = { email: 'provider@careslot.test', password: 'CareSlot-demo-provider' };

const contexts: BrowserContext[] = [];

/** Closes every browser open() made in this journey file (its afterAll). */
export async function closeContexts(): Promise<void> {
  await Promise.all(contexts.splice(0).map((c) => c.close()));
}

/**
 * A fresh browser (its own cookies and storage) at this width: the cookie choice already made, the region set unless a
 * page has chosen one, and a blank page in it.
 */
export async function open(width: number, opts: { height?: number; region?: 'uk' | 'usa' } = {}): Promise<Page> {
  const context = await newContext({ width, height: opts.height ?? 900 });
  contexts.push(context);
  await context.addInitScript((region) => {
    if (!localStorage.getItem('selectedRegion')) localStorage.setItem('selectedRegion', region);
    document.cookie = 'consentID=e2e; path=/';
  }, opts.region ?? 'uk');
  return context.newPage();
}

/**
 * Waits until the app has taken over the page: `/` (build-time HTML), `/results?…` and a profile (rendered at request
 * time, decision 081) arrive as HTML whose buttons do nothing until then (the root then drops data-prerendered); a click
 * before that can meet a button being replaced.
 */
export async function appTookOver(page: Page): Promise<void> {
  await page.waitForFunction(() => !document.getElementById('root')?.hasAttribute('data-prerendered'), null, { timeout: 30_000 });
}

/**
 * Opens an address within the app already running on the page, as a link inside the site would, so the screen's API
 * calls are the browser's own, which page.route can answer. (Opened with page.goto, `/results?…` and a profile arrive
 * rendered by the server with its own answers in them.)
 */
export async function moveWithinApp(page: Page, url: string): Promise<void> {
  await appTookOver(page);
  await page.evaluate((to) => {
    history.pushState(null, '', to);
    dispatchEvent(new PopStateEvent('popstate'));
  }, url);
}

/** Answers the cookie banner and the homepage notice when they show. */
export async function dismissBanners(page: Page): Promise<void> {
  await appTookOver(page);
  for (const name of [/accept/i, /got it/i]) {
    const b = page.getByRole('button', { name }).first();
    if (await b.isVisible().catch(() => false)) await b.click();
  }
}

/** Fills and sends the /sign-in form the page is on (Patient, the default). */
export async function submitSignIn(page: Page, account: Account): Promise<void> {
  await page.getByLabel('E-mail address').fill(account.email);
  await page.locator('input[type="password"]').fill(account.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

/** A patient signs in on the real /sign-in screen and is sent on to `returnTo`. */
export async function signIn(page: Page, account: Account, returnTo = '/'): Promise<void> {
  await page.goto(`/sign-in?returnTo=${encodeURIComponent(returnTo)}`);
  await dismissBanners(page);
  await submitSignIn(page, account);
  await page.waitForURL((u) => u.pathname !== '/sign-in', { timeout: 20_000 });
}

/** A provider signs in on the real /sign-in screen with its Provider option, and lands on /dochome. */
export async function signInProvider(page: Page, account: Account = DEMO_PROVIDER): Promise<void> {
  await page.goto('/sign-in');
  await dismissBanners(page);
  await page.getByRole('radio', { name: 'Provider' }).check();
  await submitSignIn(page, account);
  await page.waitForURL((u) => u.pathname === '/dochome', { timeout: 20_000 });
}

/** The signed-in user's id, from the user_id cookie the sign-in sets (apps/web/src/lib/session.ts). */
export async function userIdOf(page: Page): Promise<string> {
  return decodeURIComponent((await page.context().cookies()).find((c) => c.name === 'user_id')?.value ?? '');
}

/** A call from the page, with its session cookies. */
export async function api<T = unknown>(page: Page, method: string, url: string, body?: unknown): Promise<{ status: number; body: T }> {
  return page.evaluate(
    async ([m, u, b]) => {
      const res = await fetch(u as string, {
        method: m as string,
        credentials: 'include',
        headers: b === undefined ? { Accept: 'application/json' } : { Accept: 'application/json', 'Content-Type': 'application/json' },
        body: b === undefined ? undefined : JSON.stringify(b),
      });
      return { status: res.status, body: await res.json().catch(() => null) };
    },
    [method, url, body] as const,
  ) as Promise<{ status: number; body: T }>;
}

export interface JourneyPatient extends Account {
  firstName: string;
  lastName: string;
  /** First and last name, as the provider's screens show them. */
  name: string;
}

let patientCount = 0;

/**
 * A patient of the journey's own, made as a person would: registered through the API and confirmed through the link
 * the dev mailbox received. Ready to sign in.
 */
export async function newPatient(name: { first?: string; last?: string } = {}): Promise<JourneyPatient> {
  const firstName = name.first ?? 'Jamie';
  const lastName = name.last ?? 'Journey';
  // Short and unique on this server (it starts empty each run): the checkout shows it masked, in the screenshots too.
  const email = `${firstName.toLowerCase()}.${Date.now().toString(36)}${++patientCount}@example.com`;
  const password = 'Quiet-Harbour-2027!';
  const registered = await fetch(`${baseUrl()}/api/user-register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      first_name: firstName,
      last_name: lastName,
      email,
      password,
      phone_number: '07911 123456',
      date_of_birth: '1988-04-02',
    }),
  });
  expect(registered.status, await registered.clone().text()).toBe(201);
  const mail = await waitForMail(email, (m) => m.text.includes('/verify/'));
  const token = /\/verify\/([^\s"<>]+)/.exec(mail.text)![1]!;
  const verified = await fetch(`${baseUrl()}/api/verify-email/${token}`, { method: 'POST' });
  expect(verified.status, await verified.clone().text()).toBe(200);
  return { email, password, firstName, lastName, name: `${firstName} ${lastName}` };
}

/** Fills the sandbox card form (the 'Pay by card' dialog) with a card number, a future expiry and a CVC. */
export async function fillCard(dialog: Locator, cardNumber = '4242 4242 4242 4242'): Promise<void> {
  await dialog.getByLabel(/Card number/).fill(cardNumber);
  await dialog.getByLabel(/Expiry/).fill('12/34');
  await dialog.getByLabel(/CVC/).fill('123');
}
