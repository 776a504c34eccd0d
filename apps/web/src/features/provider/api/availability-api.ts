import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  PreviewInput,
  PreviewResponse,
  RuleInput,
  RuleSavedResponse,
  RulesResponse,
  ScheduleSettings,
  SlotListResponse,
  SlotStatus,
  OneOffInput,
} from '@careslot/contracts/availability';
import { apiFetch } from '../../../lib/api-client';
import type { ProviderIdentity } from './provider-api';

export interface SlotQuery {
  from?: string;
  to?: string;
  page?: number;
  page_size?: number;
  hospital_id?: string;
  status?: SlotStatus;
}

export function useSlots(who: ProviderIdentity, q: SlotQuery) {
  return useQuery({
    queryKey: ['provider-slots', who.id, q],
    queryFn: () => apiFetch<SlotListResponse>(`/provider/availability/${who.id}/`, { query: { providerRegion: who.region, ...q } }),
    placeholderData: keepPreviousData,
  });
}

export function useRules(who: ProviderIdentity) {
  return useQuery({
    queryKey: ['provider-rules', who.id],
    queryFn: () =>
      apiFetch<RulesResponse>(`/provider/availability-rules/${who.id}/`, { query: { providerRegion: who.region } }).then((r) => r.rules),
  });
}

export function useSettings(who: ProviderIdentity) {
  return useQuery({
    queryKey: ['provider-schedule-settings', who.id],
    queryFn: () =>
      apiFetch<{ settings: ScheduleSettings }>(`/provider/availability-settings/${who.id}/`, {
        query: { providerRegion: who.region },
      }).then((r) => r.settings),
  });
}

/** After any change to availability, what shows it is fetched again. */
function useAfterChange(who: ProviderIdentity) {
  const qc = useQueryClient();
  return () => {
    for (const key of ['provider-slots', 'provider-rules', 'provider-dashboard', 'provider-schedule-settings'])
      void qc.invalidateQueries({ queryKey: [key, who.id] });
  };
}

export function useCreateRule(who: ProviderIdentity) {
  const done = useAfterChange(who);
  return useMutation({
    mutationFn: (input: Omit<RuleInput, 'providerRegion'>) =>
      apiFetch<RuleSavedResponse>(`/provider/availability-rules/${who.id}/`, {
        method: 'POST',
        body: { ...input, providerRegion: who.region },
      }),
    onSuccess: done,
  });
}

export function useCreateOneOff(who: ProviderIdentity) {
  const done = useAfterChange(who);
  return useMutation({
    mutationFn: (input: Omit<OneOffInput, 'providerRegion'>) =>
      apiFetch<RuleSavedResponse>(`/provider/availability/${who.id}/`, { method: 'POST', body: { ...input, providerRegion: who.region } }),
    onSuccess: done,
  });
}

export function useDeleteRule(who: ProviderIdentity) {
  const done = useAfterChange(who);
  return useMutation({
    mutationFn: (ruleId: string) =>
      apiFetch<RuleSavedResponse>(`/provider/availability-rules/${who.id}/${ruleId}/`, {
        method: 'DELETE',
        query: { providerRegion: who.region },
      }),
    onSuccess: done,
  });
}

export function useWithdrawSlot(who: ProviderIdentity) {
  const done = useAfterChange(who);
  return useMutation({
    mutationFn: (slotId: number) =>
      apiFetch(`/provider/availability/${who.id}/${slotId}/`, { method: 'DELETE', query: { providerRegion: who.region } }),
    onSuccess: done,
  });
}

export function useUpdateSettings(who: ProviderIdentity) {
  const done = useAfterChange(who);
  return useMutation({
    mutationFn: (input: Partial<Omit<ScheduleSettings, 'consultation_minutes'>>) =>
      apiFetch(`/provider/availability-settings/${who.id}/`, { method: 'PATCH', body: { ...input, providerRegion: who.region } }),
    onSuccess: done,
  });
}

/** The live preview: what the form would create and what it clashes with (null input: nothing to preview yet). */
export function usePreview(who: ProviderIdentity, input: Omit<PreviewInput, 'providerRegion'> | null) {
  return useQuery({
    queryKey: ['provider-preview', who.id, input],
    enabled: !!input,
    queryFn: () =>
      apiFetch<PreviewResponse>(`/provider/availability-preview/${who.id}/`, {
        method: 'POST',
        body: { ...input, providerRegion: who.region },
      }),
    placeholderData: keepPreviousData,
    retry: false,
    staleTime: 10_000,
  });
}
