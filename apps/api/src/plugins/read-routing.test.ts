/** The marker itself; how it routes reads, on a real replica, is db/replicas.test.ts. */
import { describe, expect, it } from 'vitest';
import { freshWriteMarker } from './read-routing';

describe('the read-your-writes marker', () => {
  const marker = freshWriteMarker('x'.repeat(40));
  const now = Date.now();

  it('is valid until it expires, and only as signed with the same secret', () => {
    const value = marker.make(now + 5000);
    expect(marker.valid(value, now)).toBe(true);
    expect(marker.valid(value, now + 5000)).toBe(false);
    expect(freshWriteMarker('x'.repeat(40)).valid(value, now)).toBe(true);
    expect(freshWriteMarker('y'.repeat(40)).valid(value, now)).toBe(false);
  });

  it('refuses an altered time, an altered signature and anything malformed', () => {
    const value = marker.make(now + 5000);
    const [until, signature] = value.split('.');
    expect(marker.valid(`${Number(until) + 60_000}.${signature}`, now)).toBe(false);
    expect(marker.valid(`${until}.${signature!.slice(0, -1)}A`, now)).toBe(false);
    for (const bad of [undefined, '', 'x', `${until}`, `${until}.`, `.${signature}`, `-1.${signature}`])
      expect(marker.valid(bad, now)).toBe(false);
  });
});
