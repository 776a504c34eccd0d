import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { whenLoadedAndIdle } from './idle';

function setReadyState(state: DocumentReadyState) {
  Object.defineProperty(document, 'readyState', { value: state, configurable: true });
}

describe('whenLoadedAndIdle', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => {
    vi.useRealTimers();
    setReadyState('complete');
  });

  it('waits for the load event before it waits for idle', () => {
    setReadyState('loading');
    const fn = vi.fn();
    whenLoadedAndIdle(fn);
    vi.runAllTimers();
    expect(fn).not.toHaveBeenCalled();
    window.dispatchEvent(new Event('load'));
    expect(fn).not.toHaveBeenCalled();
    vi.runAllTimers();
    expect(fn).toHaveBeenCalledTimes(1);
  });

  it('waits only for idle once the page has loaded', () => {
    setReadyState('complete');
    const fn = vi.fn();
    whenLoadedAndIdle(fn);
    expect(fn).not.toHaveBeenCalled();
    vi.runAllTimers();
    expect(fn).toHaveBeenCalledTimes(1);
  });

  it('does nothing once cancelled, before or after the load', () => {
    setReadyState('loading');
    const before = vi.fn();
    whenLoadedAndIdle(before)();
    window.dispatchEvent(new Event('load'));
    setReadyState('complete');
    const after = vi.fn();
    whenLoadedAndIdle(after)();
    vi.runAllTimers();
    expect(before).not.toHaveBeenCalled();
    expect(after).not.toHaveBeenCalled();
  });
});
