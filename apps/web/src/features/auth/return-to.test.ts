import { describe, expect, it } from 'vitest';
import { withReturnTo } from './return-to';

describe('the way back through sign-in and registration', () => {
  it('carries a same-site page in the query, encoded', () => {
    const checkout = '/appointment/abc?region=uk&date=03%2F03%2F2027&time=9%3A00+AM&distance=1.2';
    const link = withReturnTo('/register', checkout);
    expect(link.startsWith('/register?returnTo=')).toBe(true);
    expect(new URLSearchParams(link.split('?')[1]).get('returnTo')).toBe(checkout);
  });

  it.each(['//evil.example', 'https://evil.example/', '/\\evil.example', '/%2F%2Fevil.example', null, undefined, ''])(
    'drops %j',
    (value) => {
      expect(withReturnTo('/sign-in', value)).toBe('/sign-in');
    },
  );
});
