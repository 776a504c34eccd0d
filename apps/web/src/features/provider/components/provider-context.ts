import { createContext, useContext } from 'react';
import type { OwnProfile } from '@careslot/contracts/provider-workspace';
import type { ProviderIdentity } from '../api/provider-api';

/** The signed-in provider, for every workspace screen (set by the workspace layout). */
export interface ProviderWorkspace {
  who: ProviderIdentity;
  profile: OwnProfile;
}

export const ProviderContext = createContext<ProviderWorkspace | null>(null);

export function useProviderWorkspace(): ProviderWorkspace {
  const value = useContext(ProviderContext);
  if (!value) throw new Error('useProviderWorkspace outside the provider workspace layout');
  return value;
}
