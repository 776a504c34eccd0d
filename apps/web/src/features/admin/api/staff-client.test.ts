import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { staffFetch, staffNavigation, staffToken } from './staff-client';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

describe('the staff client refreshes once', () => {
  let calls: { url: string; auth: string | null }[];
  beforeEach(() => {
    calls = [];
    localStorage.setItem('admin_access_token', 'expired');
    vi.spyOn(staffNavigation, 'toSignIn').mockImplementation(() => undefined);
  });
  afterEach(() => {
    vi.restoreAllMocks();
    localStorage.clear();
  });
  const mockFetch = (answer: (url: string, auth: string | null) => Response) =>
    vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
      const url = String(input);
      const auth = new Headers(init?.headers).get('authorization');
      calls.push({ url, auth });
      return answer(url, auth);
    });

  it('an expired token is refreshed once and the call retried with the new one', async () => {
    mockFetch((url, auth) => {
      if (url === '/staff/token/refresh/') return json(200, { access: 'fresh', role: 'admin', email: 'a@b.c' });
      return auth === 'Bearer fresh' ? json(200, { ok: true }) : json(401, { message: 'expired' });
    });
    await expect(staffFetch('/staff/admin-home/')).resolves.toEqual({ ok: true });
    expect(calls.map((c) => c.url)).toEqual(['/staff/admin-home/', '/staff/token/refresh/', '/staff/admin-home/']);
    expect(staffToken()).toBe('fresh');
  });

  it('a failed refresh removes the token and goes to the staff sign-in; the refresh is not retried', async () => {
    mockFetch(() => json(401, { message: 'Your session has ended. Please sign in again.' }));
    await expect(staffFetch('/staff/admin-home/')).rejects.toThrow();
    expect(calls.map((c) => c.url)).toEqual(['/staff/admin-home/', '/staff/token/refresh/']);
    expect(staffToken()).toBeNull();
    expect(staffNavigation.toSignIn).toHaveBeenCalledTimes(1);
  });

  it('a retried call that fails again with 401 is not refreshed a second time', async () => {
    mockFetch((url) => (url === '/staff/token/refresh/' ? json(200, { access: 'fresh', role: 'admin', email: 'a@b.c' }) : json(401, {})));
    await expect(staffFetch('/staff/audit-log/')).rejects.toThrow();
    expect(calls.filter((c) => c.url === '/staff/token/refresh/')).toHaveLength(1);
  });
});
