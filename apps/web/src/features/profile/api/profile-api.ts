import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { LoginResponse, MessageResponse } from '@careslot/contracts/auth';
import type {
  ChangePasswordRequest,
  DeleteAccountRequest,
  ProfileImageResponse,
  UpdateProfileRequest,
  UserAppointmentsResponse,
  UserDetails,
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
