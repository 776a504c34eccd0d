/**
 * Runs `fn` once the page has loaded (its load event has passed) and then the browser is idle, or `timeout` ms after
 * the load if it never is. For code and calls the page does not need to show itself: what is asked for before the load
 * event counts as the first load (decision 073), and an idle callback alone can come before it. Browsers without
 * `requestIdleCallback` wait `fallbackMs` after the load instead. Returns a function that cancels the wait.
 */
export function whenLoadedAndIdle(fn: () => void, { timeout = 4000, fallbackMs = 1500 } = {}): () => void {
  let cancel = () => {};
  const afterLoad = () => {
    if (typeof window.requestIdleCallback === 'function') {
      const id = window.requestIdleCallback(() => fn(), { timeout });
      cancel = () => window.cancelIdleCallback(id);
    } else {
      const id = window.setTimeout(fn, fallbackMs);
      cancel = () => window.clearTimeout(id);
    }
  };
  if (document.readyState === 'complete') {
    afterLoad();
  } else {
    window.addEventListener('load', afterLoad, { once: true });
    cancel = () => window.removeEventListener('load', afterLoad);
  }
  return () => cancel();
}
