import { useQuery } from '@tanstack/react-query';
import type { UserDetails } from '@careslot/contracts/patients';
import { apiFetch } from '../../../lib/api-client';

/** The signed-in patient's details; the query key is shared with the profile screen so both read one cache entry. */
export function useAccountDetails(userId: string | null) {
  return useQuery({
    queryKey: ['user-details', userId],
    queryFn: () => apiFetch<UserDetails>(`/api/user-details/${userId}/`),
    enabled: !!userId,
    staleTime: 60_000,
    retry: false,
  });
}
