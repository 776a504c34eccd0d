import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { BankAccount, BankAccountInput, BankAccountPatch, BankAccountsResponse } from '@careslot/contracts/bank-accounts';
import { apiFetch } from '../../../lib/api-client';
import type { ProviderIdentity } from './provider-api';

const key = (id: string) => ['provider-bank-accounts', id] as const;
const path = (who: ProviderIdentity) => `/provider/provider-bank-details/${who.id}/`;

export function useBankAccounts(who: ProviderIdentity) {
  return useQuery({
    queryKey: key(who.id),
    queryFn: () => apiFetch<BankAccountsResponse>(path(who), { query: { providerRegion: who.region } }).then((r) => r.Bank_details),
  });
}

function useRefetch(who: ProviderIdentity) {
  const qc = useQueryClient();
  return () => {
    void qc.invalidateQueries({ queryKey: key(who.id) });
    void qc.invalidateQueries({ queryKey: ['provider-dashboard', who.id] });
  };
}

export function useAddBankAccount(who: ProviderIdentity) {
  const refetch = useRefetch(who);
  return useMutation({
    mutationFn: (input: Omit<BankAccountInput, 'providerRegion'>) =>
      apiFetch<{ data: BankAccount }>(path(who), { method: 'POST', body: { ...input, providerRegion: who.region } }),
    onSuccess: refetch,
  });
}

export function useEditBankAccount(who: ProviderIdentity) {
  const refetch = useRefetch(who);
  return useMutation({
    mutationFn: (input: Omit<BankAccountPatch, 'providerRegion'>) =>
      apiFetch<{ data: BankAccount }>(path(who), { method: 'PATCH', body: { ...input, providerRegion: who.region } }),
    onSuccess: refetch,
  });
}

/** The confirmed deletion, then the list is fetched again. */
export function useDeleteBankAccount(who: ProviderIdentity) {
  const refetch = useRefetch(who);
  return useMutation({
    mutationFn: (uniqueId: string) =>
      apiFetch(path(who), { method: 'DELETE', query: { providerRegion: who.region }, body: { unique_id: uniqueId } }),
    onSuccess: refetch,
  });
}
