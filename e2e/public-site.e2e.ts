import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { baseUrl, expectNoSeriousA11yIssues, newContext, screenshot, waitForMail } from './support/browser';

const contexts: BrowserContext[] = [];
afterAll(async () => {
  await Promise.all(contexts.map((c) => c.close()));
});

/** A fresh browser; with `consent`, the cookie choice is already made so the banner stays out of the way. */
async function openPage(opts: { width?: number; consent?: boolean } = {}): Promise<Page> {
  const context = await newContext({ width: opts.width ?? 1280 });
  contexts.push(context);
  if (opts.consent) {
    await context.addCookies([{ name: 'consentID', value: 'e2e-consent', url: baseUrl(), sameSite: 'Strict' }]);
  }
  return context.newPage();
}

const heading = (page: Page, name: string | RegExp) => page.getByRole('heading', { level: 1, name });
const pathOf = (page: Page) => new URL(page.url()).pathname;

async function visible(page: Page, name: string | RegExp) {
  await expect.poll(() => heading(page, name).isVisible(), { timeout: 15_000 }).toBe(true);
}

describe('home page and region', () => {
  it('defaults to the UK, switches to the USA, and keeps the choice across reloads', async () => {
    const page = await openPage({ consent: true });
    await page.goto('/');
    await visible(page, 'Book a trusted doctor or dentist near you');
    const uk = page.getByRole('radio', { name: /^UK\b/ });
    const usa = page.getByRole('radio', { name: /^USA\b/ });
    expect(await uk.isChecked()).toBe(true);
    expect(await page.getByText('Doctors and dentists across the United Kingdom').isVisible()).toBe(true);
    expect(await page.getByLabel('Postcode').isVisible()).toBe(true);
    expect(await page.getByText('Fees shown in £ before you book').isVisible()).toBe(true);
    await screenshot(page, 'public-home-uk-1280');

    await usa.check();
    await expect.poll(() => page.evaluate(() => localStorage.getItem('selectedRegion'))).toBe('usa');
    expect(await page.getByText('Doctors and dentists across the United States').isVisible()).toBe(true);
    expect(await page.getByLabel('ZIP code').isVisible()).toBe(true);
    expect(await page.getByText('Fees shown in $ before you book').isVisible()).toBe(true);

    await page.reload();
    await visible(page, 'Book a trusted doctor or dentist near you');
    expect(await page.getByRole('radio', { name: /^USA\b/ }).isChecked()).toBe(true);
    expect(await page.getByLabel('ZIP code').isVisible()).toBe(true);
    await screenshot(page, 'public-home-usa-1280');

    // The selector lives on the home page only.
    await page.getByRole('link', { name: 'About Us' }).click();
    await visible(page, /Making it simple/);
    expect(await page.getByRole('radio', { name: /^USA\b/ }).count()).toBe(0);

    // Back to UK by keyboard: radios move with the arrow keys.
    await page.goto('/');
    await page.getByRole('radio', { name: /^USA\b/ }).focus();
    await page.keyboard.press('ArrowLeft');
    await expect.poll(() => page.evaluate(() => localStorage.getItem('selectedRegion'))).toBe('uk');
  });

  it('shows the staff modal when the homepage settings enable it, and it can be dismissed', async () => {
    const page = await openPage({ consent: true });
    await page.route('**/api/homepage-settings', (route) =>
      route.fulfill({
        json: {
          image_url: '/images/home-hero.svg',
          color: '#0b5cad',
          modal_image: '/images/home-hero.svg',
          show_modal: true,
          modal_heading: 'Winter vaccinations',
          modal_description: 'Flu jabs are now bookable with GPs near you.',
        },
      }),
    );
    await page.goto('/');
    const dialog = page.getByRole('dialog', { name: 'Winter vaccinations' });
    await expect.poll(() => dialog.isVisible(), { timeout: 15_000 }).toBe(true);
    expect(await dialog.getByText('Flu jabs are now bookable with GPs near you.').isVisible()).toBe(true);
    await page.waitForTimeout(400); // let the fade-in finish before the picture
    await screenshot(page, 'public-home-modal-1280');
    await expectNoSeriousA11yIssues(page, 'home with modal and dark hero colour');
    await page.keyboard.press('Escape');
    await expect.poll(() => dialog.count()).toBe(0);
    // Dismissed for this session.
    await page.reload();
    await visible(page, 'Book a trusted doctor or dentist near you');
    await page.waitForTimeout(300);
    expect(await dialog.count()).toBe(0);
  });
});

describe('header and footer', () => {
  it('links to About, Contact, Login and Register, and the logo goes home', async () => {
    const page = await openPage({ consent: true });
    await page.goto('/');
    const header = page.getByRole('banner');
    await header.getByRole('link', { name: 'About Us' }).click();
    await visible(page, /Making it simple/);
    expect(pathOf(page)).toBe('/about-us');
    await header.getByRole('link', { name: 'Contact Us' }).click();
    await visible(page, 'How can we help?');
    expect(pathOf(page)).toBe('/contact-us');
    await header.getByRole('link', { name: 'Login' }).click();
    await expect.poll(() => pathOf(page)).toBe('/sign-in');
    await header.getByRole('link', { name: 'Register' }).click();
    await expect.poll(() => pathOf(page)).toBe('/register');
    await header.getByRole('link', { name: 'CareSlot, home' }).click();
    await visible(page, 'Book a trusted doctor or dentist near you');
    expect(pathOf(page)).toBe('/');
  });

  it('collapses into a menu at 900 px that works by keyboard', async () => {
    const page = await openPage({ width: 900, consent: true });
    await page.goto('/about-us');
    await visible(page, /Making it simple/);
    const toggle = page.getByRole('button', { name: 'Menu' });
    const aboutLink = page.getByRole('banner').getByRole('link', { name: 'About Us' });
    expect(await toggle.getAttribute('aria-expanded')).toBe('false');
    expect(await aboutLink.isVisible()).toBe(false);

    await toggle.focus();
    await page.keyboard.press('Enter');
    expect(await toggle.getAttribute('aria-expanded')).toBe('true');
    await expect.poll(() => aboutLink.isVisible()).toBe(true);
    // Focus moved into the menu.
    await expect.poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe('About Us');
    await screenshot(page, 'public-menu-open-900');

    await page.keyboard.press('Escape');
    expect(await toggle.getAttribute('aria-expanded')).toBe('false');
    expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-expanded'))).toBe('false');
    expect(await aboutLink.isVisible()).toBe(false);

    await page.keyboard.press('Space');
    await expect.poll(() => toggle.getAttribute('aria-expanded')).toBe('true');
    await page.keyboard.press('Tab');
    await expect.poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe('Contact Us');
    await page.keyboard.press('Enter');
    await visible(page, 'How can we help?');
    expect(await toggle.getAttribute('aria-expanded')).toBe('false');
  });

  it('shows the copyright line with the current year and five social networks', async () => {
    const page = await openPage({ consent: true });
    await page.goto('/');
    const footer = page.getByRole('contentinfo');
    const year = new Date().getFullYear();
    await expect.poll(() => footer.getByText(`CareSlot Health Ltd All Rights Reserved ${year}`).isVisible()).toBe(true);
    const social = footer.getByRole('list', { name: 'CareSlot on social media' }).getByRole('link');
    expect(await social.count()).toBe(5);
    const labels = await social.evaluateAll((links) => links.map((a) => a.getAttribute('aria-label')));
    expect(labels.join(' ')).toMatch(/Facebook.*X.*LinkedIn.*Instagram.*YouTube/);
    for (const name of ['About', 'Contact', 'Privacy', 'Terms', 'Login', 'Register']) {
      expect(await footer.getByRole('link', { name, exact: true }).count()).toBe(1);
    }
    await footer.getByRole('link', { name: 'Privacy', exact: true }).click();
    await visible(page, 'Privacy and cookie notice');
  });

  it('skips to the main content from the first Tab', async () => {
    const page = await openPage({ consent: true });
    await page.goto('/about-us');
    await visible(page, /Making it simple/);
    await page.keyboard.press('Tab');
    const skip = page.getByRole('link', { name: 'Skip to main content' });
    expect(await skip.evaluate((el) => el === document.activeElement)).toBe(true);
    await page.keyboard.press('Enter');
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('main');
  });
});

describe('cookie consent', () => {
  it('asks once; accepting stores a random consentID cookie that later calls send', async () => {
    const page = await openPage();
    await page.goto('/');
    const banner = page.getByRole('region', { name: 'Cookies on CareSlot' });
    await expect.poll(() => banner.isVisible(), { timeout: 15_000 }).toBe(true);
    await screenshot(page, 'public-cookie-banner-1280');
    // The question comes first for a keyboard user, before the skip link.
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.closest('section')?.getAttribute('aria-labelledby'))).toBe(
      'cookie-banner-title',
    );
    await banner.getByRole('button', { name: 'Accept cookies' }).click();
    await expect.poll(() => banner.count()).toBe(0);
    const cookie = (await page.context().cookies()).find((c) => c.name === 'consentID');
    expect(cookie?.value).toMatch(/^[0-9a-f-]{32,36}$/);
    expect(cookie?.sameSite).toBe('Strict');

    const sent = page.waitForRequest((req) => req.url().includes('/api/contact-us/'));
    await page.reload();
    expect(await banner.count()).toBe(0);
    await page.goto('/contact-us');
    await visible(page, 'How can we help?');
    await page.getByLabel('First name').fill('Cookie');
    await page.getByLabel('Last name').fill('Check');
    await page.getByLabel('E-mail address').fill('cookie.check@example.com');
    await page.getByLabel('Your message').fill('Checking that my consent id travels with the request.');
    await page.getByRole('button', { name: 'Send message' }).click();
    const headers = await (await sent).allHeaders();
    expect(headers['cookie']).toContain(`consentID=${cookie!.value}`);
  });

  it('rejecting also records a consentID, and the privacy page lets the visitor choose again', async () => {
    const page = await openPage({ width: 375 });
    await page.goto('/privacy-cookie');
    const banner = page.getByRole('region', { name: 'Cookies on CareSlot' });
    await expect.poll(() => banner.isVisible(), { timeout: 15_000 }).toBe(true);
    await screenshot(page, 'public-cookie-banner-375');
    await banner.getByRole('button', { name: 'Reject non-essential' }).click();
    await expect.poll(() => banner.count()).toBe(0);
    expect((await page.context().cookies()).some((c) => c.name === 'consentID')).toBe(true);
    expect(await page.getByText('You have rejected non-essential cookies on this device.').isVisible()).toBe(true);
    await page.getByRole('button', { name: 'Change my cookie choice' }).click();
    await expect.poll(() => banner.isVisible()).toBe(true);
    expect((await page.context().cookies()).some((c) => c.name === 'consentID')).toBe(false);
  });
});

describe('contact us', () => {
  it('validates inline, sends the message and the acknowledgement arrives in the dev mailbox', async () => {
    const page = await openPage({ consent: true });
    await page.goto('/contact-us');
    await visible(page, 'How can we help?');
    await page.getByRole('button', { name: 'Send message' }).click();
    await expect.poll(() => page.getByText('Please enter your first name.').isVisible()).toBe(true);
    expect(await page.getByText('Please enter your e-mail address.').isVisible()).toBe(true);
    expect(await page.getByText('Please write your message.').isVisible()).toBe(true);
    // Focus goes to the first field in error.
    expect(await page.evaluate(() => (document.activeElement as HTMLInputElement | null)?.name)).toBe('first_name');
    await page.getByLabel('E-mail address').fill('not-an-email');
    await page.getByLabel('E-mail address').blur();
    await expect.poll(() => page.getByText('Please enter a valid e-mail address, like name@example.com.').isVisible()).toBe(true);
    await screenshot(page, 'public-contact-errors-1280');
    await expectNoSeriousA11yIssues(page, 'contact form with errors');

    const email = `contact.${Date.now()}@example.com`;
    await page.getByLabel('First name').fill('Amelia');
    await page.getByLabel('Last name').fill('Hart');
    await page.getByLabel('E-mail address').fill(email);
    await page.getByLabel('Your message').fill('Can I book an appointment for my father on his behalf?');
    await page.getByRole('button', { name: 'Send message' }).click();
    await expect.poll(() => page.getByRole('heading', { name: 'Message sent' }).isVisible(), { timeout: 15_000 }).toBe(true);
    expect(await page.getByText(/received your message/).isVisible()).toBe(true);
    await screenshot(page, 'public-contact-sent-1280');

    const mail = await waitForMail(email, (m) => m.subject.includes('We have received your message'));
    expect(mail.text).toContain('Dear Amelia,');

    await page.getByRole('button', { name: 'Send another message' }).click();
    expect(await page.getByLabel('First name').inputValue()).toBe('');
  });
});

describe('guards, crash and 404', () => {
  it('sends a visitor from a protected route to sign-in, with the way back', async () => {
    const page = await openPage({ consent: true });
    await page.goto('/userProfile');
    await expect.poll(() => pathOf(page), { timeout: 15_000 }).toBe('/sign-in');
    expect(new URL(page.url()).searchParams.get('returnTo')).toBe('/userProfile');
  });

  it('sends a visitor from an admin route to the staff sign-in', async () => {
    const page = await openPage({ consent: true });
    await page.goto('/admin-home/payments');
    await expect.poll(() => pathOf(page), { timeout: 15_000 }).toBe('/careslot-signin');
  });

  it('renders the crash page for a thrown error, inside the site frame', async () => {
    const page = await openPage({ consent: true });
    await page.goto('/crash-test');
    await visible(page, 'Unexpected Application Error!');
    expect(await page.getByRole('contentinfo').isVisible()).toBe(true);
    expect(await page.getByRole('link', { name: 'Go to the home page' }).getAttribute('href')).toBe('/');
  });

  it('answers an unknown URL with a helpful 404 page', async () => {
    const page = await openPage({ consent: true });
    await page.goto('/no/such/page');
    await visible(page, "We can't find that page");
    expect(await page.getByText('/no/such/page').isVisible()).toBe(true);
    await page.getByRole('link', { name: 'Find a doctor or dentist' }).click();
    await visible(page, 'Book a trusted doctor or dentist near you');
  });
});

/** Every public screen (docs/public-site.md; those of later issues too: they must stay accessible as they grow). */
const PUBLIC_PAGES: { path: string; name: string; mine: boolean }[] = [
  { path: '/', name: 'home', mine: true },
  { path: '/about-us', name: 'about', mine: true },
  { path: '/contact-us', name: 'contact', mine: true },
  { path: '/terms-of-use', name: 'terms', mine: true },
  { path: '/privacy-cookie', name: 'privacy', mine: true },
  { path: '/provider-verify', name: 'provider-verify', mine: true },
  { path: '/company-verify', name: 'company-verify', mine: true },
  { path: '/no/such/page', name: 'not-found', mine: true },
  { path: '/crash-test', name: 'crash', mine: true },
  { path: '/sign-in', name: 'sign-in', mine: false },
  { path: '/register', name: 'register', mine: false },
  { path: '/results?postcode=SW1A%201AA&specialty=gp&radius=25&selectedRegion=uk', name: 'results', mine: false },
  { path: '/modal', name: 'login-verification', mine: false },
  { path: '/reset-password/not-a-real-token', name: 'reset-password', mine: false },
  { path: '/verify/not-a-real-token', name: 'verify-email', mine: false },
  { path: '/careslot-signin', name: 'staff-sign-in', mine: false },
];

describe('every public page', () => {
  for (const width of [1280, 375]) {
    it(`passes axe with no serious or critical issue at ${width} px, and is screenshotted`, async () => {
      const page = await openPage({ width, consent: true });
      for (const p of PUBLIC_PAGES) {
        await page.goto(p.path);
        await expect.poll(() => page.locator('h1').count(), { timeout: 15_000 }).toBeGreaterThan(0);
        await page.waitForLoadState('networkidle');
        await expectNoSeriousA11yIssues(page, `${p.path} at ${width} px`);
        if (p.mine) await screenshot(page, `public-${p.name}-${width}`);
      }
    });
  }
});
