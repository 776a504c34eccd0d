/**
 * Waitlist (docs/after-booking.md): a patient of the journey's own joins the demo provider's waitlist from the doctor
 * profile, the provider opens a new time in those days (through the API, as the workspace journey covers its screen),
 * the patient gets the e-mail in the dev mailbox, follows its link into checkout for that time and books it; the
 * waitlist on /userProfile lists the entry with Leave (booking with the provider removes it).
 */
import { afterAll, describe, expect, it } from 'vitest';
import {
  api,
  closeContexts,
  DEMO_PROVIDER,
  dismissBanners,
  expectNoSeriousA11yIssues,
  fillCard,
  lastMailId,
  newPatient,
  open,
  otpCode,
  screenshot,
  signIn,
  userIdOf,
  waitForMail,
} from './support/browser';

afterAll(closeContexts);

const isoIn = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

let demoProviderId = '';

describe('waitlist', () => {
  it('join from the doctor profile, get the e-mail when a time opens, book it from the e-mail', async () => {
    // The provider's id and first clinic, from the provider's own session.
    const provider = await open(1280);
    await provider.goto('/');
    await dismissBanners(provider);
    const login = await api<{ user_id?: string; _id?: string }>(provider, 'POST', '/api/user-login', {
      ...DEMO_PROVIDER,
      user_type: 'provider',
      consentID: 'e2e',
    });
    expect(login.status).toBe(200);
    const providerId = await userIdOf(provider);
    expect(providerId).not.toBe('');
    demoProviderId = providerId;
    const details = await api<{ data: { name: string; hospital_details: { hospital_id: string }[] } }>(
      provider,
      'GET',
      `/api/provider-details/${providerId}/?selectedRegion=uk`,
    );
    const clinicId = details.body.data.hospital_details[0]!.hospital_id;
    const day = isoIn(40);

    // The patient joins the waitlist for a range around that day, on the profile page.
    const patient = await newPatient();
    const page = await open(1280);
    const profileUrl = `/doctor-profile/${providerId}/0?region=uk`;
    await signIn(page, patient, profileUrl);
    await page.getByRole('heading', { name: 'No time that suits you?' }).waitFor({ timeout: 20_000 });
    const join = page.getByRole('button', { name: 'Join the waitlist' });
    if ((await join.count()) && !(await page.getByLabel('From').count())) await join.click();
    await page.getByLabel('From').fill(isoIn(35));
    await page.getByLabel('Until').fill(isoIn(45));
    await screenshot(page, 'waitlist-join-1280');
    await expectNoSeriousA11yIssues(page, 'waitlist join form');
    await page.getByRole('button', { name: 'Join the waitlist' }).click();
    await page.getByText(/You are on .*waitlist/).waitFor({ timeout: 15_000 });
    await screenshot(page, 'waitlist-joined-1280');

    // The entry shows on /userProfile with Leave.
    await page.goto('/userProfile');
    const section = page.getByRole('region', { name: 'Waitlists' });
    await section.waitFor({ timeout: 20_000 });
    expect(await section.getByRole('button', { name: /^Leave the waitlist of/ }).count()).toBeGreaterThan(0);
    await screenshot(page, 'waitlist-profile-1280');
    await expectNoSeriousA11yIssues(page, 'profile waitlists');

    // The provider opens a new evening time that day: the patient is e-mailed.
    const before = await lastMailId(patient.email);
    const added = await api(provider, 'POST', `/provider/availability/${providerId}/`, {
      providerRegion: 'uk',
      hospital_id: clinicId,
      date: day,
      start_time: '20:00',
      end_time: '20:30',
    });
    expect(added.status, JSON.stringify(added.body)).toBe(201);
    const mail = await waitForMail(patient.email, (m) => m.subject.startsWith('New times are free') && m.id > before);
    const link = /(https?:\/\/\S+\/appointment\/\S+)/.exec(mail.text)![1]!;
    const target = new URL(link);

    // The link opens checkout for that time; the patient books it.
    await page.goto(`${target.pathname}${target.search}`);
    await page.getByRole('heading', { name: 'Confirm the following information' }).waitFor({ timeout: 20_000 });
    await expect
      .poll(() =>
        page
          .getByText(/8:00 PM/)
          .first()
          .isVisible(),
      )
      .toBe(true);
    await screenshot(page, 'waitlist-checkout-from-mail-1280');
    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByLabel(/Comments/).fill('Recurring migraines for three weeks, worse in the mornings.');
    const codeAfter = await lastMailId(patient.email);
    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByRole('heading', { name: 'OTP verification' }).waitFor({ timeout: 15_000 });
    await page.getByLabel('One-time code').fill(await otpCode(patient.email, codeAfter));
    await expect.poll(() => page.getByText('Your OTP is verified ✅').isVisible(), { timeout: 10_000 }).toBe(true);
    await page.getByRole('button', { name: /Pay .* by card/ }).click();
    const dialog = page.getByRole('dialog', { name: 'Pay by card' });
    await dialog.waitFor();
    await fillCard(dialog);
    await dialog.getByRole('button', { name: /^Pay / }).click();
    await page.waitForURL(/\/userProfile/, { timeout: 30_000 });

    // Booking with the provider took the patient off its waitlist.
    const me = await userIdOf(page);
    const list = await api<{ data: { provider_id: string }[] }>(page, 'GET', `/user/waitlist/${me}/`);
    expect(list.body.data.some((e) => e.provider_id === providerId)).toBe(false);
  });

  it('375 px: the join form and the profile list fit a phone', async () => {
    const page = await open(375);
    await signIn(page, await newPatient(), '/');
    const me = await userIdOf(page);
    expect(demoProviderId).not.toBe('');
    await page.goto(`/doctor-profile/${demoProviderId}/0?region=uk`);
    await page.getByRole('heading', { name: 'No time that suits you?' }).waitFor({ timeout: 20_000 });
    if (!(await page.getByLabel('From').count())) await page.getByRole('button', { name: 'Join the waitlist' }).click();
    await page.getByLabel('From').fill(isoIn(20));
    await page.getByLabel('Until').fill(isoIn(25));
    await screenshot(page, 'waitlist-join-375');
    await page.getByRole('button', { name: 'Join the waitlist' }).click();
    await page.getByText(/You are on .*waitlist/).waitFor({ timeout: 15_000 });
    await page.goto('/userProfile');
    const section = page.getByRole('region', { name: 'Waitlists' });
    await section.waitFor({ timeout: 20_000 });
    await screenshot(page, 'waitlist-profile-375');
    await expectNoSeriousA11yIssues(page, 'profile waitlists 375');
    const leave = section.getByRole('button', { name: /^Leave the waitlist of/ }).first();
    await leave.click();
    await expect
      .poll(async () => (await api<{ data: unknown[] }>(page, 'GET', `/user/waitlist/${me}/`)).body.data.length, { timeout: 10_000 })
      .toBe(0);
  });
});
