import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import type { WaitlistEntryResponse, WaitlistJoin } from '@careslot/contracts/after-booking';
import type { ProviderSlotsResponse } from '@careslot/contracts/providers';
import type { MapResponse, PublicConfig, SearchParamsState, SearchResponse } from '@careslot/contracts/search';
import { apiFetch, withQuery } from '../../../lib/api-client';
import { renderedAnswer } from '../../../lib/server-render';
import { cookieNames, readCookie } from '../../../lib/storage';
import { currentCaptchaValue } from './captcha';

function searchUrl(s: SearchParamsState, distanceFilterClicked: boolean): string {
  return withQuery('/api/test-search/', {
    postcode: s.postcode,
    specialty: s.specialty,
    radius: s.radius,
    page: s.page,
    sort: s.sort,
    selectedRegion: s.region,
    captchaValue: currentCaptchaValue(),
    distance_filter_clicked: distanceFilterClicked ? 'true' : undefined,
    consentID: readCookie(cookieNames.consentId) ?? undefined,
  });
}

export function fetchSearch(s: SearchParamsState, distanceFilterClicked = false): Promise<SearchResponse> {
  return apiFetch<SearchResponse>(searchUrl(s, distanceFilterClicked));
}

/**
 * `distanceFilterClicked`: this search follows the patient changing the radius on /results. It is not part of the key:
 * the flag says why a search was made, not what it finds.
 */
export function useSearch(s: SearchParamsState, enabled: boolean, distanceFilterClicked = false) {
  return useQuery({
    queryKey: ['search', s.region, s.postcode.toUpperCase().replace(/\s+/g, ''), s.specialty, s.radius, s.sort, s.page],
    queryFn: () => fetchSearch(s, distanceFilterClicked),
    // Rendered on the server (decision 081): the answer the page was rendered with.
    initialData: () => (enabled ? renderedAnswer<SearchResponse>(searchUrl(s, distanceFilterClicked)) : undefined),
    enabled,
    placeholderData: keepPreviousData,
    retry: false,
    staleTime: 60_000,
  });
}

export function useMapView(s: SearchParamsState, enabled: boolean) {
  return useQuery({
    queryKey: ['map-view', s.region, s.postcode.toUpperCase().replace(/\s+/g, ''), s.specialty, s.radius],
    queryFn: () =>
      apiFetch<MapResponse>('/api/map-view/', {
        query: { postcode: s.postcode, specialty: s.specialty, radius: s.radius, selectedRegion: s.region },
      }),
    enabled,
    retry: false,
    staleTime: 60_000,
  });
}

const PUBLIC_CONFIG_URL = '/api/public-config';

export function fetchPublicConfig(): Promise<PublicConfig> {
  return apiFetch<PublicConfig>(PUBLIC_CONFIG_URL);
}

const providerSlotsUrl = (id: string, region: string) =>
  withQuery(`/api/provider-slots/${encodeURIComponent(id)}/`, { selectedRegion: region });

export function fetchProviderSlots(id: string, region: string): Promise<ProviderSlotsResponse> {
  return apiFetch<ProviderSlotsResponse>(providerSlotsUrl(id, region));
}

export function usePublicConfig() {
  return useQuery({
    queryKey: ['public-config'],
    queryFn: fetchPublicConfig,
    initialData: () => renderedAnswer<PublicConfig>(PUBLIC_CONFIG_URL),
    staleTime: Infinity,
  });
}

export function useProviderSlots(id: string, region: string, enabled: boolean) {
  return useQuery({
    queryKey: ['provider-slots', id, region],
    queryFn: () => fetchProviderSlots(id, region),
    initialData: () => (enabled ? renderedAnswer<ProviderSlotsResponse>(providerSlotsUrl(id, region)) : undefined),
    enabled,
    retry: false,
    refetchInterval: 60_000,
  });
}

/** Joins the provider's waitlist for a range of days (docs/after-booking.md). */
export function useJoinWaitlist(userId: string) {
  return useMutation({
    mutationFn: (input: WaitlistJoin) => apiFetch<WaitlistEntryResponse>(`/user/waitlist/${userId}/`, { method: 'POST', body: input }),
  });
}
