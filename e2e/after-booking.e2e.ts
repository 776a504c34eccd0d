/**
 * After booking (docs/after-booking.md): the patient cancels from /userProfile with the terms shown first, and
 * follows an e-mail's cancel link without signing in. The bookings are made through the API (the checkout has its
 * own journey), each test as a patient of its own signed in in the page; the demo provider opens the time the
 * reminder test books.
 */
import { afterAll, describe, expect, it } from 'vitest';
import type { OwnProfileResponse } from '@careslot/contracts/provider-workspace';
import type { Page } from 'playwright-core';
import {
  api,
  closeContexts,
  DEMO_PROVIDER,
  dismissBanners,
  expectNoSeriousA11yIssues,
  lastMailId,
  newPatient,
  open,
  otpCode,
  screenshot,
  signIn,
  userIdOf,
  waitForMail,
  type Account,
} from './support/browser';

afterAll(closeContexts);

/** OTP, card checkout and sandbox payment for one slot, as the signed-in patient; answers the confirmation's text. */
async function payForSlot(
  page: Page,
  patient: Account,
  attempt: { providerId: string; providerRegion: 'uk'; bookedDate: string; timeSlot: string },
): Promise<{ otp: string; text: string | null }> {
  const id = await userIdOf(page);
  const before = await lastMailId(patient.email);
  const otp = await api(page, 'POST', `/user/user-otp-verification/${id}/`, attempt);
  if (otp.status !== 200) return { otp: `${otp.status} ${JSON.stringify(otp.body).slice(0, 120)}`, text: null };
  const code = await otpCode(patient.email, before);
  expect((await api(page, 'GET', `/user/user-otp-verification/${id}/?otp=${code}`)).status).toBe(200);
  const checkout = await api<{ sessionId: string }>(page, 'POST', `/user/stripe-checkout/${id}/`, {
    ...attempt,
    type_of_visit: 'first_visit',
    purpose_for_visit: 'Recurring migraines for three weeks, worse in the mornings.',
  });
  expect(checkout.status).toBe(200);
  const year = new Date().getFullYear() + 2;
  const paid = await api(page, 'POST', `/sandbox/stripe/checkout-sessions/${checkout.body.sessionId}/pay`, {
    card_number: '4242 4242 4242 4242',
    exp_month: 12,
    exp_year: year,
    cvc: '123',
  });
  expect(paid.status).toBe(200);
  await expect
    .poll(
      async () =>
        (await api<{ data: { status: string } }>(page, 'GET', `/user/check-payment-status/${checkout.body.sessionId}/`)).body.data?.status,
      {
        timeout: 15_000,
      },
    )
    .toBe('COMPLETED');
  const confirmation = await waitForMail(patient.email, (m) => m.subject.startsWith('Booking confirmed') && m.id > before);
  return { otp: '200', text: confirmation.text };
}

let slotIndex = 0;
/** Books and pays (sandbox card) a free slot of a UK provider at least two days ahead; answers the confirmation's text. */
async function bookOne(page: Page, patient: Account): Promise<{ doctor: string; text: string }> {
  const id = await userIdOf(page);
  const me = await api<{ user_id: string }>(page, 'GET', `/api/user-details/${id}/`);
  const specs = await api<{ data: { slug: string }[] }>(page, 'GET', '/api/get-speciality?selectedRegion=uk');
  const seen: string[] = [`me ${me.status}`, `specs ${specs.status}`];
  for (const spec of specs.body.data) {
    const found = await api<{ data: { id: string; name: string }[] }>(
      page,
      'GET',
      `/api/test-search/?postcode=B15%203HG&specialty=${spec.slug}&radius=100&selectedRegion=uk`,
    );
    seen.push(`search ${spec.slug} ${found.status} ${found.body.data?.length}`);
    for (const provider of found.body.data ?? []) {
      const slots = await api<{ data: { slots: { date: string; time: string; available: boolean; starts_at: string }[] } }>(
        page,
        'GET',
        `/api/provider-slots/${provider.id}/?selectedRegion=uk`,
      );
      const free = slots.body.data.slots.filter((s) => s.available && new Date(s.starts_at).getTime() > Date.now() + 2 * 86_400_000);
      seen.push(`slots ${slots.status} ${free.length}`);
      const slot = free[slotIndex++ % Math.max(free.length, 1)];
      if (!slot) continue;
      const attempt = { providerId: provider.id, providerRegion: 'uk' as const, bookedDate: slot.date, timeSlot: slot.time };
      const booked = await payForSlot(page, patient, attempt);
      seen.push(`otp ${booked.otp}`);
      if (!booked.text) continue;
      return { doctor: provider.name, text: booked.text };
    }
  }
  throw new Error(`no free slot found for the journey: ${seen.slice(0, 12).join('; ')}`);
}

describe('after booking', () => {
  for (const width of [1280, 375]) {
    it(`${width} px: cancel from /userProfile with the terms and refund shown before confirming`, async () => {
      const patient = await newPatient();
      const page = await open(width);
      await signIn(page, patient, '/userProfile');
      await bookOne(page, patient);
      await page.goto('/userProfile');
      await dismissBanners(page);
      const cancelButtons = page.getByRole('button', { name: /^Cancel appointment with/ });
      await expect.poll(() => cancelButtons.count(), { timeout: 15_000 }).toBe(1);
      expect(await page.getByText(/^Free cancellation until/).isVisible()).toBe(true);
      await screenshot(page, `after-booking-profile-${width}`);
      await cancelButtons.click();
      const dialog = page.getByRole('dialog');
      await dialog.waitFor();
      await expect.poll(() => dialog.getByText(/^Refund: £\d+\.\d{2}$/).isVisible()).toBe(true);
      expect(await dialog.getByText(/will be refunded to the card or wallet you paid with/).isVisible()).toBe(true);
      await screenshot(page, `after-booking-cancel-dialog-${width}`);
      await expectNoSeriousA11yIssues(page, `cancel dialog ${width}`);
      const before = await lastMailId(patient.email);
      await dialog.getByLabel('Reason (optional)').fill('My symptoms have cleared up.');
      await dialog.getByRole('button', { name: 'Cancel appointment' }).click();
      await expect.poll(() => dialog.getByText(/Your appointment is cancelled/).isVisible(), { timeout: 15_000 }).toBe(true);
      await screenshot(page, `after-booking-cancelled-${width}`);
      const mail = await waitForMail(patient.email, (m) => m.subject.startsWith('Cancelled') && m.id > before);
      expect(mail.text).toMatch(/Refund: £\d+\.\d{2}/);
      await dialog.getByRole('button', { name: 'Done' }).click();
      await expect.poll(() => dialog.isVisible()).toBe(false);
    });
  }

  it('1280 px: reschedules to another free time of the same provider, keyboard for the choice', async () => {
    const patient = await newPatient();
    const page = await open(1280);
    await signIn(page, patient, '/userProfile');
    await bookOne(page, patient);
    await page.goto('/userProfile');
    await dismissBanners(page);
    const moveButtons = page.getByRole('button', { name: /^Reschedule appointment with/ });
    await expect.poll(() => moveButtons.count(), { timeout: 15_000 }).toBeGreaterThan(0);
    await moveButtons.first().click();
    const dialog = page.getByRole('dialog');
    await dialog.waitFor();
    // The same day strip as the doctor profile: arrows move between days, Tab reaches the times, Enter picks one.
    const tabs = dialog.getByRole('tablist', { name: 'Choose a day' }).getByRole('tab');
    await expect.poll(() => tabs.count(), { timeout: 15_000 }).toBeGreaterThan(0);
    await dialog.locator('[role="tab"][tabindex="0"]').focus();
    if ((await tabs.count()) > 1) {
      await page.keyboard.press('ArrowRight');
      await expect.poll(() => tabs.nth(1).getAttribute('aria-selected')).toBe('true');
    }
    await page.keyboard.press('Tab');
    const firstTime = dialog.locator('button[data-slot]:focus-visible');
    expect(await firstTime.count()).toBe(1);
    await page.keyboard.press('Enter');
    expect(await firstTime.getAttribute('aria-pressed')).toBe('true');
    await screenshot(page, 'after-booking-reschedule-1280');
    await expectNoSeriousA11yIssues(page, 'reschedule dialog');
    const before = await lastMailId(patient.email);
    await dialog.getByRole('button', { name: 'Move appointment' }).click();
    await expect.poll(() => dialog.getByText(/Your appointment is now on/).isVisible(), { timeout: 15_000 }).toBe(true);
    const mail = await waitForMail(patient.email, (m) => m.subject.startsWith('Rescheduled') && m.id > before);
    expect(mail.subject).toMatch(/^Rescheduled: /);
  });

  it('follows the confirmation e-mail’s cancel link without signing in, keyboard only', async () => {
    const patient = await newPatient();
    const signedIn = await open(1280);
    await signIn(signedIn, patient, '/userProfile');
    const { text } = await bookOne(signedIn, patient);
    const link = /(http\S+\/cancel-appointment\?token=\S+)/.exec(text)![1]!;
    const path = new URL(link).pathname + new URL(link).search;

    for (const width of [375, 1280]) {
      const page = await open(width);
      await page.goto(path);
      await dismissBanners(page);
      await page.getByRole('heading', { name: 'Cancel your appointment' }).waitFor();
      await expect.poll(() => page.getByText(/^Refund: £\d+\.\d{2}$/).isVisible(), { timeout: 15_000 }).toBe(true);
      await screenshot(page, `after-booking-link-${width}`);
      await expectNoSeriousA11yIssues(page, `cancel link ${width}`);
      if (width === 1280) {
        await page.getByLabel('Reason (optional)').focus();
        await page.keyboard.press('Tab');
        await expect.poll(() => page.evaluate(() => document.activeElement?.textContent?.trim())).toBe('Cancel appointment');
        await page.keyboard.press('Enter');
        await expect.poll(() => page.getByText('Your appointment is cancelled').isVisible(), { timeout: 15_000 }).toBe(true);
        await screenshot(page, `after-booking-link-done-${width}`);
      }
    }
    // A tampered link says so in a sentence.
    const page = await open(375);
    await page.goto(path.slice(0, -4) + 'AAAA');
    await expect.poll(() => page.getByText('We could not open this link').isVisible(), { timeout: 15_000 }).toBe(true);
  });

  it('follows a reminder e-mail’s cancel link: a booking made for later today is reminded at once', async () => {
    // The demo provider opens one time inside the next 24 hours, outside the seeded working hours (no clash), with the
    // default two hours' notice: 06:00 when it is before 04:00 or after 19:00 in the clinic's zone, else 21:00.
    const provider = await open(1280);
    await provider.goto('/');
    const login = await api<{ user_id: string }>(provider, 'POST', '/api/user-login', {
      ...DEMO_PROVIDER,
      user_type: 'provider',
      consentID: 'e2e',
    });
    expect(login.status).toBe(200);
    const providerId = login.body.user_id;
    const own = await api<OwnProfileResponse>(provider, 'GET', `/provider/profile/${providerId}/?providerRegion=uk`);
    const clinic = own.body.data.hospital_details[0]!;
    const local = (d: Date) =>
      Object.fromEntries(
        new Intl.DateTimeFormat('en-GB', {
          timeZone: clinic.time_zone,
          year: 'numeric',
          month: '2-digit',
          day: '2-digit',
          hour: '2-digit',
          hourCycle: 'h23',
        })
          .formatToParts(d)
          .map((x) => [x.type, x.value]),
      );
    const now = local(new Date());
    const hour = Number(now.hour);
    const day = hour >= 19 ? local(new Date(Date.now() + 12 * 3_600_000)) : now;
    const start = hour < 4 || hour >= 19 ? '06:00' : '21:00';
    const opened = await api(provider, 'POST', `/provider/availability/${providerId}/`, {
      providerRegion: 'uk',
      hospital_id: clinic.hospital_id,
      date: `${day.year}-${day.month}-${day.day}`,
      start_time: start,
      end_time: start === '06:00' ? '06:30' : '21:30',
      slot_minutes: 30,
    });
    expect(opened.status, JSON.stringify(opened.body)).toBe(201);

    const patient = await newPatient();
    const signedIn = await open(1280);
    await signIn(signedIn, patient, '/userProfile');
    const before = await lastMailId(patient.email);
    const booked = await payForSlot(signedIn, patient, {
      providerId,
      providerRegion: 'uk',
      bookedDate: `${day.day}/${day.month}/${day.year}`,
      timeSlot: start === '06:00' ? '6:00 AM' : '9:00 PM',
    });
    expect(booked.text, booked.otp).not.toBeNull();
    const reminder = await waitForMail(patient.email, (m) => m.subject.startsWith('Reminder') && m.id > before);
    const link = /(http\S+\/cancel-appointment\?token=\S+)/.exec(reminder.text)![1]!;

    const page = await open(1280);
    await page.goto(new URL(link).pathname + new URL(link).search);
    await dismissBanners(page);
    await page.getByRole('heading', { name: 'Cancel your appointment' }).waitFor();
    await screenshot(page, 'after-booking-reminder-link-1280');
    await expectNoSeriousA11yIssues(page, 'cancel link from a reminder');
    await page.getByRole('button', { name: 'Cancel appointment' }).click();
    await expect.poll(() => page.getByText('Your appointment is cancelled').isVisible(), { timeout: 15_000 }).toBe(true);
  });
});
