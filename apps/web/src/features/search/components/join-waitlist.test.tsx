import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { JoinWaitlist } from './join-waitlist';

const USER = '11111111-1111-4111-8111-111111111111';
const PROVIDER = '22222222-2222-4222-8222-222222222222';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  document.cookie = 'access_token=; max-age=0; path=/';
  document.cookie = 'user_id=; max-age=0; path=/';
});

function renderJoin(open: boolean, region: 'uk' | 'usa' = 'uk', zones: string[] = ['Europe/London']) {
  const router = createMemoryRouter(
    [
      {
        path: '/doctor-profile/:id/:distance',
        element: <JoinWaitlist providerId={PROVIDER} region={region} doctorName="Jack Rodriguez" timeZones={zones} open={open} />,
      },
    ],
    { initialEntries: [`/doctor-profile/${PROVIDER}/0?region=uk`] },
  );
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
}

describe('JoinWaitlist', () => {
  it('signed out: a sign-in link that comes back to the profile', () => {
    renderJoin(true);
    const link = screen.getByRole('link', { name: 'Sign in to join the waitlist' });
    expect(link.getAttribute('href')).toBe(`/sign-in?returnTo=${encodeURIComponent(`/doctor-profile/${PROVIDER}/0?region=uk`)}`);
  });

  it('signed in: opens the form, sends the range, and says what happens next; a refusal shows its sentence', async () => {
    document.cookie = 'access_token=x; path=/';
    document.cookie = `user_id=${USER}; path=/`;
    const bodies: unknown[] = [];
    let answer: [number, unknown] = [409, { status: false, message: 'You are already on this waitlist for these days.' }];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init: RequestInit) => {
        bodies.push({ url, body: JSON.parse(String(init.body)) });
        const [status, body] = answer;
        return { ok: status < 400, status, text: async () => JSON.stringify(body), headers: new Headers() };
      }),
    );
    renderJoin(false);
    fireEvent.click(screen.getByRole('button', { name: 'Join the waitlist' }));
    fireEvent.change(screen.getByLabelText(/From/), { target: { value: '2030-01-10' } });
    fireEvent.change(screen.getByLabelText(/Until/), { target: { value: '2030-01-20' } });
    fireEvent.click(screen.getByRole('button', { name: 'Join the waitlist' }));
    expect(await screen.findByText('You are already on this waitlist for these days.')).toBeTruthy();
    expect(bodies[0]).toEqual({
      url: expect.stringContaining(`/user/waitlist/${USER}/`),
      body: { providerId: PROVIDER, providerRegion: 'uk', from_date: '2030-01-10', to_date: '2030-01-20' },
    });
    answer = [201, { status: true, data: {} }];
    fireEvent.click(screen.getByRole('button', { name: 'Join the waitlist' }));
    expect(await screen.findByText(/You are on Jack Rodriguez's waitlist/)).toBeTruthy();
  });

  it("offers days from today at the clinic: 23:30 in New York is still that day there, whatever UTC's date", () => {
    document.cookie = 'access_token=x; path=/';
    document.cookie = `user_id=${USER}; path=/`;
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-10T04:30:00Z'));
    try {
      renderJoin(true, 'usa', ['America/New_York']);
      const from = screen.getByLabelText(/From/) as HTMLInputElement;
      expect(from.value).toBe('2026-11-09');
      expect(from.min).toBe('2026-11-09');
      expect((screen.getByLabelText(/Until/) as HTMLInputElement).value).toBe('2026-11-23');
    } finally {
      vi.useRealTimers();
    }
  });
});
