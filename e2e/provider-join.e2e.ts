/**
 * A doctor joins in a real Chromium: the home page's "Are you a doctor or dentist?" panel → the four-step wizard →
 * /provider-verify (e-mail not confirmed, register check Verified), or /company-verify for a doctor who registers a
 * company → the link from the dev mailbox → /sign-in as a Provider, keyboard only → /dochome, with the browser keys a
 * provider sign-in writes. At 1280 and 375 px, with screenshots and axe on every screen.
 */
import { afterAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { closeContexts, dismissBanners, expectNoSeriousA11yIssues, open, screenshot, waitForMail } from './support/browser';

const PASSWORD = 'quiet-meadow-compass';
afterAll(closeContexts);

/** No sideways scrolling: the page fits its viewport. */
async function expectNoOverflow(page: Page, label: string) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow, `${label} scrolls sideways`).toBeLessThanOrEqual(1);
}

async function check(page: Page, name: string) {
  await screenshot(page, name);
  await expectNoSeriousA11yIssues(page, name);
  await expectNoOverflow(page, name);
}

const DOCTORS = [
  { width: 1280, first: 'Oliver', last: 'Bennett', number: '7000002', company: null },
  // A company number new to this server (a known one would join that company, under its name).
  {
    width: 375,
    first: 'Amelia',
    last: 'Hart',
    number: '7000001',
    company: { number: `SC${String(Date.now()).slice(-6)}`, name: 'Hart Family Practice Ltd' },
  },
];

describe('a doctor joins CareSlot', () => {
  for (const doc of DOCTORS) {
    it(`registers, confirms the e-mail and signs in as a provider at ${doc.width} px`, async () => {
      const page = await open(doc.width);
      const email = `${doc.first.toLowerCase()}.${Date.now()}@example.com`;
      const tag = `provider-join-${doc.width}`;

      await page.goto('/');
      await dismissBanners(page);
      const panel = page.getByRole('region', { name: 'Are you a doctor or dentist?' });
      await panel.getByRole('link', { name: 'Join as a doctor or dentist' }).click();
      await page.waitForURL((u) => u.pathname === '/register' && u.search.includes('as=provider'));

      // Step 1: about you
      await expect.poll(() => page.getByRole('heading', { name: 'About you' }).isVisible()).toBe(true);
      await page.getByLabel('First name').fill(doc.first);
      await page.getByLabel('Last name').fill(doc.last);
      await page.getByLabel('E-mail address').fill(email);
      await page.locator('input[type="password"]').fill(PASSWORD);
      await page.getByLabel('Phone number').fill('07911 123456');
      await check(page, `${tag}-1-about-you`);
      await page.getByRole('button', { name: 'Continue' }).click();

      // Step 2: registration (a wrong shape is caught before the next step)
      await expect.poll(() => page.getByRole('heading', { name: 'Your registration' }).isVisible()).toBe(true);
      await page.getByLabel('GMC reference number').fill('123');
      await page.getByRole('button', { name: 'Continue' }).click();
      await expect.poll(() => page.getByText('A GMC reference number is 7 digits').isVisible()).toBe(true);
      await page.getByLabel('GMC reference number').fill(doc.number);
      await page.getByLabel('Speciality').selectOption('gp');
      await page.getByLabel('Qualifications').fill('MBBS, MRCGP');
      await check(page, `${tag}-2-registration`);
      await page.getByRole('button', { name: 'Continue' }).click();

      // Step 3: where you practise
      await expect.poll(() => page.getByRole('heading', { name: 'Where you practise' }).isVisible()).toBe(true);
      await page.getByLabel('Clinic or hospital name').fill('Harley Street Consulting Rooms');
      await page.getByLabel('Street address').fill('112 Harley Street');
      await page.getByLabel('Town or city').fill('London');
      await page.getByLabel('Postcode').fill('W1G 7JQ');
      await check(page, `${tag}-3-practice`);
      await page.getByRole('button', { name: 'Continue' }).click();

      // Step 4: fees
      await expect.poll(() => page.getByRole('heading', { name: 'Your fees' }).isVisible()).toBe(true);
      await page.getByLabel('First-visit fee (£)').fill('62');
      await page.getByLabel('Follow-up fee (£)').fill('45');
      await page.getByLabel('Consultation length (minutes)').fill('20');
      if (doc.company) {
        await page.getByRole('checkbox', { name: 'I practise through a company' }).check();
        await page.getByLabel('Companies House number').fill(doc.company.number);
        await page.getByLabel('Company legal name').fill(doc.company.name);
      }
      await check(page, `${tag}-4-fees`);
      await page.getByRole('button', { name: 'Create my provider account' }).click();

      // Where the registration stands: a company registration lands on the company's page, which shows the doctor's own checks too
      const landing = doc.company ? '/company-verify' : '/provider-verify';
      await page.waitForURL((u) => u.pathname === landing, { timeout: 20_000 });
      if (doc.company) {
        await expect.poll(() => page.getByRole('heading', { name: 'Thank you for registering your company' }).isVisible()).toBe(true);
        await expect.poll(() => page.getByRole('heading', { name: doc.company.name }).isVisible(), { timeout: 10_000 }).toBe(true);
        await expect.poll(() => page.getByText(`Company number ${doc.company.number}`).isVisible()).toBe(true);
      }
      await expect.poll(() => page.getByText('Not confirmed yet.').isVisible(), { timeout: 10_000 }).toBe(true);
      await expect.poll(() => page.getByText('Verified.', { exact: true }).first().isVisible()).toBe(true);
      expect(await page.evaluate(() => !!localStorage.getItem('provider_auth_token'))).toBe(true);
      await check(page, `${tag}-5${landing.replace('/', '-')}`);
      if (!doc.company) {
        // The company page of a doctor without a company says so, above the doctor's own checks.
        await page.goto('/company-verify');
        await expect.poll(() => page.getByText('No company yet', { exact: true }).isVisible(), { timeout: 10_000 }).toBe(true);
        await expect.poll(() => page.getByText('Not confirmed yet.').isVisible(), { timeout: 10_000 }).toBe(true);
        await check(page, `${tag}-5-company-verify-no-company`);
      }

      // The link from the dev mailbox
      const mail = await waitForMail(email, (m) => m.subject.includes('Confirm your e-mail'));
      const link = /\/verify\/[A-Za-z0-9_-]+/.exec(mail.text)![0];
      await page.goto(link);
      await expect.poll(() => page.getByRole('heading', { name: 'E-mail address confirmed' }).isVisible(), { timeout: 10_000 }).toBe(true);

      // Sign in as a provider with the keyboard only
      await page.goto('/sign-in');
      await dismissBanners(page);
      await page.getByRole('radio', { name: 'Patient' }).focus();
      await page.keyboard.press('ArrowRight');
      expect(await page.getByRole('radio', { name: 'Provider' }).isChecked()).toBe(true);
      await check(page, `${tag}-6-sign-in-provider`);
      await page.keyboard.press('Tab');
      await page.keyboard.type(email);
      await page.keyboard.press('Tab');
      await page.keyboard.type(PASSWORD);
      await page.keyboard.press('Enter');
      await page.waitForURL((u) => u.pathname === '/dochome', { timeout: 20_000 });
      // Written by the sign-in itself, before any workspace call answers (docs/web.md, "Browser storage").
      const keys = await page.evaluate(() => ({
        id: localStorage.getItem('provider_id'),
        token: localStorage.getItem('provider_access_token'),
        region: localStorage.getItem('provider_located_region'),
        uniqueId: localStorage.getItem('user_unique_id'),
        image: localStorage.getItem('default_doctor_image'),
      }));
      expect(keys.id).toMatch(/^[0-9a-f-]{36}$/);
      expect(keys.token).toBeTruthy();
      expect(keys.region).toBe('uk');
      expect(keys.uniqueId).toBe(keys.id);
      expect(keys.image).toMatch(/^data:image\/svg\+xml/);
      await check(page, `${tag}-7-dochome`);
    }, 120_000);
  }
});
