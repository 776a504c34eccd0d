/**
 * The provider workspace's Calendar screen in a real Chromium, as the demo provider: the private subscription link is
 * shown in full once (webcal and https, with copy buttons) and opens a real iCalendar feed; getting a new link stops
 * the old one; a calendar is connected from an ICS link served by a local HTTP server this test starts, then fails a
 * sync and shows its error with its last good sync, then is removed. Screenshots at 375 and 1280 px, with axe.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { closeContexts, expectNoSeriousA11yIssues, open, screenshot, signInProvider } from './support/browser';

let server: http.Server;
let icsBase = '';
let answer = { status: 200, body: 'BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//E2E//EN\r\nEND:VCALENDAR\r\n' };

beforeAll(async () => {
  server = http.createServer((_req, res) => res.writeHead(answer.status, { 'content-type': 'text/calendar' }).end(answer.body));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  icsBase = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await closeContexts();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

async function look(page: Page, name: string) {
  await screenshot(page, name);
  await expectNoSeriousA11yIssues(page, name);
}

async function openCalendarScreen(width: number) {
  const page = await open(width);
  await signInProvider(page);
  await page.goto('/doctor/calendar');
  await page.getByRole('heading', { name: 'Calendar', level: 1 }).waitFor({ timeout: 20_000 });
  return page;
}

describe('the Calendar screen', () => {
  it('1280 px: the link once in full, a real feed behind it, a new link; a calendar connected, failing, removed', async () => {
    const page = await openCalendarScreen(1280);
    // Start from a fresh link whatever earlier runs left: a new link is shown in full.
    const rotateFirst = page.getByRole('button', { name: 'Get a new link' });
    await rotateFirst.waitFor();
    if (await page.getByText('Copy your link now').isHidden()) {
      await rotateFirst.click();
      await page.getByRole('dialog').getByRole('button', { name: 'Get a new link' }).click();
    }
    await page.getByText('Copy your link now').waitFor();
    const webcal = await page
      .locator('p', { hasText: /^webcal:\/\// })
      .first()
      .textContent();
    const https = await page
      .locator('p', { hasText: /^https?:\/\/.*\/api\/calendar\// })
      .first()
      .textContent();
    expect(webcal).toMatch(/^webcal:\/\/.+\/api\/calendar\/[A-Za-z0-9_-]{43}\.ics$/);
    const feedPath = new URL(https!).pathname;
    const feed = await page.evaluate(async (p) => {
      const res = await fetch(p);
      return { status: res.status, type: res.headers.get('content-type'), body: await res.text() };
    }, feedPath);
    expect(feed.status).toBe(200);
    expect(feed.type).toBe('text/calendar; charset=utf-8');
    expect(feed.body).toContain('BEGIN:VCALENDAR');
    expect(feed.body).toContain('BEGIN:VTIMEZONE');
    await expect(page.getByRole('button', { name: 'Copy calendar app link' }).isVisible()).resolves.toBe(true);

    // Connect a calendar.
    await page.getByLabel('Calendar name').fill('Practice calendar');
    await page.getByLabel('ICS link').fill(`${icsBase}/practice.ics`);
    await page.getByRole('button', { name: 'Connect calendar' }).click();
    const item = page.getByRole('listitem').filter({ hasText: 'Practice calendar' });
    await item.getByText('Connected').waitFor();
    await look(page, 'calendar-1280');

    // It fails a sync: the error and the last good sync are shown.
    answer = { status: 401, body: 'no' };
    await item.getByRole('button', { name: 'Sync now Practice calendar' }).click();
    await item.getByText(/refused access \(HTTP 401\)/).waitFor();
    expect(await item.getByText('Failing').isVisible()).toBe(true);
    await look(page, 'calendar-failing-1280');

    // A bad link is refused with the reason, and nothing is added.
    await page.getByLabel('Calendar name').fill('Broken');
    await page.getByLabel('ICS link').fill(`${icsBase.replace(/:\d+$/, ':1')}/nothing.ics`);
    await page.getByRole('button', { name: 'Connect calendar' }).click();
    await page.getByText('The calendar could not be reached. Check the link and try again.').first().waitFor();

    // A new link stops the old one at once.
    await page.getByRole('button', { name: 'Get a new link' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Get a new link' }).click();
    await page.getByRole('dialog').waitFor({ state: 'hidden' });
    const oldStatus = await page.evaluate(async (p) => (await fetch(p)).status, feedPath);
    expect(oldStatus).toBe(404);

    // Remove the calendar (the demo provider is shared with other journeys).
    answer = { status: 200, body: 'BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//E2E//EN\r\nEND:VCALENDAR\r\n' };
    await item.getByRole('button', { name: 'Remove Practice calendar' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Remove' }).click();
    await page.getByText('No calendar connected yet').waitFor();
  });

  it('375 px: the same screen, masked link after the first showing, no sideways scrolling', async () => {
    const page = await openCalendarScreen(375);
    await page.getByText(/shown in full only once, when it is made/).waitFor();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await look(page, 'calendar-375');
  });
});
