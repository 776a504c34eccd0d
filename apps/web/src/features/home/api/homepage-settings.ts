import { useQuery } from '@tanstack/react-query';
import type { HomepageSettings } from '@careslot/contracts/content';
import { apiFetch } from '../../../lib/api-client';

/** What the home page shows when the settings cannot be read: the product still works. */
export const DEFAULT_HOMEPAGE_SETTINGS: HomepageSettings = {
  image_url: '/images/home-hero.svg',
  color: '#ffffff',
  modal_image: null,
  show_modal: false,
  modal_heading: '',
  modal_description: '',
};

/**
 * Typed by the contract like every other answer (decision 027); the server validates what it sends. Not parsed again here
 * with zod: that would put zod into the home page's first load (docs/performance.md, decision 046).
 */
export function getHomepageSettings(): Promise<HomepageSettings> {
  return apiFetch<HomepageSettings>('/api/homepage-settings');
}

export function useHomepageSettings() {
  return useQuery({ queryKey: ['homepage-settings'], queryFn: getHomepageSettings, staleTime: 5 * 60_000 });
}
