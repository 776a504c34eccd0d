import { afterAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import {
  appTookOver,
  baseUrl,
  closeContexts,
  DEMO_PATIENT,
  dismissBanners,
  expectNoSeriousA11yIssues,
  moveWithinApp,
  open,
  screenshot,
  submitSignIn,
} from './support/browser';

afterAll(closeContexts);

/** Every hospital listed on the profile has a pin inside the visible map (with room to spare). */
async function expectAllHospitalPinsInView(page: Page) {
  const map = page.getByRole('region', { name: /^Map of .*hospitals$/ });
  // The map loads when its box comes near the screen (docs/performance.md), as when a patient scrolls to it.
  await map.scrollIntoViewIfNeeded();
  const hospitals = await page.locator('aside ul li').count();
  await expect.poll(() => map.locator('.leaflet-marker-icon').count(), { timeout: 10_000 }).toBe(hospitals);
  const box = (await map.boundingBox())!;
  for (const pin of await map.locator('.leaflet-marker-icon').all()) {
    const p = (await pin.boundingBox())!;
    expect(p.x).toBeGreaterThanOrEqual(box.x);
    expect(p.y).toBeGreaterThanOrEqual(box.y);
    expect(p.x + p.width).toBeLessThanOrEqual(box.x + box.width);
    expect(p.y + p.height).toBeLessThanOrEqual(box.y + box.height);
  }
  return hospitals;
}

/** The postcode field shows its whole placeholder (measured with the field's own font). */
async function expectPlaceholderFits(page: Page) {
  const field = page
    .getByRole('search')
    .first()
    .getByLabel(/postcode|zip code/i);
  const fit = await field.evaluate((el: HTMLInputElement) => {
    const style = getComputedStyle(el);
    const ctx = document.createElement('canvas').getContext('2d')!;
    ctx.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
    const room = el.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
    return { text: el.placeholder, needed: ctx.measureText(el.placeholder).width, room };
  });
  expect(fit.needed, `placeholder '${fit.text}' needs ${fit.needed}px, has ${fit.room}px`).toBeLessThanOrEqual(fit.room);
}

/** Full-page picture from the top (the sticky header would otherwise be drawn where the page was scrolled to). */
async function shot(page: Page, name: string) {
  await page.evaluate(() => window.scrollTo(0, 0));
  await screenshot(page, name);
}

async function searchFromHome(page: Page, place: string, speciality: string, radius: string) {
  await page.goto('/');
  await dismissBanners(page);
  await expectPlaceholderFits(page);
  const form = page.getByRole('search').first();
  await form.getByLabel(/postcode|zip code/i).fill(place);
  await expect.poll(() => form.getByLabel('Speciality').locator('option').count(), { timeout: 10_000 }).toBeGreaterThan(1);
  await form.getByLabel('Speciality').selectOption({ label: speciality });
  await form.getByLabel('Within').selectOption(radius);
  const searched = page.waitForRequest((r) => r.url().includes('/api/test-search/'));
  await form.getByRole('button', { name: 'Search' }).click();
  await page.waitForURL(/\/results\?/);
  await expect.poll(() => page.locator('ul[aria-label="Providers"] > li').count(), { timeout: 15_000 }).toBeGreaterThan(0);
  // A search from the home page is not a distance-filter change.
  expect(new URL((await searched).url()).searchParams.get('distance_filter_clicked')).toBeNull();
}

describe('find a provider', () => {
  it('UK at 1280 px: home search, map and back, pages, profile, slot as a visitor → sign-in → checkout with that slot', async () => {
    const page = await open(1280, { region: 'uk' });
    await searchFromHome(page, 'b15 3hg', 'Dentist', '100');
    expect(page.url()).toContain('postcode=b15+3hg');
    expect(page.url()).toContain('specialty=dentist');
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toContain('Dentist near B15 3HG');
    await expect.poll(() => page.getByText(/providers within 100 miles/).isVisible()).toBe(true);
    await expectPlaceholderFits(page);
    await screenshot(page, 'search-results-uk-1280');
    await expectNoSeriousA11yIssues(page, 'results (uk, 1280)');

    // Map and back.
    await page.getByRole('button', { name: 'Map' }).click();
    await expect.poll(() => page.locator('.leaflet-marker-icon').count(), { timeout: 15_000 }).toBeGreaterThan(0);
    await page.locator('.leaflet-marker-icon').first().click();
    await expect.poll(() => page.locator('.leaflet-popup').getByRole('link', { name: 'View profile' }).isVisible()).toBe(true);
    await expect.poll(() => page.locator('.leaflet-popup').evaluate((el) => getComputedStyle(el).opacity)).toBe('1');
    await screenshot(page, 'search-map-uk-1280');
    await page.goBack();
    await expect.poll(() => page.locator('ul[aria-label="Providers"] > li').count(), { timeout: 10_000 }).toBeGreaterThan(0);

    // One control set: the form's speciality and radius are the filters (no second copy below the form).
    expect(await page.getByLabel('Speciality').count()).toBe(1);
    expect(await page.getByLabel(/^(Within|Distance)$/).count()).toBe(1);

    // Widen the radius from the results page: it applies at once and tells the API the distance filter was used.
    const widened = page.waitForRequest((r) => r.url().includes('/api/test-search/') && r.url().includes('radius=200'));
    await page.getByRole('search').first().getByLabel('Within').selectOption('200');
    await page.waitForURL(/radius=200/);
    expect(new URL((await widened).url()).searchParams.get('distance_filter_clicked')).toBe('true');
    await expect.poll(() => page.getByText(/page 1 of \d/).isVisible(), { timeout: 10_000 }).toBe(true);
    const firstPageNames = await page.locator('ul[aria-label="Providers"] h2').allTextContents();
    await page.getByRole('button', { name: 'Next' }).click();
    await page.waitForURL(/page=2/);
    await expect
      .poll(async () => (await page.locator('ul[aria-label="Providers"] h2').allTextContents()).join('|'))
      .not.toBe(firstPageNames.join('|'));
    await page.goBack();
    await page.waitForURL((u) => !u.search.includes('page=2'));
    await page.evaluate(() => window.scrollTo(0, 0));
    await screenshot(page, 'search-results-uk-200mi-1280');

    // Sort by fee.
    await page.getByLabel('Sort by').selectOption('fee_asc');
    await page.waitForURL(/sort=fee_asc/);

    // A bad postcode says so.
    const form = page.getByRole('search').first();
    await form.getByLabel('Postcode').fill('ZZ1 1ZZ');
    await form.getByRole('button', { name: 'Search' }).click();
    await expect.poll(() => page.getByRole('alert').first().textContent(), { timeout: 10_000 }).toContain("We couldn't find that postcode");
    await screenshot(page, 'search-bad-postcode-1280');
    await page.goBack();

    // Profile with slots.
    await expect.poll(() => page.locator('ul[aria-label="Providers"] > li').count(), { timeout: 10_000 }).toBeGreaterThan(0);
    await page.locator('ul[aria-label="Providers"] h2 a').first().click();
    await page.waitForURL(/\/doctor-profile\/[0-9a-f-]+\/[\d.]+\?region=uk/);
    await expect.poll(() => page.getByRole('heading', { name: 'Availability' }).isVisible(), { timeout: 10_000 }).toBe(true);
    await expect.poll(() => page.locator('button[data-slot]:not([disabled])').count(), { timeout: 10_000 }).toBeGreaterThan(0);
    expect(await page.getByText(/Verified with the General Dental Council/).isVisible()).toBe(true);
    await screenshot(page, 'doctor-profile-uk-1280');
    await expectNoSeriousA11yIssues(page, 'profile (uk, 1280)');

    // Keyboard: the day strip is one tab stop (arrows, Home, End), the chosen day is announced, times are buttons.
    const tabs = page.getByRole('tablist', { name: 'Choose a day' }).getByRole('tab');
    expect(await tabs.count()).toBeGreaterThan(1);
    // Start from the first day whatever the default is (today may have no free time left when the suite runs late).
    const firstFreeDay = await tabs.evaluateAll((els) => els.findIndex((el) => el.getAttribute('aria-selected') === 'true'));
    expect(firstFreeDay).toBeGreaterThanOrEqual(0);
    await page.getByRole('tablist', { name: 'Choose a day' }).locator('[role="tab"][tabindex="0"]').focus();
    await page.keyboard.press('Home');
    await expect.poll(() => tabs.first().getAttribute('aria-selected')).toBe('true');
    await page.keyboard.press('ArrowRight');
    await expect.poll(() => tabs.nth(1).getAttribute('aria-selected')).toBe('true');
    expect(await tabs.nth(1).getAttribute('aria-selected')).toBe('true');
    expect(await tabs.first().getAttribute('aria-selected')).toBe('false');
    expect(await tabs.nth(1).evaluate((el) => el === document.activeElement && el.matches(':focus-visible'))).toBe(true);
    const ring = await tabs.nth(1).evaluate((el) => getComputedStyle(el));
    expect(ring.outlineStyle).not.toBe('none');
    expect(parseFloat(ring.outlineWidth)).toBeGreaterThanOrEqual(2);
    expect(await tabs.nth(1).getAttribute('tabindex')).toBe('0');
    expect(await tabs.first().getAttribute('tabindex')).toBe('-1');
    const panel = page.getByRole('tabpanel');
    expect(await panel.getAttribute('aria-labelledby')).toBe(await tabs.nth(1).getAttribute('id'));
    await page.keyboard.press('End');
    expect(await tabs.last().getAttribute('aria-selected')).toBe('true');
    await page.keyboard.press('Home');
    expect(await tabs.first().getAttribute('aria-selected')).toBe('true');
    // Back to the day the page opened on, the first with a free time, and Tab into its times.
    for (let i = 0; i < firstFreeDay; i++) await page.keyboard.press('ArrowRight');
    await expect.poll(() => tabs.nth(firstFreeDay).getAttribute('aria-selected')).toBe('true');
    await page.keyboard.press('Tab');
    const focusedTime = page.locator('button[data-slot]:focus-visible');
    expect(await focusedTime.count()).toBe(1);
    await page.keyboard.press('Enter');
    expect(await focusedTime.getAttribute('aria-pressed')).toBe('true');
    await expect.poll(() => page.getByRole('button', { name: 'Book this time' }).isVisible()).toBe(true);
    await screenshot(page, 'doctor-profile-keyboard-1280');
    await expectNoSeriousA11yIssues(page, 'profile with a time chosen by keyboard');

    const slot = page.locator('button[data-slot]:not([disabled])').first();
    const time = (await slot.textContent())!.trim();
    await slot.click();
    await page.getByRole('button', { name: 'Book this time' }).click();
    await page.waitForURL(/\/sign-in\?returnTo=/);
    const returnTo = new URL(page.url()).searchParams.get('returnTo')!;
    expect(returnTo).toMatch(/^\/appointment\/[0-9a-f-]+\?region=uk&date=\d{2}(%2F|\/)\d{2}(%2F|\/)\d{4}&time=/);
    // Signing in only carries the chosen time into checkout (nothing is booked): the demo patient will do.
    await submitSignIn(page, DEMO_PATIENT);
    await page.waitForURL(/\/appointment\/[0-9a-f-]+\?region=uk&date=/, { timeout: 20_000 });
    const url = new URL(page.url());
    expect(url.searchParams.get('time')).toBe(time);
    expect(url.searchParams.get('date')).toMatch(/^\d{2}\/\d{2}\/\d{4}$/);
  }, 120_000);

  it.each([1280, 375])(
    'states at %i px: loading skeleton, empty results that offer a wider radius, 429, bad postcode',
    async (width) => {
      const page = await open(width, { region: 'uk' });
      await page.goto('/');
      await dismissBanners(page);

      // Loading: hold the search until the skeleton has been seen; it uses the result card's grid.
      let release!: () => void;
      const held = new Promise<void>((r) => (release = r));
      await page.route('**/api/test-search/**', async (route) => {
        await held;
        await route.continue();
      });
      // Within the app, so the search is the browser's own (held above), not answered by the server in the page.
      await moveWithinApp(page, '/results?postcode=b15+3hg&specialty=dentist&radius=100&region=uk');
      const skeleton = page.locator('ul[aria-label="Loading results"] > li');
      await expect.poll(() => skeleton.count(), { timeout: 10_000 }).toBe(3);
      const skeletonColumns = await skeleton.first().evaluate((el) => getComputedStyle(el).gridTemplateColumns);
      await shot(page, `search-loading-${width}`);
      release();
      await expect.poll(() => page.locator('ul[aria-label="Providers"] > li').count(), { timeout: 15_000 }).toBeGreaterThan(0);
      const cardColumns = await page
        .locator('ul[aria-label="Providers"] > li')
        .first()
        .evaluate((el) => getComputedStyle(el).gridTemplateColumns);
      expect(skeletonColumns.split(' ').length).toBe(cardColumns.split(' ').length);
      await page.unroute('**/api/test-search/**');

      // Empty: nobody within 5 miles of Wick; one click widens the radius (a distance-filter change).
      // Opened directly: the server renders the empty answer (decision 081); the button works once the app has taken over.
      await page.goto('/results?postcode=KW1&specialty=dentist&radius=5&region=uk');
      await appTookOver(page);
      await expect
        .poll(() => page.getByRole('heading', { name: 'No dentist providers within 5 miles' }).isVisible(), { timeout: 10_000 })
        .toBe(true);
      await shot(page, `search-empty-${width}`);
      await expectNoSeriousA11yIssues(page, `empty results (${width})`);
      const widened = page.waitForRequest((r) => r.url().includes('/api/test-search/') && r.url().includes('radius=10'));
      await page.getByRole('button', { name: 'Search within 10 miles' }).click();
      await page.waitForURL(/radius=10/);
      expect(new URL((await widened).url()).searchParams.get('distance_filter_clicked')).toBe('true');
      await page.getByRole('button', { name: 'Change the postcode' }).click();
      expect(
        await page
          .getByRole('search')
          .getByLabel('Postcode')
          .evaluate((el) => el === document.activeElement),
      ).toBe(true);

      // Too many searches: the server's 429 message, with a way to try again.
      await page.route('**/api/test-search/**', (route) =>
        route.fulfill({
          status: 429,
          contentType: 'application/json',
          body: JSON.stringify({
            message:
              'You have made many searches in a short time. Please wait a few minutes, or reload the page to verify you are not a robot.',
          }),
        }),
      );
      await moveWithinApp(page, '/results?postcode=m13+9pl&specialty=dentist&radius=25&region=uk');
      await expect.poll(() => page.getByRole('alert').first().textContent(), { timeout: 10_000 }).toContain('Please slow down');
      expect(await page.getByRole('button', { name: 'Try again' }).isVisible()).toBe(true);
      await shot(page, `search-429-${width}`);
      await expectNoSeriousA11yIssues(page, `429 (${width})`);
      await page.unroute('**/api/test-search/**');

      // A postcode that does not exist.
      await page.goto('/results?postcode=ZZ1+1ZZ&specialty=dentist&radius=25&region=uk');
      await expect
        .poll(() => page.getByRole('alert').first().textContent(), { timeout: 10_000 })
        .toContain("We couldn't find that postcode");
      await shot(page, `search-bad-postcode-${width}`);
      await expectNoSeriousA11yIssues(page, `bad postcode (${width})`);
    },
    90_000,
  );

  it.each([1280, 375])(
    'profile at %i px with no free times in the next 14 days',
    async (width) => {
      const res = await fetch(`${baseUrl()}/api/test-search/?postcode=LS1+2NE&specialty=dentist&radius=10&selectedRegion=uk`);
      const first = ((await res.json()) as { data: { id: string; distance: number }[] }).data[0]!;
      const page = await open(width, { region: 'uk' });
      // Every seeded provider has free times, so this state is made by answering the slots call with none.
      await page.route('**/api/provider-slots/**', (route) =>
        route.fulfill({
          status: 200,
          contentType: 'application/json',
          body: JSON.stringify({ status: true, data: { from: '', to: '', slots: [] } }),
        }),
      );
      await page.goto('/');
      await dismissBanners(page);
      // Within the app, so the free times are the browser's own call (answered above), not the server's in the page.
      await moveWithinApp(page, `/doctor-profile/${first.id}/${first.distance}?region=uk`);
      await expect
        .poll(() => page.getByRole('heading', { name: 'No free times in the next 14 days' }).isVisible(), { timeout: 10_000 })
        .toBe(true);
      expect(await page.getByRole('tablist').count()).toBe(0);
      const other = page.getByRole('link', { name: 'Find other providers nearby' });
      expect(await other.getAttribute('href')).toMatch(/^\/results\?postcode=.+&specialty=dentist&radius=25&region=uk$/);
      await shot(page, `doctor-profile-no-slots-${width}`);
      await expectNoSeriousA11yIssues(page, `profile without free times (${width})`);
      await other.click();
      await expect.poll(() => page.locator('ul[aria-label="Providers"] > li').count(), { timeout: 15_000 }).toBeGreaterThan(0);
    },
    60_000,
  );

  it('USA at 375 px: ZIP search, profile in dollars', async () => {
    const page = await open(375, { region: 'usa' });
    await searchFromHome(page, '10017', 'Family Medicine', '25');
    await expect.poll(() => page.locator('ul[aria-label="Providers"]').textContent()).toContain('$');
    await screenshot(page, 'search-results-usa-375');
    await expectNoSeriousA11yIssues(page, 'results (usa, 375)');
    await page.getByRole('button', { name: 'Map' }).click();
    await expect.poll(() => page.locator('.leaflet-marker-icon').count(), { timeout: 15_000 }).toBeGreaterThan(0);
    await screenshot(page, 'search-map-usa-375');
    await page.getByRole('button', { name: 'List' }).click();
    await page.locator('ul[aria-label="Providers"] h2 a').first().click();
    await page.waitForURL(/region=usa/);
    await expect.poll(() => page.getByRole('heading', { name: 'Fees' }).isVisible(), { timeout: 10_000 }).toBe(true);
    await expect
      .poll(() =>
        page
          .getByText(/^\$\d+\.\d{2}$/)
          .first()
          .isVisible(),
      )
      .toBe(true);
    await expect.poll(() => page.locator('button[data-slot]').count(), { timeout: 10_000 }).toBeGreaterThan(0);
    // This provider works at two hospitals: the small map shows both at 375 px, and again at 1280 px.
    expect(await expectAllHospitalPinsInView(page)).toBe(2);
    await screenshot(page, 'doctor-profile-usa-375');
    await expectNoSeriousA11yIssues(page, 'profile (usa, 375)');
    await page.setViewportSize({ width: 1280, height: 900 });
    expect(await expectAllHospitalPinsInView(page)).toBe(2);
    await screenshot(page, 'doctor-profile-usa-1280');
  }, 90_000);

  it('a results address opened directly arrives rendered and is hydrated without asking again; its profile too; a time starts the booking', async () => {
    const page = await open(375, { height: 800 });
    const api: string[] = [];
    page.on('request', (r) => {
      const url = new URL(r.url());
      if (url.pathname.startsWith('/api/')) api.push(url.pathname);
    });
    // The page as the server sends it (decision 081): the results are in the HTML, before any script has run.
    const arrived = (await page.goto('/results?postcode=SW1A%201AA&specialty=gp&radius=10&page=1&region=uk'))!;
    const html = await arrived.text();
    expect(html).toContain('<html lang="en" data-paint-first data-answers>');
    expect(html).toContain('General Practitioner near SW1A 1AA');
    expect(html).toMatch(/<ul[^>]*aria-label="Providers"/);
    expect(arrived.headers()['cache-control']).toBe('private, no-cache');
    await dismissBanners(page);
    const first = page.locator('ul[aria-label="Providers"] h2 a').first();
    const name = (await first.textContent())!.trim();
    expect(html).toContain(name);
    await screenshot(page, 'results-rendered-at-request-time-375');
    await expectNoSeriousA11yIssues(page, 'results rendered at request time (375)');
    // Hydrated with the answers in the page: no search, config or speciality list asked again.
    expect(api.filter((p) => /test-search|public-config|get-speciality/.test(p))).toEqual([]);

    // The app has taken over: a result opens its profile within the app (its own calls, as any move).
    await first.click();
    await page.waitForURL(/\/doctor-profile\/[0-9a-f-]+\/[\d.]+\?region=uk/);
    await expect.poll(() => page.getByRole('heading', { level: 1, name }).isVisible(), { timeout: 10_000 }).toBe(true);
    const profileUrl = new URL(page.url());

    // The profile opened directly arrives rendered too, and a time chosen there starts the booking.
    api.length = 0;
    const profile = (await page.goto(profileUrl.pathname + profileUrl.search))!;
    expect(await profile.text()).toContain('data-answers');
    await page.waitForFunction(() => !document.getElementById('root')?.hasAttribute('data-prerendered'), null, { timeout: 30_000 });
    await expect.poll(() => page.locator('button[data-slot]:not([disabled])').count(), { timeout: 10_000 }).toBeGreaterThan(0);
    expect(api.filter((p) => /provider-details|provider-slots|public-config/.test(p))).toEqual([]);
    await page.locator('button[data-slot]:not([disabled])').first().click();
    await page.getByRole('button', { name: 'Book this time' }).click();
    await page.waitForURL(/\/sign-in\?returnTo=/);
  });
});
