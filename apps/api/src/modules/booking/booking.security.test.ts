/** Security review findings for the booking and payment calls (docs/security-review.md). */
import { describe, expect, it } from 'vitest';
import {
  attemptOf,
  auth,
  newPatient,
  startCardCheckout,
  startWalletOrder,
  useBookingApp,
  verifiedAttempt,
  verifyPayment,
} from './booking.test-helpers';

const t = useBookingApp({ seed: { providersPerRegion: 6, days: 4 } });

describe('booking and payment calls under attack', () => {
  it("a stranger who knows a patient's id cannot spend that patient's code budget", async () => {
    const victim = await newPatient(t.app, 'budget-victim');
    const slot = await t.nextSlot();
    for (let i = 0; i < 12; i++) {
      const res = await t.app.inject({ method: 'POST', url: `/user/user-otp-verification/${victim.id}/`, payload: attemptOf(slot) });
      expect([401, 429]).toContain(res.statusCode);
    }
    const own = await t.app.inject({
      method: 'POST',
      url: `/user/user-otp-verification/${victim.id}/`,
      headers: auth(victim),
      payload: attemptOf(slot),
    });
    expect(own.statusCode).toBe(200);
  });

  it('limits verify-payment per caller, with a readable 429', async () => {
    const p = await newPatient(t.app, 'verify-spammer');
    const codes: number[] = [];
    for (let i = 0; i < 21; i++) {
      const res = await verifyPayment(t.app, p, `SANDBOX-NOPE-${i}`);
      codes.push(res.statusCode);
      if (res.statusCode === 429) expect(res.json().message).toMatch(/Please wait a few minutes and try again/);
    }
    expect(codes.slice(0, 20).every((c) => c === 404)).toBe(true);
    expect(codes[20]).toBe(429);
  });

  it('limits payment status polling per caller well above what the checkout needs', async () => {
    const p = await newPatient(t.app, 'status-spammer');
    let first429 = -1;
    for (let i = 0; i < 61 && first429 < 0; i++) {
      const url = i % 2 ? `/user/check-payment-status/SANDBOX-X${i}/` : `/user/stripe-checkout-session-status?session_id=cs_x${i}`;
      const res = await t.app.inject({ url, headers: auth(p) });
      if (res.statusCode === 429) first429 = i;
    }
    expect(first429).toBe(60);
  });

  it("patient B can neither read nor settle patient A's card session or wallet order", async () => {
    const a = await newPatient(t.app, 'idor-owner');
    const b = await newPatient(t.app, 'idor-other');
    const card = await t.nextSlot();
    await verifiedAttempt(t.app, a, card);
    const { sessionId } = (await startCardCheckout(t.app, a, card)).json();
    const { orderID } = (await startWalletOrder(t.app, a, card)).json();
    expect((await t.app.inject({ url: `/user/stripe-checkout-session-status?session_id=${sessionId}`, headers: auth(b) })).statusCode).toBe(
      404,
    );
    expect((await t.app.inject({ url: `/user/check-payment-status/${sessionId}/`, headers: auth(b) })).statusCode).toBe(404);
    expect((await t.app.inject({ url: `/user/check-payment-status/${orderID}/`, headers: auth(b) })).statusCode).toBe(404);
    const verify = await verifyPayment(t.app, b, orderID);
    expect(verify.statusCode).toBe(404);
    // A's own calls work.
    expect((await t.app.inject({ url: `/user/stripe-checkout-session-status?session_id=${sessionId}`, headers: auth(a) })).statusCode).toBe(
      200,
    );
    // B cannot use A's path either.
    const otp = await t.app.inject({ url: `/user/user-otp-verification/${a.id}/?otp=123456`, headers: auth(b) });
    expect(otp.statusCode).toBe(403);
  });
});
