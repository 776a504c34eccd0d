import path from 'node:path';
import { mkdirSync } from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { artifactsDir, closeContexts, expectNoSeriousA11yIssues, open } from './support/browser';

/** The chat assistant (docs/chat.md): by keyboard to a provider's profile, an emergency, at 375 and 1280 px. */

afterAll(closeContexts);

/** The home page at this width (a phone's height below 600 px). */
async function openHome(width: number) {
  const page = await open(width, { height: width < 600 ? 812 : 900 });
  await page.goto('/');
  return page;
}

/** What the screen shows (the widget is fixed to the viewport, so not a full-page picture). */
async function shot(page: Page, name: string) {
  mkdirSync(artifactsDir, { recursive: true });
  await page.screenshot({ path: path.join(artifactsDir, `${name}.png`) });
}

/**
 * The journey's sentence. The demo seed publishes no Sunday hours, so when tomorrow is a Sunday the same request is
 * made for Monday (the assistant would rightly find nobody tomorrow).
 */
const tomorrowIsSunday =
  new Date(Date.now() + 86_400_000).toLocaleDateString('en-GB', { weekday: 'long', timeZone: 'Europe/London' }) === 'Sunday';
const DENTIST_REQUEST = `I need a dentist near SW1A 1AA ${tomorrowIsSunday ? 'on Monday' : 'tomorrow'}`;

const launcher = (page: Page) => page.getByRole('button', { name: 'Ask CareSlot' });
const dialog = (page: Page) => page.getByRole('dialog', { name: 'CareSlot assistant' });

/** Reaches the launcher with the keyboard alone (it is the last thing on the page) and opens it with Enter. */
async function openByKeyboard(page: Page) {
  await launcher(page).waitFor();
  for (let i = 0; i < 5; i++) {
    await page.keyboard.press('Shift+Tab');
    if (await launcher(page).evaluate((el) => el === document.activeElement)) break;
  }
  await expect.poll(() => launcher(page).evaluate((el) => el === document.activeElement)).toBe(true);
  await page.keyboard.press('Enter');
  await dialog(page).waitFor();
  await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe('chat-message');
}

async function ask(page: Page, message: string) {
  const before = await dialog(page).locator('li').count();
  await page.keyboard.type(message);
  await page.keyboard.press('Enter');
  await expect.poll(() => page.getByText('Thinking…').count(), { timeout: 10_000 }).toBe(0);
  await expect.poll(() => dialog(page).locator('li').count()).toBeGreaterThan(before + 1);
}

describe('chat assistant', () => {
  it('finds a dentist by keyboard at 1280 px and follows a card to the profile', async () => {
    const page = await openHome(1280);
    await openByKeyboard(page);
    await expect
      .poll(() =>
        dialog(page)
          .getByText(/I'm the CareSlot assistant/)
          .count(),
      )
      .toBe(1);
    await ask(page, DENTIST_REQUEST);
    const cards = dialog(page).getByRole('list', { name: 'Providers' }).getByRole('link');
    await expect.poll(() => cards.count(), { timeout: 10_000 }).toBeGreaterThan(0);
    await expect
      .poll(() =>
        dialog(page)
          .getByText(/Next free: /)
          .first()
          .isVisible(),
      )
      .toBe(true);
    await expectNoSeriousA11yIssues(page, 'chat with results, 1280');
    await shot(page, 'chat-results-1280');

    // Escape closes and gives focus back to the launcher; opening again keeps the conversation.
    await page.keyboard.press('Escape');
    await expect.poll(() => dialog(page).count()).toBe(0);
    await expect.poll(() => launcher(page).evaluate((el) => el === document.activeElement)).toBe(true);
    await page.keyboard.press('Enter');
    await dialog(page).waitFor();
    await expect.poll(() => cards.count()).toBeGreaterThan(0);

    // Follow the first card by keyboard.
    const name = (await cards.first().textContent())!;
    await cards.first().focus();
    await page.keyboard.press('Enter');
    await page.waitForURL(/\/doctor-profile\/[0-9a-f-]{36}\//);
    await expect
      .poll(() => page.getByRole('heading', { name: new RegExp(name.replace(/^Dr\.? /, '')) }).count(), { timeout: 10_000 })
      .toBeGreaterThan(0);
  });

  it('answers an emergency only with 999 at 375 px, and a search fits the phone screen', async () => {
    const page = await openHome(375);
    await openByKeyboard(page);
    await ask(page, 'my dad has crushing chest pian');
    const last = dialog(page).locator('li').last();
    await expect.poll(() => last.textContent()).toMatch(/Call 999 now/);
    expect(await last.getByRole('link').count()).toBe(0);
    expect(await last.getByRole('button').count()).toBe(0);
    await expectNoSeriousA11yIssues(page, 'chat emergency, 375');
    await shot(page, 'chat-emergency-375');
    await ask(page, DENTIST_REQUEST);
    await expect
      .poll(() => dialog(page).getByRole('list', { name: 'Providers' }).getByRole('link').count(), { timeout: 10_000 })
      .toBeGreaterThan(0);
    // The panel fits the screen width.
    const box = (await dialog(page).boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(375);
    await shot(page, 'chat-results-375');
  });

  it('shows a message with markup as text', async () => {
    const page = await openHome(1280);
    await openByKeyboard(page);
    await ask(page, '<img src=x onerror="window.__xss=1"> hello <b>there</b>');
    await expect.poll(() => dialog(page).getByText('<img src=x onerror="window.__xss=1"> hello <b>there</b>').count()).toBe(1);
    expect(await page.evaluate(() => (window as unknown as { __xss?: number }).__xss)).toBeUndefined();
    expect(await dialog(page).locator('img, b').count()).toBe(0);
  });
});
