import { useSyncExternalStore } from 'react';
import { DEFAULT_REGION, isRegion, type Region } from '@careslot/contracts/money';
import { storageKeys } from './storage';

/** The visitor's region (decision 009): chosen on the home page, kept in local storage as selectedRegion, uk by default. */
export function readSelectedRegion(): Region {
  try {
    const stored = localStorage.getItem(storageKeys.selectedRegion);
    return isRegion(stored) ? stored : DEFAULT_REGION;
  } catch {
    return DEFAULT_REGION;
  }
}

const listeners = new Set<() => void>();

export function writeSelectedRegion(region: Region): void {
  try {
    localStorage.setItem(storageKeys.selectedRegion, region);
  } catch {
    // Storage disabled: the choice lasts for this page only.
  }
  listeners.forEach((l) => l());
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  // Another tab changed it.
  const onStorage = (e: StorageEvent) => {
    if (e.key === storageKeys.selectedRegion) listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

export function useSelectedRegion(): [Region, (region: Region) => void] {
  const region = useSyncExternalStore(subscribe, readSelectedRegion, () => DEFAULT_REGION);
  return [region, writeSelectedRegion];
}

export const REGION_LABELS: Record<Region, { short: string; long: string }> = {
  uk: { short: 'UK', long: 'United Kingdom' },
  usa: { short: 'USA', long: 'United States' },
};
