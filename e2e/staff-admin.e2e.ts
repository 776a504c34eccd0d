/**
 * The staff admin area in a real Chromium (docs/staff-admin.md): staff sign-in; a provider who has just registered is
 * reviewed against the register and verified, and a patient then finds them in search at their clinic; the homepage colour and modal are set
 * and the public home shows them; Appointment History is filtered and printed; a staff user is added, re-roled and
 * deleted; an expired access token is refreshed once, a failed refresh lands on the sign-in. Screens at 375 and 1280 px
 * with axe.
 */
import { afterAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { ProviderDetailsResponse } from '@careslot/contracts/providers';
import { HOMEPAGE_RECORD_ID } from '@careslot/contracts/staff';
import { baseUrl, closeContexts, expectNoSeriousA11yIssues, open, screenshot, waitForMail } from './support/browser';

const STAFF = { email: 'admin@careslot.test', password: 'CareSlot-demo-admin' };
const NEW_PROVIDER = 'new.provider@careslot.test';

/**
 * The journeys share one server, and the homepage modal covers every later visitor's home page: if a step failed
 * between switching it on and off, it is switched off here through the staff API.
 */
let modalSwitchedOn = false;
async function switchModalOff(): Promise<void> {
  const login = await fetch(`${baseUrl()}/staff/admin-login/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(STAFF),
  });
  const { access } = (await login.json()) as { access: string };
  const current = (await (await fetch(`${baseUrl()}/api/homepage-settings`)).json()) as {
    modal_heading: string;
    modal_description: string;
  };
  const form = new FormData();
  form.append('modal_heading', current.modal_heading || 'Notice');
  form.append('modal_description', current.modal_description || 'Notice');
  form.append('show_modal', 'false');
  const res = await fetch(`${baseUrl()}/staff/homepage-image/${HOMEPAGE_RECORD_ID}/`, {
    method: 'POST',
    headers: { authorization: `Bearer ${access}` },
    body: form,
  });
  if (!res.ok) throw new Error(`switching the homepage modal off answered ${res.status}: ${await res.text()}`);
}
afterAll(async () => {
  await closeContexts();
  if (modalSwitchedOn) await switchModalOff();
});

/** A browser for the staff screens. The print dialog would block a headless page: the print view is checked by its content. */
async function openStaff(width: number, height = 900): Promise<Page> {
  const page = await open(width, { height });
  await page.context().addInitScript(() => {
    window.print = () => undefined;
  });
  return page;
}

async function signIn(page: Page) {
  await page.goto('/careslot-signin');
  await page.getByLabel('Email').fill(STAFF.email);
  await page.getByLabel(/^Password/).fill(STAFF.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL((u) => u.pathname === '/admin-home', { timeout: 20_000 });
}

/** The site header on a staff screen is the staff member's: who is signed in and Logout, no patient Login / Register. */
async function expectStaffHeader(page: Page) {
  const header = page.getByRole('banner');
  await expect.poll(() => header.getByText(STAFF.email).isVisible()).toBe(true);
  expect(await header.getByText('Superuser', { exact: true }).isVisible()).toBe(true);
  expect(await header.getByRole('button', { name: 'Logout' }).isVisible()).toBe(true);
  expect(await page.getByRole('link', { name: /^(Login|Register)$/ }).count()).toBe(0);
}

const providerPublic = (page: Page, id: string) =>
  page.evaluate(async (pid) => (await fetch(`/api/provider-details/${pid}/?selectedRegion=uk`)).status, id);

describe('staff admin area', () => {
  it('1280 px: sign in, verify a new provider, set the homepage, history and print, manage staff, refresh once', async () => {
    const page = await openStaff(1280);
    const context = page.context();
    await page.goto('/careslot-signin');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect.poll(() => page.getByText('Enter your e-mail address.').isVisible()).toBe(true);
    await page.getByLabel('Email').fill(STAFF.email);
    await page.getByLabel(/^Password/).fill('wrong-password');
    await page.getByRole('button', { name: /show password/i }).click();
    await expect.poll(() => page.getByLabel(/^Password/).getAttribute('type')).toBe('text');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect.poll(() => page.getByRole('alert').textContent()).toContain('not right');
    await screenshot(page, 'staff-sign-in-1280');
    await expectNoSeriousA11yIssues(page, 'staff sign-in');
    await signIn(page);
    await expect.poll(() => page.getByRole('heading', { name: 'Providers awaiting review' }).isVisible()).toBe(true);
    await expectStaffHeader(page);
    await screenshot(page, 'staff-home-1280');
    await expectNoSeriousA11yIssues(page, 'admin home');

    // A stored staff token goes straight to the admin home.
    await page.goto('/careslot-signin');
    await page.waitForURL((u) => u.pathname === '/admin-home');

    // The provider awaiting review, with the register's answer on screen.
    await page.getByRole('link', { name: 'Providers', exact: true }).click();
    await page.getByLabel('Name or number').fill(NEW_PROVIDER);
    await page.getByRole('button', { name: 'Submit' }).click();
    const review = page.getByRole('link', { name: /^Review / });
    await expect.poll(() => review.count()).toBe(1);
    await review.click();
    await expect.poll(() => page.getByText('Name: match').isVisible()).toBe(true);
    await expect.poll(() => page.getByText('Number: match').isVisible()).toBe(true);
    const providerId = page.url().split('/').pop()!;
    expect(await providerPublic(page, providerId)).toBe(404);
    await screenshot(page, 'staff-provider-evidence-1280');
    await expectNoSeriousA11yIssues(page, 'provider evidence');
    await page.getByRole('button', { name: 'Verify', exact: true }).click();
    await expect.poll(() => page.getByRole('button', { name: 'Unverify' }).isVisible()).toBe(true);
    expect(await providerPublic(page, providerId)).toBe(200);
    await waitForMail(NEW_PROVIDER, (m) => m.subject.includes('verified'));

    // …and a patient now finds them in search at their clinic.
    const details = await page.evaluate(
      async (pid) => (await (await fetch(`/api/provider-details/${pid}/?selectedRegion=uk`)).json()) as ProviderDetailsResponse,
      providerId,
    );
    const clinic = details.data.hospital_details[0]!;
    const patient = await open(1280);
    await patient.goto(
      `/results?${new URLSearchParams({ postcode: clinic.postcode, specialty: details.data.speciality_slug ?? '', radius: '1', page: '1' })}`,
    );
    const found = patient.locator('ul[aria-label="Providers"]').getByText(details.data.last_name);
    await expect.poll(() => found.count(), { timeout: 15_000 }).toBeGreaterThan(0);
    await patient.context().close();

    // Homepage colour and modal → the public home.
    await page.getByRole('link', { name: 'Gallery and homepage' }).click();
    await expect.poll(() => page.getByRole('heading', { name: 'Homepage colour' }).isVisible()).toBe(true);
    // The saved settings have arrived (the modal heading is filled in) before anything is typed.
    await expect.poll(() => page.getByLabel('Heading').inputValue(), { timeout: 15_000 }).not.toBe('');
    await page.getByLabel('Colour (hex)').fill('#fde2e4');
    await expect.poll(() => page.getByText('rgb(253, 226, 228)').isVisible(), { timeout: 10_000 }).toBe(true);
    await page.getByRole('button', { name: 'Set Color' }).click();
    await expect.poll(() => page.getByText('Homepage color updated!').isVisible()).toBe(true);
    await page.getByLabel('Heading').fill('');
    await page.getByRole('button', { name: 'Save Settings' }).click();
    await expect.poll(() => page.getByText('Please enter a heading for the modal.').isVisible()).toBe(true);
    await page.getByLabel('Heading').fill('Winter evening clinics');
    await page.getByLabel('Description').fill('Many of our GPs now see patients until 8 pm.');
    await page.getByLabel('Enable Modal').check();
    modalSwitchedOn = true;
    await page.getByRole('button', { name: 'Save Settings' }).click();
    await expect.poll(() => page.getByText('Modal settings updated!').isVisible()).toBe(true);
    await screenshot(page, 'staff-gallery-1280');
    await expectNoSeriousA11yIssues(page, 'gallery and homepage');

    const visitor = await open(1280);
    await visitor.goto('/');
    const dialog = visitor.getByRole('dialog', { name: 'Winter evening clinics' });
    await expect.poll(() => dialog.isVisible(), { timeout: 15_000 }).toBe(true);
    const settings = await visitor.evaluate(async () => (await fetch('/api/homepage-settings')).json());
    expect(settings).toMatchObject({ color: '#fde2e4', show_modal: true });
    await screenshot(visitor, 'public-home-with-modal-1280');
    await visitor.context().close();
    // The journeys share one server: switch the modal off again, so later visitors' home pages are not covered by it.
    await page.getByLabel('Enable Modal').uncheck();
    await page.getByRole('button', { name: 'Save Settings' }).click();
    // The first save's toast may still be showing: wait for the setting itself, not for a toast.
    await expect
      .poll(() => page.evaluate(async () => (await (await fetch('/api/homepage-settings')).json()).show_modal), { timeout: 15_000 })
      .toBe(false);
    modalSwitchedOn = false;

    // Appointment History: filters, pages, print.
    await page.getByRole('link', { name: 'Appointment History' }).click();
    await page.getByLabel('Month').selectOption('03');
    await page.getByRole('button', { name: 'Submit' }).click();
    await expect.poll(() => page.getByText('Please enter a year').isVisible()).toBe(true);
    await page.getByLabel('Year').fill('999');
    await page.getByRole('button', { name: 'Submit' }).click();
    await expect.poll(() => page.getByText('Please enter a valid year').isVisible()).toBe(true);
    await page.getByLabel('Month').selectOption('');
    await page.getByLabel('Year').fill('');
    await page.getByLabel('Payment method').selectOption('stripe');
    await page.getByRole('button', { name: 'Submit' }).click();
    await screenshot(page, 'staff-payments-1280');
    await expectNoSeriousA11yIssues(page, 'appointment history');
    const [popup] = await Promise.all([context.waitForEvent('page'), page.getByRole('button', { name: 'Print' }).click()]);
    await expect.poll(() => popup.getByRole('heading', { name: 'Appointment History' }).isVisible()).toBe(true);
    await expect.poll(() => popup.getByText('payment method stripe').isVisible()).toBe(true);
    await screenshot(popup, 'staff-payments-print-1280');
    await popup.close();

    // Super Users: add, re-role, delete.
    await page.getByRole('link', { name: 'Super Users' }).click();
    await page.getByRole('button', { name: 'Add New User' }).click();
    await page.getByRole('button', { name: 'Add User' }).click();
    await expect.poll(() => page.getByText('All fields are required.').isVisible()).toBe(true);
    const email = `journey-${Date.now()}@careslot.test`;
    const addDialog = page.getByRole('dialog', { name: 'Add New Super User' });
    await addDialog.getByLabel('Email Address').fill(email);
    await addDialog.getByLabel('Role').selectOption('author');
    await addDialog.getByLabel(/^Password/).fill('Quiet-harbour-lantern');
    await addDialog.getByRole('button', { name: 'Add User' }).click();
    const row = page.getByRole('row', { name: new RegExp(email) });
    await expect.poll(() => row.isVisible()).toBe(true);
    await screenshot(page, 'staff-super-users-1280');
    await expectNoSeriousA11yIssues(page, 'super users');
    await page.getByRole('button', { name: `Edit role of ${email}` }).click();
    const editDialog = page.getByRole('dialog', { name: 'Edit User Role' });
    await editDialog.getByLabel('Role').selectOption('editor');
    await editDialog.getByRole('button', { name: 'Update Role' }).click();
    await expect.poll(() => page.getByText('User role updated successfully!').isVisible()).toBe(true);
    await expect.poll(() => row.textContent()).toContain('editor');
    await page.getByRole('button', { name: `Delete ${email}` }).click();
    const confirm = page.getByRole('dialog', { name: 'Are you sure you want to delete this ?' });
    await confirm.getByRole('button', { name: 'Yes' }).click();
    await expect.poll(() => row.count()).toBe(0);

    // An expired access token: refreshed once, the call retried.
    const refreshAnswers: string[] = [];
    page.on('response', (r) => {
      if (new URL(r.url()).pathname === '/staff/token/refresh/') refreshAnswers.push(String(r.status()));
    });
    page.on('requestfailed', (r) => {
      if (new URL(r.url()).pathname === '/staff/token/refresh/') refreshAnswers.push(r.failure()?.errorText ?? 'failed');
    });
    await page.evaluate(() => localStorage.setItem('admin_access_token', 'expired.token.value'));
    await page.goto('/admin-home');
    // On failure the last poll shows the refresh answers and where the page went.
    await expect
      .poll(
        async () => ({
          home: await page.getByRole('heading', { name: 'Bookings today' }).isVisible(),
          refreshAnswers: refreshAnswers.join(', '),
          at: new URL(page.url()).pathname,
          shows: (await page.locator('body').innerText()).replace(/\s+/g, ' ').slice(0, 300),
        }),
        { timeout: 20_000 },
      )
      .toEqual({ home: true, refreshAnswers: expect.any(String), at: '/admin-home', shows: expect.any(String) });
    expect(await page.evaluate(() => localStorage.getItem('admin_access_token'))).not.toBe('expired.token.value');
    // A failed refresh: the token goes and the sign-in shows.
    await context.clearCookies();
    await page.evaluate(() => localStorage.setItem('admin_access_token', 'expired.token.value'));
    await page.goto('/admin-home');
    await page.waitForURL((u) => u.pathname === '/careslot-signin', { timeout: 15_000 });
    expect(await page.evaluate(() => localStorage.getItem('admin_access_token'))).toBeNull();
  }, 240_000);

  it('375 px: every staff screen, axe', async () => {
    const page = await openStaff(375, 800);
    await page.goto('/careslot-signin');
    await screenshot(page, 'staff-sign-in-375');
    await signIn(page);
    for (const [path, name] of [
      ['/admin-home', 'home'],
      ['/admin-home/providers', 'providers'],
      ['/admin-home/providers/verified', 'verified'],
      ['/admin-home/gallery', 'gallery'],
      ['/admin-home/payments', 'payments'],
      ['/admin-home/superusers', 'super-users'],
    ] as const) {
      await page.goto(path);
      await page.waitForLoadState('networkidle');
      await screenshot(page, `staff-${name}-375`);
      await expectNoSeriousA11yIssues(page, `${name} at 375`);
    }
    // The header's menu holds the staff account at this width; Logout asks first, then ends the sign-in.
    await page.goto('/admin-home');
    await page.getByRole('banner').getByRole('button', { name: 'Menu' }).click();
    await expectStaffHeader(page);
    await screenshot(page, 'staff-header-menu-375');
    await page.getByRole('banner').getByRole('button', { name: 'Logout' }).click();
    const ask = page.getByRole('dialog', { name: 'Are you sure you want to logout?' });
    await ask.getByRole('button', { name: 'Yes' }).click();
    await page.waitForURL((u) => u.pathname === '/careslot-signin', { timeout: 15_000 });
    expect(await page.evaluate(() => localStorage.getItem('admin_access_token'))).toBeNull();
    expect(await page.getByRole('banner').getByRole('button', { name: 'Logout' }).count()).toBe(0);
  }, 180_000);
});
