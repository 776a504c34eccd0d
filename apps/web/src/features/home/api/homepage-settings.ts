import { useQuery } from '@tanstack/react-query';
import { homepageSettingsSchema, type HomepageSettings } from '@careslot/contracts/content';
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

export async function getHomepageSettings(): Promise<HomepageSettings> {
  return homepageSettingsSchema.parse(await apiFetch<unknown>('/api/homepage-settings'));
}

export function useHomepageSettings() {
  return useQuery({ queryKey: ['homepage-settings'], queryFn: getHomepageSettings, staleTime: 5 * 60_000 });
}
