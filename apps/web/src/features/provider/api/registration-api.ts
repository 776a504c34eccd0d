import { useMutation, useQuery } from '@tanstack/react-query';
import type { MessageResponse } from '@careslot/contracts/auth';
import type { OnboardingStatus, ProviderRegisterRequest, ProviderRegisterResponse } from '@careslot/contracts/provider-registration';
import { apiFetch } from '../../../lib/api-client';
import { storageKeys } from '../../../lib/storage';

/** POST /api/provider-register/; keeps the registration token, the id and the region as the browser keys say. */
export function useProviderRegister() {
  return useMutation({
    mutationFn: (input: ProviderRegisterRequest) =>
      apiFetch<ProviderRegisterResponse>('/api/provider-register/', { method: 'POST', body: input }),
    onSuccess: (res, input) => {
      localStorage.setItem(storageKeys.providerAuthToken, res.auth_token);
      localStorage.setItem(storageKeys.providerId, res.provider_id);
      localStorage.setItem(storageKeys.providerLocatedRegion, String(input.region));
    },
  });
}

/** Where the registration stands: for the signed-in provider, or by the registration token kept in this browser. */
export function useOnboardingStatus() {
  const token = localStorage.getItem(storageKeys.providerAuthToken);
  return useQuery({
    queryKey: ['provider-onboarding', token],
    queryFn: () =>
      apiFetch<OnboardingStatus>('/api/provider-verification-status/', { method: 'POST', body: token ? { auth_token: token } : {} }),
    retry: false,
  });
}

export function useResendProviderVerification() {
  return useMutation({
    mutationFn: () =>
      apiFetch<MessageResponse>('/api/resend-verification', {
        method: 'POST',
        body: { auth_token: localStorage.getItem(storageKeys.providerAuthToken) ?? undefined },
      }),
  });
}
