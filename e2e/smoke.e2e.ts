import { afterAll, describe, expect, it } from 'vitest';
import { newContext, screenshot } from './support/browser';

describe('the built app', () => {
  const contexts: Awaited<ReturnType<typeof newContext>>[] = [];
  afterAll(async () => Promise.all(contexts.map((c) => c.close())));

  it('serves the home page and renders the crash page for a thrown error', async () => {
    const context = await newContext();
    contexts.push(context);
    const page = await context.newPage();
    await page.goto('/');
    await expect.poll(() => page.title()).toContain('CareSlot');
    await page.goto('/crash-test');
    await expect.poll(() => page.getByRole('heading', { name: 'Unexpected Application Error!' }).isVisible()).toBe(true);
    await screenshot(page, 'crash-page-1280');
  });
});
