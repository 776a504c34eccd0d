import { useQuery } from '@tanstack/react-query';
import type { ProviderDetailsResponse } from '@careslot/contracts/providers';
import { apiFetch, withQuery } from './api-client';
import { renderedAnswer } from './server-render';

const detailsUrl = (id: string, region: string) =>
  withQuery(`/api/provider-details/${encodeURIComponent(id)}/`, { selectedRegion: region });

export function fetchProviderDetails(id: string, region: string): Promise<ProviderDetailsResponse> {
  return apiFetch<ProviderDetailsResponse>(detailsUrl(id, region));
}

/** A provider's public profile; the doctor profile and the checkout read the same cache entry. */
export function useProviderDetails(id: string, region: string) {
  return useQuery({
    queryKey: ['provider-details', id, region],
    queryFn: () => fetchProviderDetails(id, region),
    // Rendered on the server (decision 081): the answer the page was rendered with.
    initialData: () => renderedAnswer<ProviderDetailsResponse>(detailsUrl(id, region)),
  });
}
