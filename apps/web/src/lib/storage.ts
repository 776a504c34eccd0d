import { renderingCookies } from './server-render';

/** Browser storage keys (docs/web.md, "Browser storage"), in one place. */
export const storageKeys = {
  chatbotSession: 'chatbot_session',
  profilePhone: 'ProfilePhone',
  profileEmail: 'ProfileEmail',
  userUniqueId: 'user_unique_id',
  isLoggedIn: 'isLoggedIn',
  authToken: 'auth_token',
  providerAuthToken: 'provider_auth_token',
  firstName: 'first_name',
  selectedRegion: 'selectedRegion',
  providerLocatedRegion: 'provider_located_region',
  providerId: 'provider_id',
  defaultDoctorImage: 'default_doctor_image',
  providerAccessToken: 'provider_access_token',
  adminAccessToken: 'admin_access_token',
} as const;

export const cookieNames = {
  accessToken: 'access_token',
  refreshToken: 'refresh_token',
  userId: 'user_id',
  demoAccessToken: 'demo_access_token',
  demoRefreshToken: 'demo_refresh_token',
  consentId: 'consentID',
  /** A solved captcha, sent only with /results (features/search/api/captcha.ts). */
  captcha: 'careslot_captcha',
} as const;

/** A cookie's value; on the server, while it renders a page (lib/server-render.ts), the request's. */
export function readCookie(name: string): string | null {
  const cookies = typeof document === 'undefined' ? (renderingCookies() ?? '') : document.cookie;
  const match = cookies.split(/; ?/).find((c) => c.startsWith(`${name}=`));
  return match ? decodeURIComponent(match.slice(name.length + 1)) : null;
}

/**
 * Cookies the client writes itself are secure (on https) and same-site strict (docs/web.md, "Browser storage"); sent with
 * every address of the site, or only with `path` and below.
 */
export function writeCookie(name: string, value: string, maxAgeSeconds: number, path = '/'): void {
  const secure = location.protocol === 'https:' ? '; Secure' : '';
  document.cookie = `${name}=${encodeURIComponent(value)}; Max-Age=${maxAgeSeconds}; Path=${path}; SameSite=Strict${secure}`;
}

export function deleteCookie(name: string): void {
  document.cookie = `${name}=; Max-Age=0; Path=/; SameSite=Strict`;
}
