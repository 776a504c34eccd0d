import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { EarningsResponse, PayoutSchedule, PayoutsResponse } from '@careslot/contracts/payouts';
import { ApiError, apiFetch, withQuery } from '../../../lib/api-client';
import type { ProviderIdentity } from './provider-api';

export interface StatementMonth {
  month: number;
  year: number;
}

/** Balances and one page of a month's statement (docs/payouts.md). */
export function useEarnings(who: ProviderIdentity, when: StatementMonth, page: number) {
  return useQuery({
    queryKey: ['provider-earnings', who.id, when.year, when.month, page],
    queryFn: () =>
      apiFetch<EarningsResponse>(`/provider/earnings/${who.id}/`, {
        query: { providerRegion: who.region, month: when.month, year: when.year, page },
      }),
    placeholderData: (previous) => previous,
  });
}

/** Every line of a month, for printing (the statement's pages one after another). */
export async function wholeStatement(who: ProviderIdentity, when: StatementMonth): Promise<EarningsResponse> {
  const first = await apiFetch<EarningsResponse>(`/provider/earnings/${who.id}/`, {
    query: { providerRegion: who.region, month: when.month, year: when.year, page: 1 },
  });
  const rest = [];
  for (let p = 2; p <= first.total_pages; p++) {
    rest.push(
      apiFetch<EarningsResponse>(`/provider/earnings/${who.id}/`, {
        query: { providerRegion: who.region, month: when.month, year: when.year, page: p },
      }),
    );
  }
  const more = await Promise.all(rest);
  return { ...first, entries: [...first.entries, ...more.flatMap((m) => m.entries)] };
}

/** The month's CSV as a file (the server escapes cells a spreadsheet would run). */
export async function statementCsv(who: ProviderIdentity, when: StatementMonth): Promise<Blob> {
  const res = await fetch(
    withQuery(`/provider/earnings/${who.id}/csv/`, { providerRegion: who.region, month: when.month, year: when.year }),
    {
      credentials: 'include',
    },
  );
  if (!res.ok) throw ApiError.fromAnswer(res.status, await res.json().catch(() => null));
  return res.blob();
}

export function usePayouts(who: ProviderIdentity, page: number) {
  return useQuery({
    queryKey: ['provider-payouts', who.id, page],
    queryFn: () => apiFetch<PayoutsResponse>(`/provider/payouts/${who.id}/`, { query: { providerRegion: who.region, page } }),
    placeholderData: (previous) => previous,
  });
}

export function useSaveSchedule(who: ProviderIdentity) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (schedule: PayoutSchedule) =>
      apiFetch<{ message: string }>(`/provider/payout-settings/${who.id}/`, {
        method: 'PUT',
        body: { providerRegion: who.region, schedule },
      }),
    onSuccess: () => qc.invalidateQueries({ queryKey: ['provider-earnings', who.id] }),
  });
}
