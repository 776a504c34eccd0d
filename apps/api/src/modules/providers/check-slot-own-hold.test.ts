import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { providers } from '../../db/schema/providers';
import { createTestApp, type TestApp } from '../../test/test-app';
import { attemptOf, freeSlot, newPatient, type SlotPick, type TestPatient } from '../booking/booking.test-helpers';

describe('check-slot during a checkout', () => {
  let t: TestApp;
  let slot: SlotPick;
  let holder: TestPatient;
  let other: TestPatient;

  const check = (token?: string) =>
    t.app.inject({
      url: `/user/check-slot/${slot.providerId}/?providerRegion=${slot.providerRegion}&date=${encodeURIComponent(slot.bookedDate)}&time=${encodeURIComponent(slot.timeSlot)}`,
      headers: token ? { authorization: `Bearer ${token}` } : {},
    });

  beforeAll(async () => {
    t = await createTestApp();
    for (let n = 0; ; n++) {
      slot = await freeSlot(t.app, 'uk', n);
      const [p] = await t.app.db.select().from(providers).where(eq(providers.id, slot.providerId));
      if (p!.verification_status === 'Verified') break;
    }
    holder = await newPatient(t.app, 'holder');
    other = await newPatient(t.app, 'other');
  });
  afterAll(() => t.close());

  it("counts the caller's own hold as available, and nobody else's", async () => {
    expect((await check(holder.token)).json().data.available).toBe(true);
    const hold = await t.app.inject({
      method: 'POST',
      url: `/user/user-otp-verification/${holder.id}/`,
      headers: { authorization: `Bearer ${holder.token}` },
      payload: attemptOf(slot),
    });
    expect(hold.statusCode).toBe(200);

    expect((await check(holder.token)).json().data.available).toBe(true);
    expect((await check(other.token)).json().data.available).toBe(false);
    expect((await check()).json().data.available).toBe(false);
  });
});
