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

  it('two calls sent with the expired token: the one whose 401 comes after the refresh retries without a second refresh', async () => {
    let releaseLate!: () => void;
    const late = new Promise<void>((resolve) => (releaseLate = resolve));
    mockFetch((url, auth) => {
      if (url === '/staff/token/refresh/') return json(200, { access: 'fresh', role: 'admin', email: 'a@b.c' });
      return auth === 'Bearer fresh' ? json(200, { url }) : json(401, { message: 'expired' });
    });
    const fetchMock = vi.mocked(globalThis.fetch);
    const answer = fetchMock.getMockImplementation()!;
    fetchMock.mockImplementation(async (input, init) => {
      // The audit log's 401 is held on the wire until the home call has refreshed and retried.
      if (String(input) === '/staff/audit-log/' && new Headers(init?.headers).get('authorization') === 'Bearer expired') await late;
      return answer(input, init);
    });
    const audit = staffFetch('/staff/audit-log/');
    await expect(staffFetch('/staff/admin-home/')).resolves.toEqual({ url: '/staff/admin-home/' });
    releaseLate();
    await expect(audit).resolves.toEqual({ url: '/staff/audit-log/' });
    expect(calls.filter((c) => c.url === '/staff/token/refresh/')).toHaveLength(1);
    expect(staffNavigation.toSignIn).not.toHaveBeenCalled();
  });

  it('a refresh that gets no answer (network gone, page navigating away) keeps the sign-in and answers the 401', async () => {
    vi.spyOn(globalThis, 'fetch').mockImplementation(async (input) => {
      calls.push({ url: String(input), auth: null });
      if (String(input) === '/staff/token/refresh/') throw new DOMException('The user aborted a request.', 'AbortError');
      return json(401, { message: 'expired' });
    });
    await expect(staffFetch('/staff/admin-home/')).rejects.toMatchObject({ status: 401 });
    expect(calls.map((c) => c.url)).toEqual(['/staff/admin-home/', '/staff/token/refresh/']);
    expect(staffToken()).toBe('expired');
    expect(staffNavigation.toSignIn).not.toHaveBeenCalled();
  });

  it('a retried call that fails again with 401 is not refreshed a second time', async () => {
    mockFetch((url) => (url === '/staff/token/refresh/' ? json(200, { access: 'fresh', role: 'admin', email: 'a@b.c' }) : json(401, {})));
    await expect(staffFetch('/staff/audit-log/')).rejects.toThrow();
    expect(calls.filter((c) => c.url === '/staff/token/refresh/')).toHaveLength(1);
  });
});
