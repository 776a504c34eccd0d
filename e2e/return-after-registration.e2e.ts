/**
 * A new patient's chosen time survives registration (docs/accounts.md, "Coming back after signing in"), at a provider's
 * second clinic (docs/booking.md): a visitor picks a time at the second clinic on a profile → sign-in → "Create an
 * account" → /modal → the e-mailed link → sign in → the checkout of that very time, naming that clinic, its address and
 * the slot's own end, also after a reload; then the code (with the resend countdown) and a card payment whose ride offer
 * and confirmation name that clinic. At 375 px the time is taken meanwhile: the patient lands on the profile, told so.
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
  submitSignIn,
  waitForMail,
} from './support/browser';

afterAll(closeContexts);

interface Slot {
  date: string;
  time: string;
  end_time: string;
  available: boolean;
  starts_at: string;
  hospital: { hospital_id: string; hospital_name: string; hospital_location: string };
}
interface Hospital {
  hospital_id: string;
  hospital_name: string;
  hospital_location: string;
}

const get = async <T>(url: string): Promise<T> => {
  const res = await fetch(`${baseUrl()}${url}`);
  expect(res.status, `${url}: ${await res.clone().text()}`).toBe(200);
  return (await res.json()) as T;
};

/** A seeded UK provider who works at two clinics, with free times at the second one a day or more ahead. */
async function twoClinicProvider(): Promise<{ id: string; second: Hospital; slots: Slot[] }> {
  const specs = await get<{ data: { slug: string }[] }>('/api/get-speciality?selectedRegion=uk');
  for (const spec of specs.data) {
    const found = await get<{ data: { id: string }[] }>(
      `/api/test-search/?postcode=W1G%207JQ&specialty=${spec.slug}&radius=200&selectedRegion=uk`,
    );
    for (const provider of found.data) {
      const details = await get<{ data: { hospital_details: Hospital[] } }>(`/api/provider-details/${provider.id}/?selectedRegion=uk`);
      const [main, second] = details.data.hospital_details;
      if (!main || !second) continue;
      const slots = (await get<{ data: { slots: Slot[] } }>(`/api/provider-slots/${provider.id}/?selectedRegion=uk`)).data.slots;
      const there = slots.filter(
        (s) => s.available && s.hospital.hospital_id === second.hospital_id && new Date(s.starts_at).getTime() > Date.now() + 86_400_000,
      );
      if (there.length >= 3) return { id: provider.id, second, slots: there };
    }
  }
  throw new Error('no seeded provider with free times at a second clinic');
}

/** On the profile: the day of the slot, then its time, then "Book this time". */
async function pickOnProfile(page: Page, slot: Slot) {
  const time = page.locator(
    `button[data-slot][aria-label^="${slot.time} to ${slot.end_time} on "][aria-label*="at ${slot.hospital.hospital_name}"]`,
  );
  await expect.poll(() => page.getByRole('tab').count(), { timeout: 15_000 }).toBeGreaterThan(0);
  const tabs = page.getByRole('tab');
  for (let i = 0; i < (await tabs.count()) && !(await time.first().isVisible()); i++) await tabs.nth(i).click();
  const matches = await time.all();
  let picked = false;
  for (const m of matches) {
    if (!(await m.isVisible())) continue;
    // The date is in the label as an ordinal; the slot's DD/MM/YYYY day of month must be in it.
    const label = (await m.getAttribute('aria-label')) ?? '';
    if (!label.includes(` ${Number(slot.date.slice(0, 2))}`)) continue;
    await m.click();
    picked = true;
    break;
  }
  expect(picked, `time ${slot.date} ${slot.time} on the profile`).toBe(true);
  await page.getByRole('button', { name: 'Book this time' }).click();
}

/** Registers through the real screens from the sign-in page the checkout sent the visitor to; answers the account. */
async function registerFromSignIn(page: Page, tag: string) {
  const email = `ret.${Date.now().toString(36)}@example.com`;
  const password = 'Quiet-Harbour-2027!';
  await page.getByRole('link', { name: 'Create an account' }).click();
  await page.waitForURL((u) => u.pathname === '/register' && u.searchParams.get('returnTo')?.startsWith('/appointment/') === true);
  await page.getByRole('heading', { name: 'Create your account' }).waitFor();
  await page.getByLabel('First name').fill('Robin');
  await page.getByLabel('Last name').fill('Return');
  await page.getByLabel('E-mail address').fill(email);
  await page.getByLabel('Phone number').fill('07911 123456');
  await page.getByLabel('Date of birth').fill('1988-07-21');
  await page.getByLabel(/^Password/).fill(password);
  await page.getByRole('button', { name: 'Create account' }).click();
  await page.getByRole('heading', { name: 'Check your inbox' }).waitFor({ timeout: 15_000 });
  expect(await page.getByText('then sign in to carry on where you left off').isVisible()).toBe(true);
  await screenshot(page, `${tag}-2-check-inbox`);
  await expectNoSeriousA11yIssues(page, `${tag} check your inbox`);
  return { email, password };
}

/** Opens the e-mailed link, then its "Sign in" and signs in. */
async function followLinkAndSignIn(page: Page, account: { email: string; password: string }, tag: string) {
  const mail = await waitForMail(account.email, (m) => m.text.includes('/verify/'));
  const link = new URL(/https?:\/\/\S+\/verify\/\S+/.exec(mail.text)![0]);
  expect(link.searchParams.get('returnTo')).toMatch(/^\/appointment\//);
  await page.goto(`${link.pathname}${link.search}`);
  await page.getByRole('heading', { name: 'E-mail address confirmed' }).waitFor({ timeout: 15_000 });
  await screenshot(page, `${tag}-3-confirmed`);
  await expectNoSeriousA11yIssues(page, `${tag} e-mail confirmed`);
  await page.getByRole('link', { name: 'Sign in' }).first().click();
  await page.waitForURL((u) => u.pathname === '/sign-in' && u.searchParams.get('returnTo')?.startsWith('/appointment/') === true);
  // The confirmed page's title also holds "E-mail address": wait for the sign-in form itself.
  await page.getByRole('heading', { name: 'Sign in', exact: true }).waitFor({ timeout: 15_000 });
  await submitSignIn(page, account);
}

describe('a new patient comes back to the time they picked', () => {
  it('1280 px: profile → sign-in → register → e-mail link → sign in → checkout at the second clinic → code → card → ride there', async () => {
    const { id, second, slots } = await twoClinicProvider();
    const slot = slots[0]!;
    const tag = 'return-1280';
    const page = await open(1280);
    await page.goto(`/doctor-profile/${id}/3.1?region=uk`);
    await dismissBanners(page);
    await pickOnProfile(page, slot);
    await page.waitForURL((u) => u.pathname === '/sign-in' && u.searchParams.get('returnTo')?.startsWith(`/appointment/${id}?`) === true);
    await screenshot(page, `${tag}-1-sign-in`);
    const account = await registerFromSignIn(page, tag);
    await followLinkAndSignIn(page, account, tag);

    // The checkout of that very time, with no router state from the profile: the second clinic and the slot's own end.
    await page.waitForURL((u) => u.pathname === `/appointment/${id}` && u.searchParams.get('time') === slot.time, { timeout: 20_000 });
    await page.getByRole('heading', { name: 'Confirm the following information' }).waitFor({ timeout: 15_000 });
    const expectSecondClinic = async () => {
      await expect.poll(() => page.getByText(second.hospital_name, { exact: true }).first().isVisible(), { timeout: 10_000 }).toBe(true);
      expect(await page.getByText(second.hospital_location, { exact: true }).first().isVisible()).toBe(true);
      expect(await page.getByText(`${slot.time} - ${slot.end_time}`, { exact: true }).first().isVisible()).toBe(true);
    };
    await expectSecondClinic();
    await screenshot(page, `${tag}-4-checkout`);
    await expectNoSeriousA11yIssues(page, `${tag} checkout`);
    await page.reload();
    await page.getByRole('heading', { name: 'Confirm the following information' }).waitFor({ timeout: 15_000 });
    await expectSecondClinic();

    // The code: the resend pause counts down on "Send a new code".
    await page.getByRole('button', { name: 'Next' }).click();
    const before = await lastMailId(account.email);
    await page.getByLabel(/Comments/).fill('Recurring migraines for three weeks, worse in the mornings.');
    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByRole('heading', { name: 'OTP verification' }).waitFor({ timeout: 15_000 });
    const resend = page.getByRole('button', { name: /^Send a new code/ });
    await expect.poll(() => resend.textContent()).toMatch(/^Send a new code in 0:[0-3]\d$/);
    expect(await resend.isDisabled()).toBe(true);
    const code = await otpCode(account.email, before);
    await page.getByLabel('One-time code').fill(code === '000000' ? '111111' : '000000');
    await expect.poll(() => page.getByText('Invalid OTP').isVisible(), { timeout: 10_000 }).toBe(true);
    await screenshot(page, `${tag}-5-code-countdown`);
    await expectNoSeriousA11yIssues(page, `${tag} code step`);
    await page.getByLabel('One-time code').fill(code);
    await expect.poll(() => page.getByText('Your OTP is verified ✅').isVisible(), { timeout: 10_000 }).toBe(true);

    // Paid: the ride offer and the confirmation name the second clinic.
    await page.getByRole('button', { name: /Pay .* by card/ }).click();
    const dialog = page.getByRole('dialog', { name: 'Pay by card' });
    await dialog.waitFor();
    await fillCard(dialog);
    await dialog.getByRole('button', { name: /^Pay / }).click();
    await page.waitForURL(/\/userProfile/, { timeout: 30_000 });
    const ride = page.getByRole('dialog', { name: 'Need a ride to your appointment?' });
    await ride.waitFor({ timeout: 15_000 });
    expect(await ride.getByText(second.hospital_name).isVisible()).toBe(true);
    expect(await ride.getByText(second.hospital_location, { exact: false }).isVisible()).toBe(true);
    const mail = await waitForMail(account.email, (m) => m.subject.startsWith('Booking confirmed'));
    expect(mail.text).toContain(second.hospital_name);
    await screenshot(page, `${tag}-6-ride-offer`);
  }, 240_000);

  it('375 px: the time was taken meanwhile, so the patient lands on the profile and is told', async () => {
    const { id, slots } = await twoClinicProvider();
    const slot = slots[1]!;
    const tag = 'return-375';
    const page = await open(375);
    await page.goto(`/doctor-profile/${id}/3.1?region=uk`);
    await dismissBanners(page);
    await pickOnProfile(page, slot);
    await page.waitForURL((u) => u.pathname === '/sign-in');
    await screenshot(page, `${tag}-1-sign-in`);
    await expectNoSeriousA11yIssues(page, `${tag} sign-in`);
    const account = await registerFromSignIn(page, tag);

    // Another patient holds the time while our patient reads their e-mail.
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
      body: JSON.stringify({ providerId: id, providerRegion: 'uk', bookedDate: slot.date, timeSlot: slot.time }),
    });
    expect(hold.status, await hold.clone().text()).toBe(200);

    await followLinkAndSignIn(page, account, tag);
    await page.waitForURL((u) => u.pathname.startsWith(`/doctor-profile/${id}/`), { timeout: 20_000 });
    await expect.poll(() => page.getByText('Oops! This slot is already booked.').isVisible(), { timeout: 10_000 }).toBe(true);
    await screenshot(page, `${tag}-4-profile-taken`);

    // Another time at the second clinic, now signed in: the checkout and the code step at this width, after a reload too.
    const other = slots[2]!;
    await page.goto(`/doctor-profile/${id}/3.1?region=uk`);
    await dismissBanners(page);
    await pickOnProfile(page, other);
    await page.waitForURL((u) => u.pathname === `/appointment/${id}`, { timeout: 20_000 });
    await page.reload();
    await page.getByRole('heading', { name: 'Confirm the following information' }).waitFor({ timeout: 15_000 });
    await expect
      .poll(() => page.getByText(other.hospital.hospital_name, { exact: true }).first().isVisible(), { timeout: 10_000 })
      .toBe(true);
    expect(await page.getByText(`${other.time} - ${other.end_time}`, { exact: true }).first().isVisible()).toBe(true);
    await screenshot(page, `${tag}-5-checkout`);
    await expectNoSeriousA11yIssues(page, `${tag} checkout`);
    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByLabel(/Comments/).fill('Recurring migraines for three weeks, worse in the mornings.');
    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByRole('heading', { name: 'OTP verification' }).waitFor({ timeout: 15_000 });
    await expect.poll(() => page.getByRole('button', { name: /^Send a new code/ }).textContent()).toMatch(/^Send a new code in 0:[0-3]\d$/);
    await screenshot(page, `${tag}-6-code-countdown`);
    await expectNoSeriousA11yIssues(page, `${tag} code step`);
  }, 240_000);

  it('never leaves the site for a returnTo that points elsewhere', async () => {
    const page = await open(375);
    const account = await newPatient();
    for (const evil of ['//evil.example', 'https://evil.example/', '/\\evil.example', '/%2F%2Fevil.example']) {
      await page.goto(`/sign-in?returnTo=${encodeURIComponent(evil)}`);
      await dismissBanners(page);
      await submitSignIn(page, account);
      await page.waitForURL((u) => u.pathname !== '/sign-in', { timeout: 20_000 });
      expect(new URL(page.url()).origin).toBe(baseUrl());
      expect(new URL(page.url()).pathname).toBe('/');
      await page.context().clearCookies();
      await page.evaluate(() => localStorage.clear());
      await page.context().addCookies([{ name: 'consentID', value: 'e2e', url: baseUrl() }]);
    }
  }, 120_000);
});
