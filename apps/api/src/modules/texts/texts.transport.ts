import { createHmac, timingSafeEqual } from 'node:crypto';
import type { OutgoingText, TextTransport } from './texts.types';

/** No provider: the row in text_outbox is the message, shown at /dev/texts. */
export function devTextTransport(): TextTransport {
  return { name: 'dev', send: async () => ({ id: null }) };
}

export interface TwilioSettings {
  accountSid: string;
  authToken: string;
  /** A sending number (E.164) or a Messaging Service SID (MG…). */
  from: string;
  /** https://api.twilio.com, or a local fake in tests. */
  apiUrl: string;
}

/**
 * Twilio's Messages API: POST /2010-04-01/Accounts/{AccountSid}/Messages.json, form-encoded To, From (or
 * MessagingServiceSid) and Body, HTTP basic auth with the account SID and auth token; 201 with the message's `sid`.
 */
export function twilioTransport(s: TwilioSettings): TextTransport {
  const url = `${s.apiUrl.replace(/\/$/, '')}/2010-04-01/Accounts/${encodeURIComponent(s.accountSid)}/Messages.json`;
  const auth = `Basic ${Buffer.from(`${s.accountSid}:${s.authToken}`).toString('base64')}`;
  return {
    name: 'twilio',
    async send(m: OutgoingText) {
      const form = new URLSearchParams({ To: m.to, Body: m.body });
      form.set(s.from.startsWith('MG') ? 'MessagingServiceSid' : 'From', s.from);
      const res = await fetch(url, {
        method: 'POST',
        headers: { authorization: auth, 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
        body: form,
        signal: AbortSignal.timeout(15_000),
      });
      const answer = (await res.json().catch(() => ({}))) as { sid?: string; message?: string; code?: number };
      // The error text names the problem (e.g. an unverified number); it never contains the token.
      if (!res.ok) throw new Error(`Twilio answered ${res.status}${answer.code ? ` (${answer.code})` : ''}: ${answer.message ?? ''}`);
      return { id: answer.sid ?? null };
    },
  };
}

/**
 * Twilio's request signature (X-Twilio-Signature): base64 HMAC-SHA1, keyed with the auth token, of the full URL
 * Twilio called followed by each POST parameter's name and value, sorted by name.
 */
export function twilioSignature(authToken: string, url: string, params: Record<string, string>): string {
  const data = Object.keys(params)
    .sort()
    .reduce((acc, k) => acc + k + params[k], url);
  return createHmac('sha1', authToken).update(data, 'utf8').digest('base64');
}

export function validTwilioSignature(authToken: string, url: string, params: Record<string, string>, header: string | undefined): boolean {
  if (!header) return false;
  const expected = Buffer.from(twilioSignature(authToken, url, params));
  const given = Buffer.from(header);
  return expected.length === given.length && timingSafeEqual(expected, given);
}
