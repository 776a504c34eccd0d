import { useQuery } from '@tanstack/react-query';
import type { ProviderDetailsResponse } from '@careslot/contracts/providers';
import { apiFetch } from './api-client';

export function fetchProviderDetails(id: string, region: string): Promise<ProviderDetailsResponse> {
  return apiFetch<ProviderDetailsResponse>(`/api/provider-details/${encodeURIComponent(id)}/`, { query: { selectedRegion: region } });
}

/** A provider's public profile; the doctor profile and the checkout read the same cache entry. */
export function useProviderDetails(id: string, region: string) {
  return useQuery({
    queryKey: ['provider-details', id, region],
    queryFn: () => fetchProviderDetails(id, region),
  });
}
