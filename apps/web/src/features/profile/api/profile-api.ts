import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { LinkBookingResponse, LinkCancelRequest, RescheduleResponse, WaitlistListResponse } from '@careslot/contracts/after-booking';
import type { ProviderSlotsResponse } from '@careslot/contracts/providers';
import type { CancellationResponse } from '@careslot/contracts/appointments';
import type { LoginResponse, MessageResponse } from '@careslot/contracts/auth';
import type {
  ChangePasswordRequest,
  DeleteAccountRequest,
  ProfileImageResponse,
  UpdateProfileRequest,
  UserAppointmentsResponse,
  UserDetails,
  Appointment,
} from '@careslot/contracts/patients';
import { ApiError, apiFetch } from '../../../lib/api-client';
import { markSignedIn } from '../../../lib/session';

const detailsKey = (userId: string) => ['user-details', userId] as const;

export function useUserDetails(userId: string) {
  return useQuery({
    queryKey: detailsKey(userId),
    queryFn: () => apiFetch<UserDetails>(`/api/user-details/${userId}/`),
    staleTime: 60_000,
  });
}

export function useUpdateProfile(userId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (input: UpdateProfileRequest) => apiFetch<UserDetails>(`/api/user-details/${userId}/`, { method: 'PATCH', body: input }),
    onSuccess: (data) => {
      qc.setQueryData(detailsKey(userId), data);
      markSignedIn(data.first_name);
    },
  });
}

export function useUploadPicture(userId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (file: File) => {
      const form = new FormData();
      form.append('profile_image', file);
      return apiFetch<ProfileImageResponse>(`/api/user-details/${userId}/profile-image`, { method: 'POST', body: form });
    },
    onSuccess: ({ profile_image }) => {
      qc.setQueryData<UserDetails>(detailsKey(userId), (old) => (old ? { ...old, profile_image } : old));
    },
  });
}

export function useChangePassword(userId: string) {
  return useMutation({
    mutationFn: (input: ChangePasswordRequest) =>
      apiFetch<LoginResponse>(`/api/user-details/${userId}/change-password`, { method: 'POST', body: input }),
  });
}

export function useAppointments(userId: string) {
  return useQuery({
    queryKey: ['user-appointments', userId],
    queryFn: () => apiFetch<UserAppointmentsResponse>(`/user/user-appointments/${userId}/`),
  });
}

/**
 * The patient cancels one of their upcoming appointments with the same call as the provider (cancelling_person
 * 'patient'), sending back the terms the dialog showed so the server applies exactly those (or answers 409).
 */
export function useCancelMyAppointment(userId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ a, reason }: { a: Appointment; reason: string }) =>
      apiFetch<CancellationResponse>(`/user/user-or-provider-appointment-cancellation/${userId}/${a.provider_id}/`, {
        method: 'PUT',
        body: {
          providerRegion: a.region,
          date: a.date,
          start_time: a.start_time,
          cancelling_person: 'patient',
          cancellation_reason: reason,
          expected_refund: a.cancellation?.refundable ? 'refund' : 'no_refund',
        },
      }),
    onSettled: () => qc.invalidateQueries({ queryKey: ['user-appointments', userId] }),
  });
}

/** The provider's times for the next two weeks (the same call as their public profile), for rescheduling. */
export function useFreeTimes(a: Appointment | null) {
  return useQuery({
    queryKey: ['reschedule-times', a?.provider_id, a?.region],
    queryFn: () => apiFetch<ProviderSlotsResponse>(`/api/provider-slots/${a!.provider_id}/?selectedRegion=${a!.region}`),
    enabled: !!a,
    select: (res) => res.data.slots.filter((s) => s.available),
  });
}

/** Moves the appointment to another free time of the same provider; the payment stays with it. */
export function useReschedule(userId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ a, to }: { a: Appointment; to: { date: string; time: string } }) =>
      apiFetch<RescheduleResponse>(`/user/reschedule-appointment/${userId}/${a.provider_id}/`, {
        method: 'POST',
        body: { providerRegion: a.region, date: a.date, start_time: a.start_time, new_date: to.date, new_start_time: to.time },
      }),
    onSettled: () => {
      void qc.invalidateQueries({ queryKey: ['user-appointments', userId] });
      void qc.invalidateQueries({ queryKey: ['reschedule-times'] });
    },
  });
}

/** What an e-mail's cancel link is for (no sign-in: the token is the permission). */
export function useLinkedBooking(token: string) {
  return useQuery({
    queryKey: ['appointment-link', token],
    queryFn: () => apiFetch<LinkBookingResponse>(`/user/appointment-link/?token=${encodeURIComponent(token)}`),
    enabled: token.length > 0,
    retry: false,
  });
}

export function useCancelByLink(token: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (input: Omit<LinkCancelRequest, 'token'>) =>
      apiFetch<CancellationResponse>('/user/appointment-link/cancel/', { method: 'PUT', body: { ...input, token } }),
    onSettled: () => qc.invalidateQueries({ queryKey: ['appointment-link', token] }),
  });
}

/** Downloads the JSON export through a temporary object URL (the call needs the session cookie). */
export async function downloadMyData(userId: string): Promise<void> {
  const res = await fetch(`/api/user-details/${userId}/export`, { credentials: 'include', headers: { Accept: 'application/json' } });
  if (!res.ok) {
    const body: unknown = await res.json().catch(() => null);
    throw ApiError.fromAnswer(res.status, body, 'We could not prepare your data. Please try again.');
  }
  const blob = await res.blob();
  const name = /filename="([^"]+)"/.exec(res.headers.get('content-disposition') ?? '')?.[1] ?? 'careslot-my-data.json';
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

export function useDeleteAccount(userId: string) {
  return useMutation({
    mutationFn: (input: DeleteAccountRequest) =>
      apiFetch<MessageResponse>(`/api/user-details/${userId}/`, { method: 'DELETE', body: input }),
  });
}

const waitlistKey = (userId: string) => ['waitlist', userId] as const;

/** The patient's waitlist entries whose days have not passed. */
export function useWaitlist(userId: string) {
  return useQuery({
    queryKey: waitlistKey(userId),
    queryFn: () => apiFetch<WaitlistListResponse>(`/user/waitlist/${userId}/`),
    enabled: !!userId,
  });
}

export function useLeaveWaitlist(userId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (entryId: string) => apiFetch<unknown>(`/user/waitlist/${userId}/${entryId}/`, { method: 'DELETE' }),
    onSuccess: () => qc.invalidateQueries({ queryKey: waitlistKey(userId) }),
  });
}
