import { existsSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import AxeBuilder from '@axe-core/playwright';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { expect, inject } from 'vitest';

export const artifactsDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../artifacts');

/** A real Chromium: CHROME_PATH, the system one, or the one @sparticuz/chromium carries inside its npm package. */
async function chromiumPath(): Promise<string> {
  if (process.env.CHROME_PATH) return process.env.CHROME_PATH;
  for (const p of ['/usr/bin/chromium', '/usr/bin/chromium-browser', '/usr/bin/google-chrome']) if (existsSync(p)) return p;
  const sparticuz = (await import('@sparticuz/chromium')).default;
  return sparticuz.executablePath();
}

let browserPromise: Promise<Browser> | null = null;
export function launchBrowser(): Promise<Browser> {
  browserPromise ??= chromiumPath().then((executablePath) =>
    chromium.launch({
      executablePath,
      headless: true,
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--disable-dev-shm-usage',
      ],
    }),
  );
  return browserPromise;
}

export const baseUrl = () => inject('baseUrl');

export async function newContext(opts: { width?: number; height?: number } = {}): Promise<BrowserContext> {
  const browser = await launchBrowser();
  const context = await browser.newContext({
    baseURL: baseUrl(),
    viewport: { width: opts.width ?? 1280, height: opts.height ?? 800 },
  });
  // No network beyond this machine: map tiles and third-party scripts are refused quickly instead of hanging.
  await context.route(/^https?:\/\/(?!127\.0\.0\.1|localhost)/, (route) => route.abort());
  return context;
}

/** Saves a screenshot under e2e/artifacts (kept by CI as evidence, and for failures). */
export async function screenshot(page: Page, name: string): Promise<string> {
  mkdirSync(artifactsDir, { recursive: true });
  const file = path.join(artifactsDir, `${name}.png`);
  // Wait (briefly) for images to finish, so the picture shows what a person sees.
  await page
    .waitForFunction(() => Array.from(document.images).every((img) => img.complete), undefined, { timeout: 3000 })
    .catch(() => undefined);
  await page.screenshot({ path: file, fullPage: true });
  return file;
}

/**
 * Runs axe and fails on any serious or critical violation. The experimental label-in-name rule is on too: a control's
 * accessible name must contain its visible text, so a voice-control user can say what they see (WCAG 2.5.3).
 */
export async function expectNoSeriousA11yIssues(page: Page, label: string): Promise<void> {
  // A toast or dialog caught mid fade-in has a contrast nobody reads at rest: let finite animations settle first.
  await page
    .waitForFunction(
      () => document.getAnimations().every((a) => a.playState !== 'running' || a.effect?.getComputedTiming().iterations === Infinity),
      undefined,
      { timeout: 3000 },
    )
    .catch(() => undefined);
  const results = await new AxeBuilder({ page })
    // options() replaces every option, so it goes before withTags().
    .options({ rules: { 'label-content-name-mismatch': { enabled: true } } })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'])
    .analyze();
  const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  const summary = serious.map(
    (v) =>
      `${v.id} (${v.impact}): ${v.help} — ${v.nodes
        .map((n) => n.target.join(' '))
        .slice(0, 3)
        .join(', ')}`,
  );
  expect(summary, `axe on ${label}`).toEqual([]);
}

/** Reads the dev mailbox for an address (newest first), waiting for a message to arrive. */
export async function waitForMail(to: string, match: (m: { subject: string; text: string }) => boolean = () => true, timeoutMs = 15_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const res = await fetch(`${baseUrl()}/dev/mail/messages?to=${encodeURIComponent(to)}`);
    const messages = (await res.json()) as { id: number; subject: string; text: string; html: string }[];
    const found = messages.find(match);
    if (found) return found;
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`no mail for ${to} within ${timeoutMs} ms`);
}
