import { useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  BookingAttempt,
  CheckoutRequest,
  CheckoutResponse,
  OtpCheckResponse,
  OtpRequestResponse,
  PaymentConfig,
  PaymentStatusResponse,
  SandboxCard,
  SandboxCardPaymentResponse,
  SandboxWalletDecision,
  SandboxWalletDecisionResponse,
  SandboxWalletOrder,
  SessionStatusResponse,
  VerifyPaymentBody,
  VerifyPaymentResponse,
  WalletOrderResponse,
} from '@careslot/contracts/booking';
import type { CheckSlotResponse } from '@careslot/contracts/providers';
import { apiFetch } from '../../../lib/api-client';
import { PAYMENT_POLL_INTERVAL_MS, PAYMENT_POLL_MAX_ATTEMPTS } from '../checkout-wizard';

export function usePaymentConfig() {
  return useQuery({
    queryKey: ['payment-config'],
    queryFn: () => apiFetch<PaymentConfig>('/api/payment-config'),
    staleTime: Infinity,
  });
}

/** What the checkout needs to know of its slot: whether it is still free, its own hospital and its end. */
export type CheckoutSlot = Pick<CheckSlotResponse['data'], 'available' | 'hospital_id' | 'end_time'>;

/**
 * Is the slot still free (our own unexpired hold counts as free), and where and until when is it? Any failure counts
 * as unavailable (docs/booking.md).
 */
async function checkSlot(doctorId: string, region: string, date: string, time: string): Promise<CheckoutSlot> {
  try {
    const res = await apiFetch<CheckSlotResponse>(`/user/check-slot/${doctorId}/`, {
      query: { providerRegion: region, date, time },
    });
    return { available: res.data.available === true, hospital_id: res.data.hospital_id, end_time: res.data.end_time };
  } catch {
    return { available: false, hospital_id: null, end_time: null };
  }
}

/** The slot as the server sees it, asked once each time the checkout opens (never from a cache); undefined until it answers. */
export function useCheckoutSlot(doctorId: string, region: string, date: string, time: string): CheckoutSlot | undefined {
  const query = useQuery({
    queryKey: ['checkout-slot', doctorId, region, date, time],
    queryFn: () => checkSlot(doctorId, region, date, time),
    enabled: !!date && !!time,
    gcTime: 0,
    staleTime: Infinity,
    retry: false,
  });
  return query.data;
}

export function requestOtp(userId: string, attempt: BookingAttempt) {
  return apiFetch<OtpRequestResponse>(`/user/user-otp-verification/${userId}/`, { method: 'POST', body: attempt });
}

export function checkOtp(userId: string, otp: string) {
  return apiFetch<OtpCheckResponse>(`/user/user-otp-verification/${userId}/`, {
    query: { otp },
    headers: { 'Content-Type': 'application/json' },
  });
}

export function createCardCheckout(userId: string, body: CheckoutRequest) {
  return apiFetch<CheckoutResponse>(`/user/stripe-checkout/${userId}/`, { method: 'POST', body });
}

export function createWalletOrder(userId: string, body: CheckoutRequest) {
  return apiFetch<WalletOrderResponse>(`/user/paypal-order/${userId}/`, { method: 'POST', body });
}

export function verifyPayment(region: string, body: VerifyPaymentBody) {
  return apiFetch<VerifyPaymentResponse>('/user/verify-payment/', { method: 'POST', query: { providerRegion: region }, body });
}

export type PaymentOutcome = 'completed' | 'failed' | 'error' | 'timedOut';

/**
 * Follows a payment's status after verification: asked at once, then every 5 s while it is PENDING, at most 12 times.
 * Returns null while it is still being followed, then what became of it. An error is never retried: the screen says so.
 */
export function usePaymentStatus(orderId: string | null): PaymentOutcome | null {
  const client = useQueryClient();
  const queryKey = ['payment-status', orderId];
  const query = useQuery({
    queryKey,
    queryFn: () => apiFetch<PaymentStatusResponse>(`/user/check-payment-status/${encodeURIComponent(orderId!)}/`),
    enabled: !!orderId,
    retry: false,
    gcTime: 0,
    staleTime: Infinity,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
    refetchIntervalInBackground: true,
    // Re-render on every answer, also an unchanged PENDING one: the number of answers decides the time-out.
    notifyOnChangeProps: ['data', 'isError', 'dataUpdatedAt'],
    refetchInterval: ({ state }) =>
      state.status === 'success' && state.data?.data.status === 'PENDING' && state.dataUpdateCount < PAYMENT_POLL_MAX_ATTEMPTS
        ? PAYMENT_POLL_INTERVAL_MS
        : false,
  });
  if (!orderId) return null;
  if (query.isError) return 'error';
  const status = query.data?.data.status;
  if (status === 'COMPLETED') return 'completed';
  if (status === 'FAILED') return 'failed';
  const answers = client.getQueryState(queryKey)?.dataUpdateCount ?? 0;
  return status === 'PENDING' && answers >= PAYMENT_POLL_MAX_ATTEMPTS ? 'timedOut' : null;
}

export function useSessionStatus(sessionId: string | null) {
  return useQuery({
    queryKey: ['checkout-session-status', sessionId],
    queryFn: () => apiFetch<SessionStatusResponse>('/user/stripe-checkout-session-status', { query: { session_id: sessionId } }),
    enabled: !!sessionId,
    retry: false,
  });
}

/** The sandbox gateway's embedded card form submission. */
export function paySandboxSession(sessionId: string, card: SandboxCard) {
  return apiFetch<SandboxCardPaymentResponse>(`/sandbox/stripe/checkout-sessions/${encodeURIComponent(sessionId)}/pay`, {
    method: 'POST',
    body: card,
  });
}

export function getSandboxOrder(orderId: string) {
  return apiFetch<SandboxWalletOrder>(`/sandbox/paypal/orders/${encodeURIComponent(orderId)}`);
}

export function decideSandboxOrder(orderId: string, decision: SandboxWalletDecision) {
  return apiFetch<SandboxWalletDecisionResponse>(`/sandbox/paypal/orders/${encodeURIComponent(orderId)}/${decision}`, {
    method: 'POST',
  });
}
