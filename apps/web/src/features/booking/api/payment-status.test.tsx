import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PAYMENT_POLL_INTERVAL_MS, PAYMENT_POLL_MAX_ATTEMPTS } from '../checkout-wizard';
import { usePaymentStatus } from './booking-api';

/** The answers the fake server gives to successive status calls (the last one repeats). */
function serveStatuses(answers: ({ status: string } | { httpStatus: number })[]) {
  const calls: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      const answer = answers[Math.min(calls.length, answers.length - 1)]!;
      calls.push(url);
      // A plain answer object: its body resolves in microtasks, which the fake clock does not hold back.
      const [status, body] = 'httpStatus' in answer ? [answer.httpStatus, { message: 'boom' }] : [200, { data: { status: answer.status } }];
      return { ok: status < 400, status, text: async () => JSON.stringify(body) };
    }),
  );
  return calls;
}

function follow(orderId: string) {
  const client = new QueryClient();
  const wrapper = ({ children }: { children: ReactNode }) => <QueryClientProvider client={client}>{children}</QueryClientProvider>;
  return renderHook(() => usePaymentStatus(orderId), { wrapper });
}

/** Lets the calls due now and their answers happen (an answer reaches the component a tick later). */
const settle = () => vi.advanceTimersByTimeAsync(1);
/** Moves the fake clock on, then lets what fell due settle. */
async function wait(ms: number) {
  await vi.advanceTimersByTimeAsync(ms);
  await settle();
}

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('payment status after verification', () => {
  it('asks at once, then every 5 s while PENDING, and gives up after 12 answers', async () => {
    const calls = serveStatuses([{ status: 'PENDING' }]);
    const { result } = follow('cs_test_1');
    await settle();
    expect(calls).toEqual(['/user/check-payment-status/cs_test_1/']);
    expect(result.current).toBeNull();

    await wait(PAYMENT_POLL_INTERVAL_MS - 100);
    expect(calls).toHaveLength(1);
    await wait(100);
    expect(calls).toHaveLength(2);

    for (let n = 3; n <= PAYMENT_POLL_MAX_ATTEMPTS; n++) {
      expect(result.current).toBeNull();
      await wait(PAYMENT_POLL_INTERVAL_MS);
      expect(calls).toHaveLength(n);
    }
    expect(result.current).toBe('timedOut');
    await wait(PAYMENT_POLL_INTERVAL_MS * 5);
    expect(calls).toHaveLength(PAYMENT_POLL_MAX_ATTEMPTS);
  });

  it('stops at COMPLETED', async () => {
    const calls = serveStatuses([{ status: 'PENDING' }, { status: 'PENDING' }, { status: 'COMPLETED' }]);
    const { result } = follow('order-2');
    await settle();
    await wait(PAYMENT_POLL_INTERVAL_MS * 2);
    expect(result.current).toBe('completed');
    await wait(PAYMENT_POLL_INTERVAL_MS * 5);
    expect(calls).toHaveLength(3);
  });

  it('stops at FAILED', async () => {
    const calls = serveStatuses([{ status: 'FAILED' }]);
    const { result } = follow('order-3');
    await settle();
    expect(result.current).toBe('failed');
    await wait(PAYMENT_POLL_INTERVAL_MS * 3);
    expect(calls).toHaveLength(1);
  });

  it('reports an error at once and never asks again', async () => {
    const calls = serveStatuses([{ status: 'PENDING' }, { httpStatus: 500 }]);
    const { result } = follow('order-4');
    await settle();
    await wait(PAYMENT_POLL_INTERVAL_MS);
    expect(result.current).toBe('error');
    await wait(PAYMENT_POLL_INTERVAL_MS * 3);
    expect(calls).toHaveLength(2);
  });

  it('asks nothing without a payment', async () => {
    const calls = serveStatuses([{ status: 'PENDING' }]);
    const client = new QueryClient();
    const wrapper = ({ children }: { children: ReactNode }) => <QueryClientProvider client={client}>{children}</QueryClientProvider>;
    const { result } = renderHook(() => usePaymentStatus(null), { wrapper });
    await wait(PAYMENT_POLL_INTERVAL_MS * 2);
    expect(result.current).toBeNull();
    expect(calls).toHaveLength(0);
  });
});
