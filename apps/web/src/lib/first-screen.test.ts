import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiFetch } from './api-client';
import { getConsentChoice, getConsentId, recordConsent, type ConsentChoice } from './consent';
import { answerCookieBanner, prerenderFit } from './first-screen';
import { deleteCookie, writeCookie } from './storage';

afterEach(() => {
  vi.unstubAllGlobals();
  delete window.__careslotEarly;
  localStorage.clear();
  for (const name of ['access_token', 'demo_access_token', 'user_id', 'consentID']) deleteCookie(name);
  document.documentElement.removeAttribute('data-consented');
});

describe('prerenderFit: does the build-time HTML of / show what this visitor would see?', () => {
  it('fits a first visit, and a returning one who only answered the cookie banner', () => {
    expect(prerenderFit()).toBe('same');
    writeCookie('consentID', 'abc', 60);
    expect(prerenderFit()).toBe('same');
  });

  it('differs for the USA and for anyone who may be signed in', () => {
    localStorage.setItem('selectedRegion', 'usa');
    expect(prerenderFit()).toBe('differs');
    localStorage.clear();
    for (const name of ['access_token', 'demo_access_token', 'user_id']) {
      writeCookie(name, 'x', 60);
      expect(prerenderFit(), name).toBe('differs');
      deleteCookie(name);
    }
    localStorage.setItem('isLoggedIn', 'true');
    expect(prerenderFit()).toBe('differs');
  });

  it('only looks the same when the speciality list is cached (the select has options the HTML lacks)', () => {
    localStorage.setItem('specialities_uk', JSON.stringify({ savedAt: Date.now(), data: [] }));
    expect(prerenderFit()).toBe('looks-same');
  });
});

describe('early answers', () => {
  it('serve the first GET of their URL once, then the app asks the server itself', async () => {
    const fetched: string[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) => {
        fetched.push(url);
        return new Response(JSON.stringify({ from: 'server' }), { status: 200 });
      }),
    );
    window.__careslotEarly = { '/api/public-config': Promise.resolve(new Response(JSON.stringify({ from: 'early' }), { status: 200 })) };
    expect(await apiFetch('/api/public-config')).toEqual({ from: 'early' });
    expect(fetched).toEqual([]);
    expect(await apiFetch('/api/public-config')).toEqual({ from: 'server' });
    expect(fetched).toEqual(['/api/public-config']);
  });

  it('are not used for a call that sends something', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('{"from":"server"}', { status: 200 })),
    );
    window.__careslotEarly = { '/api/x': Promise.resolve(new Response('{"from":"early"}', { status: 200 })) };
    expect(await apiFetch('/api/x', { method: 'POST', body: {} })).toEqual({ from: 'server' });
  });

  it('keep an error answer an error', async () => {
    window.__careslotEarly = {
      '/api/provider-details/x/': Promise.resolve(new Response(JSON.stringify({ message: 'No such provider.' }), { status: 404 })),
    };
    await expect(apiFetch('/api/provider-details/x/')).rejects.toMatchObject({ status: 404, message: 'No such provider.' });
  });
});

/** What a way of answering the banner writes: the cookie strings (the id replaced by ID) and the stored choice. */
function written(answer: () => void): { cookies: string[]; id: string | null; stored: string | null } {
  const set = vi.spyOn(document, 'cookie', 'set');
  try {
    answer();
    const id = getConsentId();
    return {
      cookies: set.mock.calls.map(([c]) => (id ? c.replace(encodeURIComponent(id), 'ID') : c)),
      id,
      stored: localStorage.getItem('cookie_consent'),
    };
  } finally {
    set.mockRestore();
  }
}

describe('answerCookieBanner: the banner answered by the first-screen script, as lib/consent.ts records it', () => {
  it.each<ConsentChoice>(['accepted', 'rejected'])('%s: the same cookie and stored choice as recordConsent', (choice) => {
    const early = written(() => answerCookieBanner(choice));
    expect(getConsentChoice()).toBe(choice);
    expect(document.documentElement.hasAttribute('data-consented')).toBe(true);
    deleteCookie('consentID');
    localStorage.clear();
    const app = written(() => recordConsent(choice));
    expect(early.id).toMatch(/^[0-9a-f-]{32,36}$/);
    expect(early.cookies).toEqual(app.cookies);
    expect(early.cookies[0]).toMatch(/^consentID=ID; Max-Age=15552000; Path=\/; SameSite=Strict$/);
    expect(early.stored).toBe(app.stored);
  });

  it('keeps an id already there, as recordConsent does', () => {
    writeCookie('consentID', 'kept id/1', 60);
    answerCookieBanner('rejected');
    expect(getConsentId()).toBe('kept id/1');
    expect(getConsentChoice()).toBe('rejected');
  });

  it('writes nothing for anything but the two answers', () => {
    const none = written(() => answerCookieBanner('maybe'));
    expect(none).toEqual({ cookies: [], id: null, stored: null });
    expect(document.documentElement.hasAttribute('data-consented')).toBe(false);
  });

  it('is self-contained, so it can be written into the first-screen script as source', () => {
    const copy = new Function(`return (${answerCookieBanner.toString()})`)() as typeof answerCookieBanner;
    copy('accepted');
    expect(getConsentChoice()).toBe('accepted');
  });
});
