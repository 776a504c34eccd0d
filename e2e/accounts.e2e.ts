import sharp from 'sharp';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { expectNoSeriousA11yIssues, newContext, screenshot, waitForMail } from './support/browser';

const PASSWORD = 'amber-coast-lighthouse';
const NEW_PASSWORD = 'silver-forest-morning';

function linkPath(text: string, prefix: string): string {
  const match = new RegExp(`https?://[^\\s]+(${prefix}[A-Za-z0-9_-]+)`).exec(text);
  if (!match) throw new Error(`no ${prefix} link in mail`);
  return match[1]!;
}

async function look(page: Page, name: string) {
  await page.waitForLoadState('networkidle');
  await screenshot(page, name);
  await expectNoSeriousA11yIssues(page, name);
}

/** The cookie banner (public-site area) covers forms in screenshots: answer it once per context. */
async function acceptCookies(page: Page) {
  await page
    .getByRole('button', { name: 'Accept cookies' })
    .click({ timeout: 5000 })
    .catch(() => undefined);
}

/** Dialogs fade in: wait until no animation runs before the screenshot. */
async function settle(page: Page) {
  await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running'));
}

async function cookieNames(context: BrowserContext) {
  return (await context.cookies()).filter((c) => c.value).map((c) => c.name);
}

describe('patient accounts in the browser', () => {
  const contexts: BrowserContext[] = [];
  afterAll(async () => Promise.all(contexts.map((c) => c.close())));

  const email = `e2e.${Date.now()}@example.com`;

  it('registers, verifies, signs in, edits the profile, uploads a picture and logs out', async () => {
    const context = await newContext({ width: 1280 });
    contexts.push(context);
    const page = await context.newPage();

    await page.goto('/register');
    await acceptCookies(page);
    await page.getByRole('heading', { name: 'Create your account' }).waitFor();
    await look(page, 'accounts-register-1280');

    // Inline validation from the shared contract schema.
    await page.getByRole('button', { name: 'Create account' }).click();
    await expect.poll(() => page.getByText('Enter your first name.').isVisible()).toBe(true);
    await page.getByLabel('E-mail address').fill('not-an-email');
    await page.getByLabel(/^Password/).fill('password123');
    await page.getByRole('button', { name: 'Create account' }).click();
    await expect.poll(() => page.getByText(/Enter a valid e-mail address/).isVisible()).toBe(true);
    await expect.poll(() => page.getByText(/too common/).isVisible()).toBe(true);
    await screenshot(page, 'accounts-register-errors-1280');

    await page.getByLabel('First name').fill('robin');
    await page.getByLabel('Last name').fill('hartley');
    await page.getByLabel('E-mail address').fill(email.toUpperCase());
    await page.getByLabel('Phone number').fill('07911 123456');
    await page.getByLabel('Date of birth').fill('1988-07-21');
    await page.getByLabel(/^Password/).fill(PASSWORD);
    await page.getByRole('button', { name: 'Show password' }).click();
    expect(await page.getByLabel(/^Password/).getAttribute('type')).toBe('text');
    await page.getByRole('button', { name: 'Create account' }).click();

    await page.getByRole('heading', { name: 'Check your inbox' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/modal');
    await look(page, 'accounts-modal-1280');

    // Signing in before confirming is refused with the offer of a new link.
    await page.goto('/sign-in');
    await page.getByLabel('E-mail address').fill(email);
    await page.getByLabel(/^Password/).fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('heading', { name: 'Confirm your e-mail address' }).waitFor();
    await page.getByRole('button', { name: 'Send a new link' }).click();
    await expect.poll(() => page.getByText(/we have sent a new verification link/).isVisible()).toBe(true);

    const mail = await waitForMail(email, (m) => m.subject.includes('Confirm your e-mail'));
    await page.goto(linkPath(mail.text, '/verify/'));
    await page.getByRole('heading', { name: 'E-mail address confirmed' }).waitFor();
    await look(page, 'accounts-verified-1280');

    await page.getByRole('link', { name: 'Sign in' }).first().click();
    await page.getByRole('heading', { name: 'Sign in' }).waitFor();
    await look(page, 'accounts-sign-in-1280');
    await page.getByLabel('E-mail address').fill(email);
    await page.getByLabel(/^Password/).fill('wrong-password-x');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect.poll(() => page.getByText('The e-mail address or password is incorrect.').isVisible()).toBe(true);
    await page.getByLabel(/^Password/).fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();

    const accountButton = page.getByRole('button', { name: 'Robin account menu' });
    await accountButton.waitFor();
    expect(await accountButton.textContent()).toContain('Robin');
    expect(await cookieNames(context)).toEqual(expect.arrayContaining(['access_token', 'refresh_token', 'user_id']));

    // Stays logged in across a reload.
    await page.reload();
    await accountButton.waitFor();

    await accountButton.click();
    await page.getByRole('menuitem', { name: 'Profile' }).click();
    await page.getByRole('heading', { name: 'My profile' }).waitFor();
    await page.getByText('No upcoming appointments').waitFor();
    await look(page, 'accounts-profile-1280');

    await page.getByLabel('Last name').fill('hartley-james');
    await page.getByRole('button', { name: 'Save changes' }).click();
    await expect.poll(() => page.getByText('Your details are saved.').isVisible()).toBe(true);
    await expect.poll(() => page.getByRole('heading', { name: 'Robin Hartley-james' }).isVisible()).toBe(true);

    const png = await sharp({ create: { width: 600, height: 600, channels: 3, background: '#2a7ab0' } })
      .png()
      .toBuffer();
    await page.locator('#profile-picture-input').setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: png });
    const avatar = page.getByRole('img', { name: 'Profile picture of Robin' });
    await avatar.waitFor();
    expect(await avatar.getAttribute('src')).toMatch(/^\/uploads\/profile\/[a-f0-9]+\.webp$/);
    await expect.poll(() => avatar.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(512);
    await look(page, 'accounts-profile-picture-1280');

    // Deleting the account asks for the password and DELETE; a wrong password keeps the account.
    await page.getByRole('button', { name: 'Delete my account' }).click();
    const deletion = page.getByRole('dialog', { name: 'Delete your account?' });
    await deletion.waitFor();
    await deletion.getByLabel(/^Password/).fill('not-my-password-1');
    await deletion.getByLabel(/Type DELETE to confirm/).fill('DELETE');
    await deletion.getByRole('button', { name: 'Delete my account' }).click();
    await expect.poll(() => deletion.getByText('Your password is not correct.').isVisible()).toBe(true);
    await settle(page);
    await look(page, 'accounts-delete-dialog-1280');
    await deletion.getByRole('button', { name: 'Cancel' }).click();
    await expect.poll(() => deletion.isVisible()).toBe(false);

    await accountButton.click();
    await page.getByRole('menuitem', { name: 'Logout' }).click();
    const dialog = page.getByRole('dialog', { name: 'Are you sure you want to logout?' });
    await dialog.waitFor();
    await settle(page);
    await look(page, 'accounts-logout-dialog-1280');
    await dialog.getByRole('button', { name: 'No' }).click();
    await expect.poll(() => dialog.isVisible()).toBe(false);
    await accountButton.click();
    await page.getByRole('menuitem', { name: 'Logout' }).click();
    await dialog.getByRole('button', { name: 'Yes' }).click();
    await page.waitForURL((url) => url.pathname === '/');
    await page.getByRole('banner').getByRole('link', { name: 'Login' }).waitFor();
    expect(await cookieNames(context)).not.toEqual(expect.arrayContaining(['access_token']));
    expect(await cookieNames(context)).not.toContain('refresh_token');
    expect(await page.evaluate(() => localStorage.getItem('isLoggedIn'))).toBe('false');

    // A protected route now sends the visitor to sign in, and back after.
    await page.goto('/userProfile');
    await page.waitForURL((url) => url.pathname === '/sign-in' && url.searchParams.get('returnTo') === '/userProfile');
  });

  it('recovers a forgotten password through the e-mailed link', async () => {
    const context = await newContext({ width: 1280 });
    contexts.push(context);
    const page = await context.newPage();
    await page.goto('/sign-in');
    await acceptCookies(page);
    await page.getByRole('button', { name: 'Forgot password?' }).click();
    const dialog = page.getByRole('dialog', { name: 'Reset your password' });
    await dialog.getByLabel('E-mail address').fill(email);
    await dialog.getByRole('button', { name: 'Send reset link' }).click();
    await expect.poll(() => dialog.getByText(/we have sent it a link to reset the password/).isVisible()).toBe(true);
    await look(page, 'accounts-forgot-sent-1280');

    const mail = await waitForMail(email, (m) => m.subject.includes('Reset your CareSlot password'));
    const resetPath = linkPath(mail.text, '/reset-password/');
    await page.goto(resetPath);
    await page.getByRole('heading', { name: 'Choose a new password' }).waitFor();
    await look(page, 'accounts-reset-1280');
    await page.getByLabel(/^New password/).fill(NEW_PASSWORD);
    await page.getByLabel(/^Confirm new password/).fill(`${NEW_PASSWORD}x`);
    await page.getByRole('button', { name: 'Save new password' }).click();
    await expect.poll(() => page.getByText('The passwords do not match.').isVisible()).toBe(true);
    await page.getByLabel(/^Confirm new password/).fill(NEW_PASSWORD);
    await page.getByRole('button', { name: 'Save new password' }).click();
    await page.waitForURL((url) => url.pathname === '/sign-in');
    await page.getByText('Your password has been changed').waitFor();

    await page.getByLabel('E-mail address').fill(email);
    await page.getByLabel(/^Password/).fill(NEW_PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('button', { name: 'Robin account menu' }).waitFor();

    // The link is single-use.
    await page.goto(resetPath);
    await page.getByRole('heading', { name: 'This link cannot be used' }).waitFor();
    await page.getByText(/already been used/).waitFor();
    await look(page, 'accounts-reset-used-1280');
  });

  it('works at 375 px, including the demo sign-in and demo logout', async () => {
    const context = await newContext({ width: 375, height: 740 });
    contexts.push(context);
    const page = await context.newPage();
    await page.goto('/sign-in');
    await acceptCookies(page);
    for (const [path, heading, name] of [
      ['/register', 'Create your account', 'accounts-register-375'],
      ['/sign-in', 'Sign in', 'accounts-sign-in-375'],
      ['/modal', 'Confirm your e-mail address', 'accounts-modal-375'],
      ['/verify/not-a-real-token-0000000000', 'We could not confirm your address', 'accounts-verify-failed-375'],
      ['/reset-password/not-a-real-token-0000000000', 'This link cannot be used', 'accounts-reset-invalid-375'],
    ] as const) {
      await page.goto(path);
      await page.getByRole('heading', { name: heading }).waitFor();
      await look(page, name);
    }

    await page.goto('/sign-in');
    await page.getByRole('button', { name: 'Try the demo' }).click();
    await page.waitForURL((url) => url.pathname === '/');
    expect(await cookieNames(context)).toEqual(expect.arrayContaining(['demo_access_token', 'demo_refresh_token', 'user_id']));
    await page.goto('/userProfile');
    await page.getByRole('heading', { name: 'My profile' }).waitFor();
    await page.getByRole('heading', { name: 'Alex Morgan' }).waitFor();
    await look(page, 'accounts-profile-375');
    await page.getByRole('button', { name: 'Delete my account' }).click();
    const deletion = page.getByRole('dialog', { name: 'Delete your account?' });
    await deletion.waitFor();
    await settle(page);
    await look(page, 'accounts-delete-dialog-375');
    await deletion.getByRole('button', { name: 'Cancel' }).click();
    await expect.poll(() => deletion.isVisible()).toBe(false);

    // Below 960 px the account menu sits in the header's toggle menu.
    await page.getByRole('banner').getByRole('button', { name: 'Menu' }).click();
    await page.getByRole('button', { name: /^Alex\b.*account menu$/ }).click();
    await page.getByRole('menuitem', { name: 'Logout' }).click();
    const dialog = page.getByRole('dialog', { name: 'Are you sure you want to logout?' });
    await dialog.waitFor();
    await settle(page);
    await look(page, 'accounts-logout-dialog-375');
    await dialog.getByRole('button', { name: 'Yes' }).click();
    await page.waitForURL((url) => url.pathname === '/');
    await expect.poll(async () => (await cookieNames(context)).filter((n) => /token|user_id/.test(n))).toEqual([]);
  });
});
