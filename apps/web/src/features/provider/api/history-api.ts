import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CancellationResponse, HistoryResponse, HistoryRow, HistorySort } from '@careslot/contracts/appointments';
import { apiFetch } from '../../../lib/api-client';
import type { ProviderIdentity } from './provider-api';

export interface HistoryFilters {
  sort: HistorySort;
  payment_method: '' | 'stripe' | 'paypal';
  month: string;
  year: string;
}

export function useHistory(who: ProviderIdentity, filters: HistoryFilters, page: number) {
  return useQuery({
    queryKey: ['provider-history', who.id, filters, page],
    queryFn: () =>
      apiFetch<HistoryResponse>(`/provider/provider-booked-appointment-history/${who.id}/`, {
        query: { ProviderRegion: who.region, page, ...filters },
      }),
    placeholderData: keepPreviousData,
  });
}

function useRefresh(who: ProviderIdentity) {
  const qc = useQueryClient();
  return () => {
    for (const key of ['provider-history', 'provider-dashboard', 'provider-slots']) void qc.invalidateQueries({ queryKey: [key, who.id] });
  };
}

/** The provider cancels a booked appointment: the row's date and start_time go back to the server as they came. */
export function useCancelAppointment(who: ProviderIdentity) {
  const refresh = useRefresh(who);
  return useMutation({
    mutationFn: ({ row, reason }: { row: HistoryRow; reason: string }) =>
      apiFetch<CancellationResponse>(`/user/user-or-provider-appointment-cancellation/${row.user_id}/${who.id}/`, {
        method: 'PUT',
        body: {
          providerRegion: who.region,
          date: row.date,
          start_time: row.start_time,
          cancelling_person: 'provider',
          cancellation_reason: reason,
        },
      }),
    onSuccess: refresh,
  });
}

export function useMarkNoShow(who: ProviderIdentity) {
  const refresh = useRefresh(who);
  return useMutation({
    mutationFn: (row: HistoryRow) =>
      apiFetch(`/provider/provider-booked-appointment-history/${who.id}/${row.id}/`, {
        method: 'PATCH',
        body: { providerRegion: who.region, status: 'No Show' },
      }),
    onSuccess: refresh,
  });
}
