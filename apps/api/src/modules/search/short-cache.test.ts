import { describe, expect, it } from 'vitest';
import { ShortCache } from './short-cache';

describe('ShortCache', () => {
  it('shares one load between concurrent callers and answers from memory until the time is up', async () => {
    const cache = new ShortCache<number>(1000, 10);
    let loads = 0;
    const load = async () => ++loads;
    const [a, b] = await Promise.all([cache.get('k', load, 0), cache.get('k', load, 10)]);
    expect([a, b, loads]).toEqual([1, 1, 1]);
    expect(await cache.get('k', load, 999)).toBe(1);
    expect(await cache.get('k', load, 1000)).toBe(2);
  });

  it('forgets failures and values that keep refuses', async () => {
    const cache = new ShortCache<string | null>(60_000, 10, (v) => v !== null);
    let loads = 0;
    await expect(cache.get('boom', () => Promise.reject(new Error('down')), 0)).rejects.toThrow('down');
    expect(await cache.get('boom', async () => 'up', 1)).toBe('up');
    expect(await cache.get('missing', async () => (loads++, null), 0)).toBeNull();
    expect(await cache.get('missing', async () => (loads++, 'found'), 1)).toBe('found');
    expect(await cache.get('missing', async () => (loads++, 'again'), 2)).toBe('found');
    expect(loads).toBe(2);
  });

  it('stays bounded', async () => {
    const cache = new ShortCache<number>(60_000, 4);
    for (let i = 0; i < 20; i++) await cache.get(`k${i}`, async () => i, 0);
    let reloads = 0;
    for (let i = 0; i < 20; i++) await cache.get(`k${i}`, async () => (reloads++, i), 1);
    expect(reloads).toBeGreaterThanOrEqual(16);
  });

  it('drops the oldest half when it overflows, not one entry at a time', async () => {
    const cache = new ShortCache<number>(60_000, 4);
    for (let i = 0; i < 5; i++) await cache.get(`k${i}`, async () => i, 0);
    // Five entries over a bound of four: k0, k1 and k2 went, k3 and k4 stayed.
    const reloaded: string[] = [];
    for (const k of ['k4', 'k3', 'k2', 'k1', 'k0']) await cache.get(k, async () => (reloaded.push(k), -1), 1);
    expect(reloaded).toEqual(['k2', 'k1', 'k0']);
  });
});
