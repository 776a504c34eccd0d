import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_DOCTOR_IMAGE } from './doctor-image';
import { clearLocalSession, refreshSession, rememberSignIn } from './session';
import { storageKeys } from './storage';

const provider = {
  user_id: '7b0d8a9e-1c1f-4f43-9a55-2f4b1f0c2d11',
  first_name: 'Amelia',
  user_type: 'provider' as const,
  region: 'usa' as const,
  tokens: { access_token: 'provider-access', refresh_token: 'r' },
  expires_in: 900,
  status: true as const,
};
const patient = { ...provider, user_id: 'a1c2e3f4-0000-4000-8000-000000000001', first_name: 'Alex', user_type: 'patient' as const };
const { region: _unused, ...patientAnswer } = patient;

const stored = (key: string) => localStorage.getItem(key);

beforeEach(() => localStorage.clear());
afterEach(() => vi.unstubAllGlobals());

describe('the browser keys a sign-in writes (docs/web.md, "Browser storage")', () => {
  it('a provider sign-in keeps the provider keys, the region, the unique id and the default doctor image', () => {
    rememberSignIn(provider);
    expect(stored(storageKeys.isLoggedIn)).toBe('true');
    expect(stored(storageKeys.firstName)).toBe('Amelia');
    expect(stored(storageKeys.providerId)).toBe(provider.user_id);
    expect(stored(storageKeys.providerAccessToken)).toBe('provider-access');
    expect(stored(storageKeys.providerLocatedRegion)).toBe('usa');
    expect(stored(storageKeys.userUniqueId)).toBe(provider.user_id);
    expect(stored(storageKeys.defaultDoctorImage)).toBe(DEFAULT_DOCTOR_IMAGE);
    expect(DEFAULT_DOCTOR_IMAGE).toMatch(/^data:image\/svg\+xml/);
  });

  it("a patient sign-in keeps the patient's unique id and forgets whatever a provider left", () => {
    rememberSignIn(provider);
    rememberSignIn(patientAnswer);
    expect(stored(storageKeys.userUniqueId)).toBe(patient.user_id);
    expect(stored(storageKeys.defaultDoctorImage)).toBe(DEFAULT_DOCTOR_IMAGE);
    expect(stored(storageKeys.firstName)).toBe('Alex');
    for (const key of [storageKeys.providerId, storageKeys.providerAccessToken, storageKeys.providerLocatedRegion]) {
      expect(stored(key)).toBeNull();
    }
  });

  it("a provider's token refresh keeps the provider keys", async () => {
    rememberSignIn(provider);
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => ({
        ok: true,
        status: 200,
        json: async () => ({ ...provider, tokens: { access_token: 'next', refresh_token: 'r2' } }),
      })),
    );
    expect(await refreshSession()).toBe(true);
    expect(stored(storageKeys.providerId)).toBe(provider.user_id);
    expect(stored(storageKeys.providerLocatedRegion)).toBe('usa');
    expect(stored(storageKeys.providerAccessToken)).toBe('next');
  });

  it('logout forgets the unique id with the session', () => {
    rememberSignIn(provider);
    clearLocalSession();
    expect(stored(storageKeys.userUniqueId)).toBeNull();
    expect(stored(storageKeys.providerLocatedRegion)).toBeNull();
    expect(stored(storageKeys.isLoggedIn)).toBe('false');
  });
});
