import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CalendarFeed, ConnectedCalendar } from '@careslot/contracts/calendars';
import { apiFetch } from '../../../lib/api-client';
import type { ProviderIdentity } from './provider-api';

const feedKey = (id: string) => ['provider-calendar-feed', id] as const;
const calendarsKey = (id: string) => ['provider-calendars', id] as const;
const feedPath = (who: ProviderIdentity) => `/provider/calendar-feed/${who.id}/`;
const calendarsPath = (who: ProviderIdentity) => `/provider/calendars/${who.id}/`;

/** The subscription link: the first ask makes it (shown in full this once), later asks answer it masked. */
export function useCalendarFeed(who: ProviderIdentity) {
  return useQuery({
    queryKey: feedKey(who.id),
    queryFn: () => apiFetch<CalendarFeed>(feedPath(who), { query: { providerRegion: who.region } }),
    // Asking again would only give the masked link: keep the full one for as long as the screen is open.
    staleTime: Infinity,
    refetchOnWindowFocus: false,
  });
}

export function useRotateCalendarFeed(who: ProviderIdentity) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: () => apiFetch<CalendarFeed>(`${feedPath(who)}rotate/`, { method: 'POST', body: { providerRegion: who.region } }),
    onSuccess: (feed) => qc.setQueryData(feedKey(who.id), feed),
  });
}

export function useRevokeCalendarFeed(who: ProviderIdentity) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: () => apiFetch<{ deleted: boolean }>(feedPath(who), { method: 'DELETE', query: { providerRegion: who.region } }),
    onSuccess: () => qc.setQueryData(feedKey(who.id), null),
  });
}

export function useShowConcern(who: ProviderIdentity) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (show: boolean) =>
      apiFetch<CalendarFeed>(feedPath(who), { method: 'PATCH', body: { providerRegion: who.region, show_concern: show } }),
    onSuccess: (feed) =>
      qc.setQueryData<CalendarFeed | null>(feedKey(who.id), (old) => (old ? { ...old, show_concern: feed.show_concern } : feed)),
  });
}

export function useConnectedCalendars(who: ProviderIdentity) {
  return useQuery({
    queryKey: calendarsKey(who.id),
    queryFn: () =>
      apiFetch<{ calendars: ConnectedCalendar[] }>(calendarsPath(who), { query: { providerRegion: who.region } }).then((r) => r.calendars),
  });
}

function useRefetchCalendars(who: ProviderIdentity) {
  const qc = useQueryClient();
  return () => {
    void qc.invalidateQueries({ queryKey: calendarsKey(who.id) });
    void qc.invalidateQueries({ queryKey: ['provider-dashboard', who.id] });
  };
}

export function useAddCalendar(who: ProviderIdentity) {
  const refetch = useRefetchCalendars(who);
  return useMutation({
    mutationFn: (input: { name: string; url: string }) =>
      apiFetch<ConnectedCalendar>(calendarsPath(who), { method: 'POST', body: { ...input, kind: 'ics', providerRegion: who.region } }),
    onSuccess: refetch,
  });
}

export function useSyncCalendar(who: ProviderIdentity) {
  const refetch = useRefetchCalendars(who);
  return useMutation({
    mutationFn: (id: string) =>
      apiFetch<ConnectedCalendar>(`${calendarsPath(who)}${id}/sync/`, { method: 'POST', body: { providerRegion: who.region } }),
    onSuccess: refetch,
  });
}

export function useRemoveCalendar(who: ProviderIdentity) {
  const refetch = useRefetchCalendars(who);
  return useMutation({
    mutationFn: (id: string) => apiFetch(`${calendarsPath(who)}${id}/`, { method: 'DELETE', query: { providerRegion: who.region } }),
    onSuccess: refetch,
  });
}
