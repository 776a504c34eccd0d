/**
 * Book and pay in a real Chromium: search → profile → checkout → OTP → card or wallet, and what goes wrong on the way.
 * Each test books as a patient of its own, so what other journeys left on the demo patient never meets it.
 */
import { afterAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import {
  baseUrl,
  closeContexts,
  dismissBanners,
  expectNoSeriousA11yIssues,
  fillCard,
  lastMailId,
  newPatient,
  open,
  otpCode,
  screenshot,
  signIn,
  waitForMail,
  type Account,
} from './support/browser';

afterAll(closeContexts);

interface FreeSlot {
  date: string;
  time: string;
}

/** Free slots of a provider, from the same call the profile uses. */
async function freeSlots(providerId: string): Promise<FreeSlot[]> {
  const res = await fetch(`${baseUrl()}/api/provider-slots/${providerId}/?selectedRegion=uk`);
  const body = (await res.json()) as { data: { slots: { date: string; time: string; available: boolean; starts_at: string }[] } };
  return body.data.slots.filter((s) => s.available && new Date(s.starts_at).getTime() > Date.now() + 3600_000);
}

const checkoutUrl = (providerId: string, s: FreeSlot) =>
  `/appointment/${providerId}?${new URLSearchParams({ region: 'uk', date: s.date, time: s.time, distance: '3.1' })}`;

/** Steps 1 and 2 with a valid purpose; returns once the OTP step shows. */
async function toOtpStep(page: Page) {
  await page.getByRole('heading', { name: 'Confirm the following information' }).waitFor({ timeout: 15_000 });
  await page.getByRole('button', { name: 'Next' }).click();
  await page.getByLabel(/Comments/).fill('Recurring migraines for three weeks, worse in the mornings.');
  await page.getByRole('button', { name: 'Next' }).click();
}

async function verifyOtp(page: Page, patient: Account, after: number) {
  await page.getByRole('heading', { name: 'OTP verification' }).waitFor({ timeout: 15_000 });
  const code = await otpCode(patient.email, after);
  await page.getByLabel('One-time code').fill(code);
  await expect.poll(() => page.getByText('Your OTP is verified ✅').isVisible(), { timeout: 10_000 }).toBe(true);
}

let providerId = '';

describe('book and pay', () => {
  it('1280 px: search → profile → slot → checkout with validation → OTP → card 4242 → overlays → /userProfile', async () => {
    const patient = await newPatient();
    const page = await open(1280);
    await signIn(page, patient);

    // Search and profile.
    await page.goto('/');
    await dismissBanners(page);
    const form = page.getByRole('search').first();
    await form.getByLabel(/postcode|zip code/i).fill('b15 3hg');
    await expect.poll(() => form.getByLabel('Speciality').locator('option').count(), { timeout: 10_000 }).toBeGreaterThan(1);
    await form.getByLabel('Speciality').selectOption({ index: 1 });
    await form.getByLabel('Within').selectOption('100');
    await form.getByRole('button', { name: 'Search' }).click();
    await page.waitForURL(/\/results\?/);
    await expect.poll(() => page.locator('ul[aria-label="Providers"] > li').count(), { timeout: 15_000 }).toBeGreaterThan(0);
    await page.locator('ul[aria-label="Providers"] h2 a').first().click();
    await page.waitForURL(/\/doctor-profile\/[0-9a-f-]+\/[\d.]+\?region=uk/);
    providerId = /\/doctor-profile\/([0-9a-f-]+)\//.exec(page.url())![1]!;
    await expect.poll(() => page.locator('button[data-slot]:not([disabled])').count(), { timeout: 10_000 }).toBeGreaterThan(0);
    await page.locator('button[data-slot]:not([disabled])').first().click();
    await page.getByRole('button', { name: 'Book this time' }).click();
    await page.waitForURL(/\/appointment\/[0-9a-f-]+\?region=uk&date=/);

    // Step 1.
    await page.getByRole('heading', { name: 'Confirm the following information' }).waitFor({ timeout: 15_000 });
    expect(
      await page
        .getByText(/\d+(st|nd|rd|th) [A-Z][a-z]+ \d{4}/)
        .first()
        .isVisible(),
    ).toBe(true);
    expect(await page.getByLabel("I'm a new patient").isChecked()).toBe(true);
    expect(await page.getByLabel(/Card \(Stripe\)/).isChecked()).toBe(true);
    await expect
      .poll(() =>
        page
          .getByText(/GBP £\d+\.\d{2}/)
          .first()
          .isVisible(),
      )
      .toBe(true);
    await screenshot(page, 'checkout-step1-1280');
    await expectNoSeriousA11yIssues(page, 'checkout step 1');
    await page.getByLabel("I've seen this doctor before").check();
    await page.getByLabel("I'm a new patient").check();
    await page.getByRole('button', { name: 'Next' }).click();

    // Step 2: validation messages.
    await page.getByRole('heading', { name: 'Purpose of your visit' }).waitFor();
    const next = page.getByRole('button', { name: 'Next' });
    expect(await next.isDisabled()).toBe(true);
    await page.getByLabel(/Comments/).fill('headache');
    await next.click();
    await expect.poll(() => page.getByText('Please describe more about your medical concern').isVisible()).toBe(true);
    await page.getByLabel(/Comments/).fill('12345');
    await next.click();
    await expect.poll(() => page.getByText('Add a valid concern').isVisible()).toBe(true);
    await screenshot(page, 'checkout-step2-errors-1280');
    await expectNoSeriousA11yIssues(page, 'checkout step 2');
    await page.getByRole('button', { name: 'Back' }).click();
    await page.getByRole('heading', { name: 'Confirm the following information' }).waitFor();
    await page.getByRole('button', { name: 'Next' }).click();
    const before = await lastMailId(patient.email);
    await page.getByLabel(/Comments/).fill('Recurring migraines for three weeks, worse in the mornings.');
    await page.getByRole('button', { name: 'Next' }).click();

    // Step 3: OTP.
    await page.getByRole('heading', { name: 'OTP verification' }).waitFor({ timeout: 15_000 });
    // The address the code went to, masked: the first two characters of its local part, then x.
    const [local, domain] = patient.email.split('@') as [string, string];
    expect(await page.getByText(`${local.slice(0, 2)}${'x'.repeat(local.length - 2)}@${domain}`).isVisible()).toBe(true);
    expect(await page.getByText(/holding this slot for you until/).isVisible()).toBe(true);
    expect(await page.getByRole('button', { name: /Pay .* by card/ }).count()).toBe(0);
    expect(await page.getByLabel('One-time code').getAttribute('autocomplete')).toBe('one-time-code');
    const code = await otpCode(patient.email, before);
    const wrong = code === '000000' ? '111111' : '000000';
    await page.getByLabel('One-time code').fill(wrong);
    await expect.poll(() => page.getByText('Invalid OTP').isVisible(), { timeout: 10_000 }).toBe(true);
    await screenshot(page, 'checkout-step3-invalid-1280');
    await page.getByLabel('One-time code').fill(code);
    await expect.poll(() => page.getByText('Your OTP is verified ✅').isVisible(), { timeout: 10_000 }).toBe(true);
    expect(await page.getByLabel('One-time code').isDisabled()).toBe(true);
    await screenshot(page, 'checkout-step3-verified-1280');
    await expectNoSeriousA11yIssues(page, 'checkout step 3');

    // Card in the sandbox embedded form.
    await page.getByRole('button', { name: /Pay .* by card/ }).click();
    const dialog = page.getByRole('dialog', { name: 'Pay by card' });
    await dialog.waitFor();
    await fillCard(dialog);
    await screenshot(page, 'checkout-card-modal-1280');
    await expectNoSeriousA11yIssues(page, 'card modal');
    await dialog.getByRole('button', { name: /^Pay / }).click();
    await expect
      .poll(
        () => page.getByText('Payment Successful! Your booking has been confirmed. This window will close automatically.').isVisible(),
        {
          timeout: 20_000,
        },
      )
      .toBe(true);
    await screenshot(page, 'checkout-success-overlay-1280');
    await page.waitForURL(/\/userProfile/, { timeout: 15_000 });
    expect(page.url()).toContain('showRideModal=1');
    const mail = await waitForMail(patient.email, (m) => m.subject.startsWith('Booking confirmed'));
    expect(mail.text).toContain('Amount paid: £');
    // The ride-hailing offer, dismissable; the booking is listed.
    const ride = page.getByRole('dialog', { name: 'Need a ride to your appointment?' });
    await ride.waitFor({ timeout: 15_000 });
    expect(await ride.getByRole('link', { name: 'Book a ride' }).getAttribute('href')).toMatch(/dropoff%5Blatitude%5D=-?\d/);
    await screenshot(page, 'user-profile-ride-modal-1280');
    await expectNoSeriousA11yIssues(page, 'ride-hailing modal');
    await ride.getByRole('button', { name: 'No thanks' }).click();
    await expect.poll(() => ride.isVisible()).toBe(false);
    expect(page.url()).not.toContain('showRideModal');
    await screenshot(page, 'user-profile-after-booking-1280');
  }, 120_000);

  it('375 px: a declined card keeps the patient in checkout with the error', async () => {
    const slots = await freeSlots(providerId);
    const patient = await newPatient();
    const page = await open(375);
    await signIn(page, patient, checkoutUrl(providerId, slots[3]!));
    await page.waitForURL(/\/appointment\//);
    await screenshot(page, 'checkout-step1-375');
    await expectNoSeriousA11yIssues(page, 'checkout step 1 (375)');
    const before = await lastMailId(patient.email);
    await toOtpStep(page);
    await verifyOtp(page, patient, before);
    await screenshot(page, 'checkout-step3-verified-375');
    await page.getByRole('button', { name: /Pay .* by card/ }).click();
    const dialog = page.getByRole('dialog', { name: 'Pay by card' });
    await fillCard(dialog, '4000 0000 0000 0002');
    await dialog.getByRole('button', { name: /^Pay / }).click();
    await expect.poll(() => dialog.getByText('Your card was declined.').isVisible(), { timeout: 10_000 }).toBe(true);
    await expect.poll(() => page.getByText('There was an error with your payment, please try again').isVisible()).toBe(true);
    await screenshot(page, 'checkout-card-declined-375');
    await expectNoSeriousA11yIssues(page, 'declined card (375)');
    // The close X leaves the patient on the OTP step, verified, able to try again.
    await dialog.getByRole('button', { name: 'Close' }).click();
    expect(await page.getByRole('button', { name: /Pay .* by card/ }).isVisible()).toBe(true);
  }, 120_000);

  it('a cancelled wallet payment says "Payment is Cancelled"', async () => {
    const slots = await freeSlots(providerId);
    const patient = await newPatient();
    const page = await open(1280);
    await signIn(page, patient, checkoutUrl(providerId, slots[5]!));
    await page.waitForURL(/\/appointment\//);
    await page.getByRole('heading', { name: 'Confirm the following information' }).waitFor({ timeout: 15_000 });
    await page.getByLabel(/PayPal wallet/).check();
    const before = await lastMailId(patient.email);
    await toOtpStep(page);
    await verifyOtp(page, patient, before);
    await page.getByRole('button', { name: /Pay .* with PayPal/ }).click();
    const wallet = page.getByRole('dialog', { name: 'Sandbox wallet' });
    await wallet.waitFor();
    await expect.poll(() => wallet.getByText(/£\d+\.\d{2}/).isVisible()).toBe(true);
    await screenshot(page, 'checkout-wallet-window-1280');
    await expectNoSeriousA11yIssues(page, 'wallet window');
    await wallet.getByRole('button', { name: 'Cancel payment' }).click();
    await expect.poll(() => page.getByText('Payment is Cancelled').isVisible(), { timeout: 10_000 }).toBe(true);
    await screenshot(page, 'checkout-wallet-cancelled-1280');

    // Then approving a new order books it.
    await page.getByRole('button', { name: /Pay .* with PayPal/ }).click();
    await wallet.getByRole('button', { name: 'Approve and pay' }).click();
    await expect
      .poll(
        () => page.getByText('Payment Successful! Your booking has been confirmed. This window will close automatically.').isVisible(),
        {
          timeout: 20_000,
        },
      )
      .toBe(true);
    await page.waitForURL(/\/userProfile/, { timeout: 15_000 });
  }, 120_000);

  it('a slot taken meanwhile sends the patient back to the profile', async () => {
    const slots = await freeSlots(providerId);
    const target = slots[7]!;
    const page = await open(1280);
    await signIn(page, await newPatient(), checkoutUrl(providerId, target));
    await page.waitForURL(/\/appointment\//);
    await page.getByRole('heading', { name: 'Confirm the following information' }).waitFor({ timeout: 15_000 });

    // Another patient registers and holds the same slot.
    const rival = await newPatient({ first: 'Rita', last: 'Rival' });
    const login = await fetch(`${baseUrl()}/api/user-login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: rival.email, password: rival.password, user_type: 'patient' }),
    });
    const { tokens, user_id } = (await login.json()) as { tokens: { access_token: string }; user_id: string };
    const hold = await fetch(`${baseUrl()}/user/user-otp-verification/${user_id}/`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${tokens.access_token}` },
      body: JSON.stringify({ providerId, providerRegion: 'uk', bookedDate: target.date, timeSlot: target.time }),
    });
    expect(hold.status, await hold.clone().text()).toBe(200);

    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByLabel(/Comments/).fill('Recurring migraines for three weeks, worse in the mornings.');
    await page.getByRole('button', { name: 'Next' }).click();
    await page.waitForURL(new RegExp(`/doctor-profile/${providerId}/3\\.1\\?region=uk`), { timeout: 15_000 });
    await expect.poll(() => page.getByText('Oops! This slot is already booked.').isVisible()).toBe(true);
    await screenshot(page, 'checkout-slot-taken-1280');

    // Opening checkout for a slot someone holds goes straight back too.
    await page.goto(checkoutUrl(providerId, target));
    await page.waitForURL(/\/doctor-profile\//, { timeout: 15_000 });
  }, 120_000);

  it('/return shows the result of a card checkout session', async () => {
    const page = await open(375);
    await signIn(page, await newPatient(), '/return?session_id=cs_unknown');
    await page.waitForURL(/\/return/);
    await expect.poll(() => page.getByRole('heading', { name: 'Something went wrong' }).isVisible(), { timeout: 10_000 }).toBe(true);
    await screenshot(page, 'payment-return-error-375');
    await expectNoSeriousA11yIssues(page, '/return');
  }, 60_000);
});
