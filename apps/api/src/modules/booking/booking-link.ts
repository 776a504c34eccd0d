import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { afterBookingMessages } from '@careslot/contracts/after-booking';
import type { Config } from '../../config';
import { ForbiddenError } from '../../lib/errors';

/**
 * Signed single-purpose links in booking e-mails (decision 061): `<payload>.<mac>`, the payload naming the purpose,
 * the booking and the expiry (the appointment's start, in whole seconds). The MAC is an HMAC-SHA256 under a key
 * derived from JWT_SECRET for this use only, so a link can never be taken for a session token or another link's
 * purpose. Nothing is stored: the booking's own state (cancelled, started) decides what a valid link may still do.
 */
export type LinkPurpose = 'cancel';

interface LinkPayload {
  p: LinkPurpose;
  b: string;
  e: number;
}

/** Used only when JWT_SECRET is unset (development, one process). */
const processSecret = randomBytes(32);

function mac(config: Pick<Config, 'JWT_SECRET'>, payload: string): Buffer {
  const key = createHmac('sha256', config.JWT_SECRET ?? processSecret)
    .update('careslot booking link v1')
    .digest();
  return createHmac('sha256', key).update(payload).digest();
}

export function signBookingLink(config: Pick<Config, 'JWT_SECRET'>, purpose: LinkPurpose, bookingId: string, expiresAt: Date): string {
  const payload = Buffer.from(JSON.stringify({ p: purpose, b: bookingId, e: Math.floor(expiresAt.getTime() / 1000) })).toString(
    'base64url',
  );
  return `${payload}.${mac(config, payload).toString('base64url')}`;
}

/** The booking a link is for, when it is genuine, for `purpose` and not expired; a 403 with a sentence otherwise. */
export function verifyBookingLink(config: Pick<Config, 'JWT_SECRET'>, purpose: LinkPurpose, token: string, now = new Date()): string {
  const [payload, given, extra] = token.split('.');
  if (!payload || !given || extra !== undefined) throw new ForbiddenError(afterBookingMessages.linkInvalid);
  const expected = mac(config, payload);
  const actual = Buffer.from(given, 'base64url');
  if (actual.length !== expected.length || !timingSafeEqual(actual, expected)) throw new ForbiddenError(afterBookingMessages.linkInvalid);
  let body: LinkPayload;
  try {
    body = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as LinkPayload;
  } catch {
    throw new ForbiddenError(afterBookingMessages.linkInvalid);
  }
  if (body.p !== purpose || typeof body.b !== 'string' || typeof body.e !== 'number')
    throw new ForbiddenError(afterBookingMessages.linkInvalid);
  if (Math.floor(now.getTime() / 1000) >= body.e) throw new ForbiddenError(afterBookingMessages.linkExpired);
  return body.b;
}

/** The page an e-mail's cancel link opens. */
export function cancelLinkUrl(config: Pick<Config, 'JWT_SECRET'>, publicUrl: string, bookingId: string, startsAt: Date): string {
  return `${publicUrl}/cancel-appointment?token=${encodeURIComponent(signBookingLink(config, 'cancel', bookingId, startsAt))}`;
}
