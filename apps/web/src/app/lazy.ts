import type { ComponentType } from 'react';
import { whenLoadedAndIdle } from '../lib/idle';
import type { ScreenName } from './screens';

export const MIN_SCREEN_DELAY_MS = 100;

const delay = (ms: number) => new Promise((resolve) => setTimeout(resolve, Math.max(0, ms)));

let firstScreenShown = false;

let laterScreens: Promise<typeof import('./screens')> | undefined;
const loadLaterScreens = () => (laterScreens ??= import('./screens'));

/**
 * Called once the visit's first screen has rendered (main.tsx): from then on every screen is asked for by a move. The
 * other screens' loaders (./screens) are fetched once the page has loaded and the browser is idle, so a move to one
 * does not wait for them (decision 084).
 */
export function markFirstScreenShown(): void {
  firstScreenShown = true;
  whenLoadedAndIdle(() => void loadLaterScreens());
}

/**
 * A React Router `lazy` loader: screens load on demand, never faster than 100 ms (docs/public-site.md), so the loading
 * state never flickers. The 100 ms run from when the screen was asked for, alongside the fetch of its code: for a move
 * within the site that is now; for the visit's first screen it is the navigation itself (its HTML, the entry and its code
 * were on their way all along — decision 070), so a first screen that took longer than that to arrive waits no more.
 */
export function lazyScreen(load: () => Promise<{ default: ComponentType }>) {
  return async () => {
    const askedAt = firstScreenShown ? performance.now() : 0;
    const [module] = await Promise.all([load(), delay(MIN_SCREEN_DELAY_MS - (performance.now() - askedAt))]);
    return { Component: module.default };
  };
}

/** A screen other than the first screens, loaded through ./screens (decision 084); otherwise as `lazyScreen`. */
export function laterScreen(name: ScreenName) {
  return lazyScreen(() => loadLaterScreens().then((s) => s.screens[name]()));
}
