import { describe, expect, it } from 'vitest';
import { RETURN_PATH_MAX, safeReturnPath } from './return-path';

describe('safeReturnPath: where a sign-in may send someone back to', () => {
  it("keeps a path on this site, with its query, as the checkout's return path has it", () => {
    const checkout = '/appointment/7b0d8a9e-1c1f-4f43-9a55-2f4b1f0c2d11?region=uk&date=03%2F03%2F2027&time=9%3A00+AM&distance=1.2';
    expect(safeReturnPath(checkout)).toBe(checkout);
    expect(safeReturnPath('/userProfile')).toBe('/userProfile');
    expect(safeReturnPath('/doctor-profile/abc/0?region=uk#slots')).toBe('/doctor-profile/abc/0?region=uk#slots');
    expect(safeReturnPath('/a/../userProfile')).toBe('/userProfile');
  });

  it.each([
    ['absent', null],
    ['empty', ''],
    ['another host', '//evil.example'],
    ['another host with a path', '//evil.example/appointment/x'],
    ['a full URL', 'https://evil.example/'],
    ['a full URL of any scheme', 'javascript:alert(1)'],
    ['a backslash host', '/\\evil.example'],
    ['backslashes', '\\\\evil.example'],
    ['a backslash later on', '/x/..\\..\\evil.example'],
    ['a tab browsers drop', '/\t/evil.example'],
    ['a newline browsers drop', '/\n/evil.example'],
    ['encoded slashes', '/%2F%2Fevil.example'],
    ['an encoded slash after one', '/%2Fevil.example'],
    ['an encoded backslash', '/%5Cevil.example'],
    ['double-encoded slashes', '/%252F%252Fevil.example'],
    ['an encoded tab', '/%09/evil.example'],
    ['a relative path', 'appointment/x'],
    ['broken encoding', '/%E0%A4%A'],
    ['the sign-in screen', '/sign-in?returnTo=/x'],
    ['the registration screen', '/register'],
    ['the e-mail link screen', '/verify/abc'],
    ['the check-your-inbox screen', '/modal'],
    ['a very long path', `/${'a'.repeat(RETURN_PATH_MAX)}`],
  ])('refuses %s', (_what, value) => {
    expect(safeReturnPath(value)).toBeNull();
  });
});
