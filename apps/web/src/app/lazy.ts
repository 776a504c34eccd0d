import type { ComponentType } from 'react';

export const MIN_SCREEN_DELAY_MS = 100;

const delay = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A React Router `lazy` loader: screens load on demand, never faster than 100 ms (docs/public-site.md), so the loading state never flickers. */
export function lazyScreen(load: () => Promise<{ default: ComponentType }>) {
  return async () => {
    const [module] = await Promise.all([load(), delay(MIN_SCREEN_DELAY_MS)]);
    return { Component: module.default };
  };
}
