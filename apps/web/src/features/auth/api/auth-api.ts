import { useMutation, useQuery } from '@tanstack/react-query';
import type {
  AuthOptionsResponse,
  ForgetPasswordRequest,
  LoginRequest,
  LoginResponse,
  MessageResponse,
  RegisterRequest,
  RegisterResponse,
  ResendVerificationRequest,
  ResetPasswordRequest,
  UserType,
} from '@careslot/contracts/auth';
import { apiFetch } from '../../../lib/api-client';
import { rememberSignIn } from '../../../lib/session';
import { storageKeys } from '../../../lib/storage';

type LoginInput = Pick<LoginRequest, 'email' | 'password'> & { user_type?: UserType };

export function useLogin() {
  return useMutation({
    mutationFn: (input: LoginInput) =>
      apiFetch<LoginResponse>('/api/user-login', {
        method: 'POST',
        body: { ...input, user_type: input.user_type ?? 'patient', consentID: readConsentId() },
      }),
    onSuccess: (res) => rememberSignIn(res),
  });
}

function readConsentId(): string | undefined {
  const match = document.cookie.split('; ').find((c) => c.startsWith('consentID='));
  return match ? decodeURIComponent(match.slice('consentID='.length)) : undefined;
}

export function useDemoLogin() {
  return useMutation({
    mutationFn: () => apiFetch<LoginResponse>('/api/demo-login', { method: 'POST' }),
    onSuccess: (res) => rememberSignIn(res),
  });
}

export function useAuthOptions() {
  return useQuery({
    queryKey: ['auth-options'],
    queryFn: () => apiFetch<AuthOptionsResponse>('/api/auth/options'),
    staleTime: Infinity,
  });
}

export function useRegister() {
  return useMutation({
    mutationFn: (input: RegisterRequest) => apiFetch<RegisterResponse>('/api/user-register', { method: 'POST', body: input }),
    // Kept so /modal can re-send the verification e-mail without asking for the address again.
    onSuccess: (res) => localStorage.setItem(storageKeys.authToken, res.auth_token),
  });
}

/** The verification link is single-use: remember the answer per token so a remount does not spend it twice. */
const verifications = new Map<string, Promise<MessageResponse>>();
export function verifyEmailOnce(token: string): Promise<MessageResponse> {
  let p = verifications.get(token);
  if (!p) {
    p = apiFetch<MessageResponse>(`/api/verify-email/${encodeURIComponent(token)}`, { method: 'POST' });
    verifications.set(token, p);
  }
  return p;
}

export function useVerifyEmail(token: string) {
  return useQuery({ queryKey: ['verify-email', token], queryFn: () => verifyEmailOnce(token), retry: false, staleTime: Infinity });
}

export function useResendVerification() {
  return useMutation({
    mutationFn: (input: ResendVerificationRequest) =>
      apiFetch<MessageResponse>('/api/resend-verification', { method: 'POST', body: input }),
  });
}

export function useForgetPassword() {
  return useMutation({
    mutationFn: (input: ForgetPasswordRequest) => apiFetch<MessageResponse>('/api/forget-password', { method: 'POST', body: input }),
  });
}

export function useResetLinkCheck(token: string) {
  return useQuery({
    queryKey: ['reset-link', token],
    queryFn: () => apiFetch<MessageResponse>(`/api/reset-password/${encodeURIComponent(token)}`),
    retry: false,
  });
}

export function useResetPassword(token: string) {
  return useMutation({
    mutationFn: (input: ResetPasswordRequest) =>
      apiFetch<MessageResponse>(`/api/reset-password/${encodeURIComponent(token)}`, { method: 'PATCH', body: input }),
  });
}
