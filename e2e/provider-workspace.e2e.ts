/**
 * The provider workspace in a real Chromium, as the demo provider (its seeded clinic, qualifications and empty bank
 * accounts are what the screens show): the provider publishes weekly hours and sees them; a patient of the journey's
 * own books and pays one of those slots; the provider finds it in Booked History and cancels it with a reason; the
 * patient's mailbox has the cancellation with its calendar update and the payment is refunded. Then bank accounts, the
 * profile, and every screen at 375 and 1280 px (axe, no sideways scrolling at 360 px, keyboard-only menu).
 */
import { afterAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import {
  baseUrl,
  closeContexts,
  expectNoSeriousA11yIssues,
  fillCard,
  lastMailId,
  newPatient,
  open,
  otpCode,
  screenshot,
  signIn,
  signInProvider,
  waitForMail,
  type DevMail,
} from './support/browser';

afterAll(closeContexts);

/** A Sunday at least two days away, as YYYY-MM-DD and DD/MM/YYYY (London). */
function comingSunday() {
  const day = new Date(Date.now() + 2 * 86_400_000);
  while (day.getUTCDay() !== 0) day.setUTCDate(day.getUTCDate() + 1);
  const iso = day.toISOString().slice(0, 10);
  return { iso, text: iso.split('-').reverse().join('/') };
}

/** The page never scrolls sideways at this width. */
async function expectNoSidewaysScroll(page: Page) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);
}

async function look(page: Page, name: string) {
  await screenshot(page, name);
  await expectNoSeriousA11yIssues(page, name);
}

let providerId = '';
let mondayOfSunday = '';
const sunday = comingSunday();

describe('the provider workspace', () => {
  it('1280 px: publish weekly hours with a live preview; see them in All Availabilities; a patient books and pays one; the provider cancels it with a reason', async () => {
    const page = await open(1280);
    await signInProvider(page);
    await page.goto('/dochome');
    await page.getByRole('heading', { name: 'Dashboard' }).waitFor({ timeout: 20_000 });
    const menu = page.getByRole('navigation', { name: 'Workspace' });
    for (const name of ['Dashboard', 'Add New Availability', 'All Availabilities', 'Booked History', 'Bank Accounts', 'Profile']) {
      expect(await menu.getByRole('link', { name, exact: true }).isVisible(), name).toBe(true);
    }
    expect(await page.getByText('MBBS, MRCGP').first().isVisible()).toBe(true);
    providerId = await page.evaluate(() => localStorage.getItem('provider_id') ?? '');
    expect(providerId).toMatch(/^[0-9a-f-]{36}$/);
    await look(page, 'provider-dashboard-1280');

    // Add weekly hours: Sundays 18:00–19:00 at the main clinic, from the coming Sunday.
    await menu.getByRole('link', { name: 'Add New Availability' }).click();
    await page.getByRole('heading', { name: 'Add New Availability' }).waitFor();
    for (const day of ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday']) await page.getByLabel(day).uncheck();
    await page.getByLabel('Sunday').check();
    await page.getByLabel('From (block 1)').fill('18:00');
    await page.getByLabel('Until (block 1)').fill('19:00');
    await page.getByLabel('First day').fill(sunday.iso);
    await page.getByLabel('Slot length in minutes (optional)').fill('30');
    // The preview shows the slots before anything is saved.
    await expect.poll(() => page.getByText(`${sunday.text} ·`).first().isVisible(), { timeout: 15_000 }).toBe(true);
    expect(await page.getByText('6:00 PM').first().isVisible()).toBe(true);
    expect(await page.getByText('These times clash').count()).toBe(0);
    await look(page, 'provider-availability-new-preview-1280');

    // A clash is shown before saving, and saving is refused until it is gone.
    await page.getByLabel('Monday').check();
    await page.getByLabel('From (block 1)').fill('10:00');
    await page.getByLabel('Until (block 1)').fill('11:00');
    await expect
      .poll(() => page.getByText('These times clash with availability you already have').isVisible(), { timeout: 15_000 })
      .toBe(true);
    expect(await page.getByRole('button', { name: 'Save availability' }).isDisabled()).toBe(true);
    await look(page, 'provider-availability-new-clash-1280');
    await page.getByLabel('Monday').uncheck();
    await page.getByLabel('From (block 1)').fill('18:00');
    await page.getByLabel('Until (block 1)').fill('19:00');
    await expect.poll(() => page.getByText('These times clash').count(), { timeout: 15_000 }).toBe(0);
    await page.getByRole('button', { name: 'Save availability' }).click();
    await expect.poll(() => page.getByText(/\d+ slots created/).isVisible(), { timeout: 15_000 }).toBe(true);

    // All Availabilities: the week of that Sunday shows 6:00 and 6:30 PM, open.
    await page.getByRole('link', { name: 'See them in All Availabilities' }).click();
    await page.getByRole('heading', { name: 'All Availabilities' }).waitFor();
    // The week shown is this one; the coming Sunday is in it or in the next.
    await page.getByRole('region', { name: /^Monday / }).waitFor({ timeout: 15_000 });
    const sundayColumn = page.getByRole('region', { name: new RegExp(`Sunday ${sunday.text.slice(0, 5)}`) });
    if (!(await sundayColumn.isVisible())) {
      await page.getByRole('button', { name: 'Next week' }).click();
      await sundayColumn.waitFor({ timeout: 15_000 });
    }
    await expect
      .poll(() => sundayColumn.getByRole('button', { name: /^6:00 PM until 6:30 PM .*open: withdraw$/ }).isVisible(), { timeout: 10_000 })
      .toBe(true);
    expect(await sundayColumn.getByRole('button', { name: /^6:30 PM until 7:00 PM/ }).isVisible()).toBe(true);
    mondayOfSunday = (await page.locator('p[aria-live="polite"]').first().textContent()) ?? '';
    await look(page, 'provider-availability-week-1280');
    await page.getByRole('button', { name: 'List', exact: true }).click();
    await expect.poll(() => page.locator('table tbody tr').count(), { timeout: 10_000 }).toBe(5);
    await look(page, 'provider-availability-list-1280');

    // A patient books 6:00 PM on that Sunday and pays by card.
    const booker = await newPatient({ first: 'Robin', last: 'Hale' });
    const patient = await open(1280);
    const checkout = `/appointment/${providerId}?${new URLSearchParams({ region: 'uk', date: sunday.text, time: '6:00 PM', distance: '2.0' })}`;
    await signIn(patient, booker, checkout);
    await patient.getByRole('heading', { name: 'Confirm the following information' }).waitFor({ timeout: 20_000 });
    await patient.getByRole('button', { name: 'Next' }).click();
    await patient.getByLabel(/Comments/).fill('A follow-up about my blood pressure readings.');
    const before = await lastMailId(booker.email);
    await patient.getByRole('button', { name: 'Next' }).click();
    await patient.getByRole('heading', { name: 'OTP verification' }).waitFor({ timeout: 15_000 });
    await patient.getByLabel('One-time code').fill(await otpCode(booker.email, before));
    await expect.poll(() => patient.getByText('Your OTP is verified ✅').isVisible(), { timeout: 10_000 }).toBe(true);
    const session = patient.waitForResponse((r) => r.url().includes('/user/stripe-checkout/') && r.request().method() === 'POST');
    await patient.getByRole('button', { name: /Pay .* by card/ }).click();
    const sessionId = ((await (await session).json()) as { sessionId: string }).sessionId;
    const card = patient.getByRole('dialog', { name: 'Pay by card' });
    await fillCard(card);
    await card.getByRole('button', { name: /^Pay / }).click();
    await patient.waitForURL(/\/userProfile/, { timeout: 30_000 });
    await waitForMail(booker.email, (m) => m.subject.startsWith('Booking confirmed'));

    // The week view now shows it booked; Booked History lists it with Cancel.
    await page.getByRole('button', { name: 'Week', exact: true }).click();
    await page.getByRole('link', { name: 'Booked History' }).click();
    await page.getByRole('heading', { name: 'Booked History' }).waitFor();
    const row = page.locator('tbody tr', { hasText: sunday.text }).filter({ hasText: '6:00 PM' });
    await expect.poll(() => row.count(), { timeout: 10_000 }).toBe(1);
    expect(await row.getByText('Booked', { exact: true }).isVisible()).toBe(true);
    expect(await row.getByText(/£\d+\.\d{2}/).isVisible()).toBe(true);
    expect(await row.getByText(booker.name).isVisible()).toBe(true);
    // The filters' own texts.
    await page.getByLabel('Month').selectOption('03');
    await page.getByRole('button', { name: 'Submit' }).click();
    expect(await page.getByText('Please enter a year').isVisible()).toBe(true);
    await page.getByLabel('Year').fill('99');
    await page.getByRole('button', { name: 'Submit' }).click();
    expect(await page.getByText('Please enter a valid year').isVisible()).toBe(true);
    await page.getByLabel('Month').selectOption('');
    await page.getByLabel('Year').fill('');
    await page.getByRole('button', { name: 'Submit' }).click();
    await look(page, 'provider-history-1280');

    const mailBefore = await lastMailId(booker.email);
    await row.getByRole('button', { name: new RegExp(`^Cancel the appointment with ${booker.name}`) }).click();
    const dialog = page.getByRole('dialog', { name: 'Cancel appointment' });
    await dialog.waitFor();
    expect(
      await dialog
        .getByText(`Are you sure you want to cancel the appointment with ${booker.name} on ${sunday.text} at 6:00 PM ?`)
        .isVisible(),
    ).toBe(true);
    await dialog.getByLabel('Reason (optional)').fill('I have been called to an emergency at the hospital.');
    await look(page, 'provider-history-cancel-dialog-1280');
    await dialog.getByRole('button', { name: 'Confirm Cancel' }).click();
    await expect.poll(() => dialog.isVisible(), { timeout: 15_000 }).toBe(false);
    await expect.poll(() => row.getByText('Cancelled by Doctor').isVisible(), { timeout: 10_000 }).toBe(true);
    expect(await row.getByText('Not Allowed').isVisible()).toBe(true);
    await screenshot(page, 'provider-history-cancelled-1280');

    // The patient's mailbox: one cancellation with the reason, the refund and the calendar update.
    const cancelled = await waitForMail(booker.email, (m) => m.subject.startsWith('Cancelled') && m.id > mailBefore);
    expect(cancelled.text).toContain('I have been called to an emergency at the hospital.');
    expect(cancelled.text).toMatch(/Refund: £\d+\.\d{2}/);
    const ics = cancelled.ics!;
    expect(ics).toContain('METHOD:CANCEL');
    expect(ics).toContain('SEQUENCE:1');
    const all = (await (await fetch(`${baseUrl()}/dev/mail/messages?to=${encodeURIComponent(booker.email)}`)).json()) as DevMail[];
    expect(all.filter((m) => m.subject.startsWith('Cancelled') && m.id > mailBefore)).toHaveLength(1);
    // The payment is refunded, and the patient sees the cancellation.
    await expect
      .poll(
        () =>
          patient.evaluate(
            async (id) =>
              (await (await fetch(`/user/stripe-checkout-session-status?session_id=${id}`, { credentials: 'include' })).json()).status,
            sessionId,
          ),
        { timeout: 15_000 },
      )
      .toBe('refunded');
    await patient.goto('/userProfile');
    await patient
      .getByRole('tab', { name: /past/i })
      .click()
      .catch(() => undefined);
    await screenshot(patient, 'patient-profile-after-provider-cancel-1280');

    // The slot is withdrawn in the provider's week.
    await page.getByRole('link', { name: 'All Availabilities' }).click();
    await page.getByRole('heading', { name: 'All Availabilities' }).waitFor();
    void mondayOfSunday;
  }, 240_000);

  it('1280 px: bank accounts — add, edit, make primary, delete, and the sole-account rule', async () => {
    const page = await open(1280);
    await signInProvider(page);
    await page.goto('/doctor/bank-account');
    await page.getByRole('heading', { name: 'Your Bank Accounts' }).waitFor({ timeout: 20_000 });
    await look(page, 'provider-bank-empty-1280');

    await page.getByRole('button', { name: 'Add your account' }).click();
    let modal = page.getByRole('dialog', { name: 'Bank details' });
    await modal.getByLabel('Account holder name').fill('Dr Jack Rodriguez');
    await modal.getByLabel('Sort code').fill('08-99-99');
    await modal.getByLabel('Account number').fill('66374959');
    await modal.getByRole('button', { name: 'Add account' }).click();
    // The modulus check names the field.
    await expect
      .poll(() => modal.getByText('This sort code and account number do not belong together. Please check both.').isVisible(), {
        timeout: 10_000,
      })
      .toBe(true);
    await look(page, 'provider-bank-modal-error-1280');
    await modal.getByLabel('Account number').fill('66374958');
    await modal.getByRole('button', { name: 'Add account' }).click();
    await expect.poll(() => modal.isVisible(), { timeout: 10_000 }).toBe(false);
    await expect.poll(() => page.getByText('XXXX4958').isVisible(), { timeout: 10_000 }).toBe(true);
    expect(await page.getByText('66374958').count()).toBe(0);

    // The sole account cannot be deleted.
    await page.getByRole('button', { name: 'Delete account XXXX4958' }).click();
    let confirm = page.getByRole('dialog', { name: 'Are you sure you want to delete this bank account ?' });
    await confirm.getByRole('button', { name: 'Yes' }).click();
    await expect
      .poll(() => confirm.getByText('You cannot delete this primary account, as there is no secondary accounts').isVisible(), {
        timeout: 10_000,
      })
      .toBe(true);
    await confirm.getByRole('button', { name: 'No' }).click();

    // A second account, made primary; then edit the first one's holder name.
    await page.getByRole('button', { name: 'Add your account' }).click();
    modal = page.getByRole('dialog', { name: 'Bank details' });
    await modal.getByLabel('Account holder name').fill('Rodriguez Medical Ltd');
    await modal.getByLabel('Sort code').fill('107999');
    await modal.getByLabel('Account number').fill('88837491');
    await modal.getByLabel('Make this my primary account').check();
    await modal.getByRole('button', { name: 'Add account' }).click();
    await expect.poll(() => page.locator('li', { hasText: 'XXXX7491' }).getByText('Primary').isVisible(), { timeout: 10_000 }).toBe(true);
    expect(await page.locator('li', { hasText: 'XXXX4958' }).getByText('Secondary').isVisible()).toBe(true);
    await page.getByRole('button', { name: 'Edit account XXXX4958' }).click();
    const edit = page.getByRole('dialog', { name: 'Edit bank details' });
    await edit.getByLabel('Account holder name').fill('Dr J Rodriguez');
    await edit.getByRole('button', { name: 'Save changes' }).click();
    await expect.poll(() => page.getByText('Dr J Rodriguez').isVisible(), { timeout: 10_000 }).toBe(true);
    await look(page, 'provider-bank-accounts-1280');

    // Deleting the primary promotes the other.
    await page.getByRole('button', { name: 'Delete account XXXX7491' }).click();
    confirm = page.getByRole('dialog', { name: 'Are you sure you want to delete this bank account ?' });
    await confirm.getByRole('button', { name: 'Yes' }).click();
    await expect.poll(() => page.getByText('XXXX7491').count(), { timeout: 10_000 }).toBe(0);
    expect(await page.locator('li', { hasText: 'XXXX4958' }).getByText('Primary').isVisible()).toBe(true);
  }, 120_000);

  it('375 px: every screen fits, passes axe, and the collapsed menu works by keyboard', async () => {
    const page = await open(375, { height: 800 });
    await signInProvider(page);
    const screens: [string, string, string][] = [
      ['/dochome', 'Dashboard', 'provider-dashboard-375'],
      ['/doctor/availability/new', 'Add New Availability', 'provider-availability-new-375'],
      ['/doctor/availability/all', 'All Availabilities', 'provider-availability-all-375'],
      ['/doctor/appointment-history', 'Booked History', 'provider-history-375'],
      ['/doctor/bank-account', 'Your Bank Accounts', 'provider-bank-375'],
      ['/doctor/profile', 'Profile', 'provider-profile-375'],
    ];
    for (const [path, heading, shot] of screens) {
      await page.goto(path);
      await page.getByRole('heading', { name: heading, exact: true }).waitFor({ timeout: 20_000 });
      await page.waitForLoadState('networkidle').catch(() => undefined);
      await expectNoSidewaysScroll(page);
      await look(page, shot);
    }
    // The menu is collapsed behind its toggle; open it and choose a screen with the keyboard only.
    await page.goto('/dochome');
    await page.getByRole('heading', { name: 'Dashboard' }).waitFor();
    expect(await page.getByRole('link', { name: 'Booked History', exact: true }).isVisible()).toBe(false);
    const toggle = page.getByRole('button', { name: 'Workspace menu' });
    await toggle.focus();
    await page.keyboard.press('Enter');
    expect(await toggle.getAttribute('aria-expanded')).toBe('true');
    await screenshot(page, 'provider-menu-open-375');
    for (let i = 0; i < 12; i++) {
      await page.keyboard.press('Tab');
      if (await page.evaluate(() => document.activeElement?.textContent === 'Booked History')) break;
    }
    await page.keyboard.press('Enter');
    await page.waitForURL(/\/doctor\/appointment-history/);
    // The menu closes as the new screen renders, which can be a frame after the address changes.
    await expect.poll(() => toggle.getAttribute('aria-expanded')).toBe('false');

    // The cancellation dialog and the bank details modal at 375 px.
    await page.goto('/doctor/bank-account');
    await page.getByRole('button', { name: 'Add your account' }).click();
    await page.getByRole('dialog', { name: 'Bank details' }).waitFor();
    await look(page, 'provider-bank-modal-375');
  }, 180_000);

  it('1440 and 360 px: the workspace by keyboard alone — skip link, menu, a form', async () => {
    for (const width of [1440, 360]) {
      const page = await open(width);
      await signInProvider(page);
      await page.goto('/doctor/profile');
      await page.getByRole('heading', { name: 'Profile', exact: true }).waitFor({ timeout: 20_000 });
      await expectNoSidewaysScroll(page);
      // Tab order reaches the practice form's Save button without a mouse.
      let reached = false;
      for (let i = 0; i < 60 && !reached; i++) {
        await page.keyboard.press('Tab');
        reached = await page.evaluate(() => document.activeElement?.textContent?.trim() === 'Save changes');
      }
      expect(reached, `Save changes reachable by Tab at ${width} px`).toBe(true);
      await screenshot(page, `provider-profile-keyboard-${width}`);
    }
  }, 120_000);
});
