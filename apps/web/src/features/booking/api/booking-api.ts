import { useQuery } from '@tanstack/react-query';
import type { CheckoutRequest, PaymentConfig, PaymentStatus, VerifyPaymentBody } from '@careslot/contracts/booking';
import type { ProviderDetailsResponse } from '@careslot/contracts/providers';
import { apiFetch } from '../../../lib/api-client';

export interface Attempt {
  providerId: string;
  providerRegion: 'uk' | 'usa';
  bookedDate: string;
  timeSlot: string;
}

export function useProviderDetails(id: string, region: string) {
  return useQuery({
    queryKey: ['provider-details', id, region],
    queryFn: () => apiFetch<ProviderDetailsResponse>(`/api/provider-details/${id}/`, { query: { selectedRegion: region } }),
  });
}

export function usePaymentConfig() {
  return useQuery({
    queryKey: ['payment-config'],
    queryFn: () => apiFetch<PaymentConfig>('/api/payment-config'),
    staleTime: Infinity,
  });
}

/** SPEC §7: any failure counts as unavailable. */
export async function checkSlot(doctorId: string, region: string, date: string, time: string): Promise<boolean> {
  try {
    const res = await apiFetch<{ data: { available: boolean } }>(`/user/check-slot/${doctorId}/`, {
      query: { providerRegion: region, date, time },
    });
    return res.data.available === true;
  } catch {
    return false;
  }
}

export function requestOtp(userId: string, attempt: Attempt) {
  return apiFetch<{ status: true; data: { email: string; holdExpiresAt: string } }>(`/user/user-otp-verification/${userId}/`, {
    method: 'POST',
    body: attempt,
  });
}

export function checkOtp(userId: string, otp: string) {
  return apiFetch<{ status: boolean; message?: string }>(`/user/user-otp-verification/${userId}/`, {
    query: { otp },
    headers: { 'Content-Type': 'application/json' },
  });
}

export function createCardCheckout(userId: string, body: CheckoutRequest) {
  return apiFetch<{ clientSecret?: string; sessionId?: string; gateway?: 'sandbox' | 'stripe'; holdExpiresAt?: string }>(
    `/user/stripe-checkout/${userId}/`,
    { method: 'POST', body },
  );
}

export function createWalletOrder(userId: string, body: CheckoutRequest) {
  return apiFetch<{ orderID: string; gateway: 'sandbox' | 'paypal'; holdExpiresAt: string }>(`/user/paypal-order/${userId}/`, {
    method: 'POST',
    body,
  });
}

export function verifyPayment(region: string, body: VerifyPaymentBody) {
  return apiFetch<{ data: { success: boolean; status: PaymentStatus; message?: string } }>('/user/verify-payment/', {
    method: 'POST',
    query: { providerRegion: region },
    body,
  });
}

export function checkPaymentStatus(orderId: string) {
  return apiFetch<{ data: { status: PaymentStatus } }>(`/user/check-payment-status/${encodeURIComponent(orderId)}/`);
}

export function useSessionStatus(sessionId: string | null) {
  return useQuery({
    queryKey: ['checkout-session-status', sessionId],
    queryFn: () =>
      apiFetch<{ status: string; customer_email: string | null }>('/user/stripe-checkout-session-status', {
        query: { session_id: sessionId },
      }),
    enabled: !!sessionId,
    retry: false,
  });
}

/** The sandbox gateway's embedded card form submission. */
export function paySandboxSession(sessionId: string, card: { card_number: string; exp_month: number; exp_year: number; cvc: string }) {
  return apiFetch<{ id: string; status: string; payment_status: string }>(
    `/sandbox/stripe/checkout-sessions/${encodeURIComponent(sessionId)}/pay`,
    {
      method: 'POST',
      body: card,
    },
  );
}

export function getSandboxOrder(orderId: string) {
  return apiFetch<{ id: string; status: string; amount: number; currency: string }>(
    `/sandbox/paypal/orders/${encodeURIComponent(orderId)}`,
  );
}

export function decideSandboxOrder(orderId: string, decision: 'approve' | 'cancel') {
  return apiFetch<{ id: string; status: string }>(`/sandbox/paypal/orders/${encodeURIComponent(orderId)}/${decision}`, { method: 'POST' });
}
