import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import {
  appTookOver,
  baseUrl,
  expectNoSeriousA11yIssues,
  launchBrowser,
  newContext,
  newPatient,
  screenshot,
  submitSignIn,
} from './support/browser';

/**
 * A first visit, before the cookie question is answered (docs/public-site.md): the banner's buttons answer before the
 * app's scripts have run, the chat launcher is there while the banner is up and covers nothing, and on a touch screen
 * the folded header menu's account entries answer a tap.
 */
const contexts: BrowserContext[] = [];
afterAll(async () => {
  await Promise.all(contexts.map((c) => c.close()));
});

/** A browser that has answered nothing: no cookie, nothing stored. */
async function firstVisit(width: number, touch = false): Promise<Page> {
  if (!touch) {
    const context = await newContext({ width, height: width < 600 ? 812 : 900 });
    contexts.push(context);
    return context.newPage();
  }
  const browser = await launchBrowser();
  const context = await browser.newContext({ baseURL: baseUrl(), viewport: { width, height: 812 }, hasTouch: true, isMobile: true });
  await context.route(/^https?:\/\/(?!127\.0\.0\.1|localhost)/, (route) => route.abort());
  contexts.push(context);
  return context.newPage();
}

const RESULTS = '/results?postcode=SW1A%201AA&specialty=gp&radius=10&page=1&region=uk';

async function profileUrl(): Promise<string> {
  const res = await fetch(`${baseUrl()}/api/test-search/?postcode=SW1A%201AA&specialty=gp&radius=10&page=1&selectedRegion=uk`);
  const first = ((await res.json()) as { data: { id: string; distance: number }[] }).data[0]!;
  return `/doctor-profile/${first.id}/${first.distance}?region=uk`;
}

const banner = (page: Page) => page.getByRole('region', { name: 'Cookies on CareSlot' });
const launcher = (page: Page) => page.getByRole('button', { name: 'Ask CareSlot' });

async function consentState(page: Page) {
  const cookie = (await page.context().cookies()).find((c) => c.name === 'consentID');
  const stored = await page.evaluate(() => localStorage.getItem('cookie_consent'));
  return { id: cookie?.value ?? null, sameSite: cookie?.sameSite ?? null, stored };
}

describe('the cookie banner before the app has run', () => {
  it.each([
    ['/', 'Accept cookies', 'accepted', 1280],
    [RESULTS, 'Reject non-essential', 'rejected', 375],
  ] as const)('%s: "%s" records the choice with the app still unloaded (%s, %i px)', async (url, button, choice, width) => {
    const page = await firstVisit(width);
    // Only the first-screen script may run: the app's code never arrives.
    await page.route('**/assets/*.js', (route) =>
      route.request().url().includes('/assets/first-screen-') ? route.continue() : route.abort(),
    );
    await page.goto(url);
    expect(await banner(page).isVisible()).toBe(true);
    expect(await page.locator('#root').getAttribute('data-prerendered')).not.toBeNull();
    await page.getByRole('button', { name: button }).click();
    await expect.poll(() => banner(page).isVisible()).toBe(false);
    const early = await consentState(page);
    expect(early.id).toMatch(/^[0-9a-f-]{32,36}$/);
    expect(early.sameSite).toBe('Strict');
    expect(early.stored).toBe(choice);

    // The app, once it runs, reads the same record: no banner, the same id, and the privacy page names the choice.
    await page.unroute('**/assets/*.js');
    await page.goto('/privacy-cookie');
    await appTookOver(page).catch(() => undefined);
    await expect
      .poll(
        () =>
          page
            .getByText(
              choice === 'accepted'
                ? 'You have accepted cookies on this device.'
                : 'You have rejected non-essential cookies on this device.',
            )
            .first()
            .isVisible(),
        { timeout: 15_000 },
      )
      .toBe(true);
    expect(await banner(page).count()).toBe(0);
    expect((await consentState(page)).id).toBe(early.id);
  });
});

/**
 * Interactive elements on screen whose centre shows something else than themselves, other than the cookie banner
 * (whose size on a phone is another matter) and the sticky header (what is scrolled under it is out of view): the chat
 * launcher over anything outside the banner, or over the banner's own controls, counts.
 */
function coveredControls(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const bannerEl = document.querySelector('section[aria-labelledby="cookie-banner-title"]');
    const bannerBox = bannerEl?.getBoundingClientRect();
    const inBanner = (x: number, y: number) =>
      !!bannerBox && x >= bannerBox.left && x <= bannerBox.right && y >= bannerBox.top && y <= bannerBox.bottom;
    const controls = document.querySelectorAll<HTMLElement>(
      'a[href], button, input:not([type="hidden"]), select, textarea, [tabindex]:not([tabindex="-1"])',
    );
    const covered: string[] = [];
    for (const el of Array.from(controls)) {
      const r = el.getBoundingClientRect();
      if (r.width === 0 || r.height === 0) continue;
      const x = r.left + r.width / 2;
      const y = r.top + r.height / 2;
      if (x < 0 || y < 0 || x >= innerWidth || y >= innerHeight) continue;
      const hit = document.elementFromPoint(x, y);
      if (!hit || el.contains(hit) || hit.contains(el)) continue;
      // Scrolled under the sticky site header: out of view, not covered.
      if (hit.closest('header') && !el.closest('header')) continue;
      const byLauncher = !!hit.closest('button') && hit.closest('button')!.textContent!.includes('Ask CareSlot');
      const ownBanner = !!bannerEl && bannerEl.contains(el);
      // Page content under the banner is the banner's; the launcher sits in the banner, so that is the banner's too.
      if (!ownBanner && inBanner(x, y) && (bannerEl!.contains(hit) || byLauncher)) continue;
      covered.push(
        `${el.tagName.toLowerCase()} "${(el.textContent || el.getAttribute('aria-label') || el.getAttribute('name') || '').trim().slice(0, 40)}" under ${hit.tagName.toLowerCase()} "${(hit.textContent || '').trim().slice(0, 30)}"`,
      );
    }
    return covered;
  });
}

describe('the chat launcher while the cookie banner is up', () => {
  it.each([375, 1280])('is there on every public screen and covers no control (%i px)', async (width) => {
    const page = await firstVisit(width);
    const screens: [string, string][] = [
      ['home', '/'],
      ['results', RESULTS],
      ['profile', await profileUrl()],
      ['sign-in', '/sign-in'],
      ['register', '/register'],
      ['contact', '/contact-us'],
    ];
    for (const [name, url] of screens) {
      await page.goto(url);
      await appTookOver(page);
      await expect.poll(() => launcher(page).isVisible(), { timeout: 20_000 }).toBe(true);
      expect(await banner(page).isVisible(), name).toBe(true);
      // Not over the banner's buttons or its link.
      for (const control of await banner(page).locator('a, button').all()) {
        const box = (await control.boundingBox())!;
        const l = (await launcher(page).boundingBox())!;
        const overlap = box.x < l.x + l.width && l.x < box.x + box.width && box.y < l.y + l.height && l.y < box.y + box.height;
        expect(overlap, `${name}: launcher over "${await control.textContent()}"`).toBe(false);
      }
      expect(await coveredControls(page), `${name} at the top`).toEqual([]);
      // Every form's submit button, brought to the middle of the screen; then the end of the page.
      for (const submit of await page.locator('main form button[type="submit"]').all()) {
        await submit.evaluate((el) => el.scrollIntoView({ block: 'center' }));
        expect(await coveredControls(page), `${name} with "${await submit.textContent()}" in view`).toEqual([]);
      }
      await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
      expect(await coveredControls(page), `${name} at the end`).toEqual([]);
      await page.evaluate(() => window.scrollTo(0, 0));
      if (['home', 'results', 'profile'].includes(name)) {
        await screenshot(page, `first-visit-${name}-${width}`);
        await expectNoSeriousA11yIssues(page, `${name} with the banner up at ${width}`);
      }
    }

    // It works while the banner is up: the assistant opens above the banner, and answering the banner moves it home.
    await launcher(page).click();
    const chat = page.getByRole('dialog', { name: /CareSlot/ });
    await expect.poll(() => chat.isVisible(), { timeout: 15_000 }).toBe(true);
    const box = (await chat.getByRole('textbox').boundingBox())!;
    const hit = await page.evaluate(
      ([x, y]) => document.elementFromPoint(x!, y!)?.tagName,
      [box.x + box.width / 2, box.y + box.height / 2],
    );
    expect(hit).toBe('TEXTAREA');
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: 'Accept cookies' }).click();
    await expect.poll(() => banner(page).count()).toBe(0);
    const home = (await launcher(page).boundingBox())!;
    expect(Math.round(home.x + home.width)).toBeGreaterThan(width - 40);
    expect(Math.round(home.y + home.height)).toBeGreaterThan((width < 600 ? 812 : 900) - 40);
  });
});

describe('the folded header menu on a touch screen', () => {
  it('opens Profile and Logout from the account menu with taps (375 px)', async () => {
    const patient = await newPatient({ first: 'Tapper' });
    const page = await firstVisit(375, true);
    await page.goto('/sign-in?returnTo=%2F');
    await appTookOver(page);
    await page.getByRole('button', { name: 'Accept cookies' }).tap();
    await submitSignIn(page, patient);
    await page.waitForURL((u) => u.pathname === '/', { timeout: 20_000 });

    const menu = page.getByRole('button', { name: 'Menu', exact: true });
    const account = page.getByRole('button', { name: /Tapper account menu/ });
    await menu.tap();
    await expect.poll(() => account.isVisible(), { timeout: 10_000 }).toBe(true);
    await account.tap();
    await page.getByRole('menuitem', { name: 'Profile' }).tap();
    await page.waitForURL((u) => u.pathname === '/userProfile', { timeout: 10_000 });
    // The move closes the folded menu.
    await expect.poll(() => menu.getAttribute('aria-expanded'), { timeout: 10_000 }).toBe('false');

    await menu.tap();
    await expect.poll(() => account.isVisible(), { timeout: 10_000 }).toBe(true);
    await account.tap();
    await page.getByRole('menuitem', { name: 'Logout' }).tap();
    const confirm = page.getByRole('dialog', { name: 'Are you sure you want to logout?' });
    await expect.poll(() => confirm.isVisible(), { timeout: 10_000 }).toBe(true);
    await confirm.getByRole('button', { name: 'Yes' }).tap();
    await page.waitForURL((u) => u.pathname === '/', { timeout: 10_000 });
    await appTookOver(page);
    await menu.tap();
    await expect
      .poll(() => page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Login' }).isVisible(), { timeout: 10_000 })
      .toBe(true);
  });
});
