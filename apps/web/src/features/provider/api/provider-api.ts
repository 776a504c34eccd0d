import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { isRegion, type Region } from '@careslot/contracts/money';
import type { DashboardResponse, OwnProfile, OwnProfileResponse, ProfilePatch, ClinicInput } from '@careslot/contracts/provider-workspace';
import { apiFetch } from '../../../lib/api-client';
import { currentUserId } from '../../../lib/session';
import { storageKeys } from '../../../lib/storage';

/** Who the workspace is for: the signed-in provider's id and region. */
export interface ProviderIdentity {
  id: string;
  region: Region;
}

/** The provider id the sign-in stored (provider_id), or the session's user id. */
export function storedProviderId(): string | null {
  try {
    return localStorage.getItem(storageKeys.providerId) || currentUserId();
  } catch {
    return currentUserId();
  }
}

export const profileKey = (id: string) => ['provider-profile', id] as const;

/** The provider's own record; it also tells the workspace the provider's region, kept as provider_located_region. */
export function useOwnProfile(id: string | null) {
  return useQuery({
    queryKey: profileKey(id ?? ''),
    enabled: !!id,
    retry: (count, err) =>
      count < 2 && !(err instanceof Error && 'status' in err && [401, 403, 404].includes((err as { status: number }).status)),
    queryFn: async () => {
      const res = await apiFetch<OwnProfileResponse>(`/provider/profile/${id}/`);
      try {
        localStorage.setItem(storageKeys.providerId, res.data._id);
        if (isRegion(res.data.region)) localStorage.setItem(storageKeys.providerLocatedRegion, res.data.region);
      } catch {
        // Storage disabled: the workspace still works for this page.
      }
      return res.data;
    },
    staleTime: 60_000,
  });
}

export function useDashboard(who: ProviderIdentity) {
  return useQuery({
    queryKey: ['provider-dashboard', who.id],
    queryFn: () =>
      apiFetch<DashboardResponse>(`/provider/dashboard/${who.id}/`, { query: { providerRegion: who.region } }).then((r) => r.data),
  });
}

function useProfileMutation<T>(who: ProviderIdentity, call: (input: T) => Promise<OwnProfileResponse>) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: (res) => {
      qc.setQueryData<OwnProfile>(profileKey(who.id), res.data);
      void qc.invalidateQueries({ queryKey: ['provider-dashboard', who.id] });
      void qc.invalidateQueries({ queryKey: ['provider-slots', who.id] });
    },
  });
}

export function useUpdateProfile(who: ProviderIdentity) {
  return useProfileMutation<Omit<ProfilePatch, 'providerRegion'>>(who, (input) =>
    apiFetch(`/provider/profile/${who.id}/`, { method: 'PATCH', body: { ...input, providerRegion: who.region } }),
  );
}

export function useAddClinic(who: ProviderIdentity) {
  return useProfileMutation<Omit<ClinicInput, 'providerRegion'>>(who, (input) =>
    apiFetch(`/provider/profile/${who.id}/clinics/`, { method: 'POST', body: { ...input, providerRegion: who.region } }),
  );
}

export function useRemoveClinic(who: ProviderIdentity) {
  return useProfileMutation<string>(who, (hospitalId) =>
    apiFetch(`/provider/profile/${who.id}/clinics/${hospitalId}/`, { method: 'DELETE', query: { providerRegion: who.region } }),
  );
}

export function useUploadPhoto(who: ProviderIdentity) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (file: File) => {
      const form = new FormData();
      form.append('profile_image', file);
      return apiFetch<{ profile_image: string }>(`/provider/profile/${who.id}/photo/`, {
        method: 'POST',
        body: form,
        query: { providerRegion: who.region },
      });
    },
    onSuccess: ({ profile_image }) => {
      qc.setQueryData<OwnProfile>(profileKey(who.id), (old) => (old ? { ...old, profile_image } : old));
    },
  });
}
