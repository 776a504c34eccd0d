/** Every string a call accepts is bounded (security review): big inputs get a 400, not a megabyte in the database. */
import { describe, expect, it } from 'vitest';
import { resetPasswordRequestSchema } from './auth';
import { checkoutRequestSchema, otpRequestSchema, verifyPaymentSchema } from './booking';
import { changePasswordRequestSchema } from './patients';

const long = (n: number) => 'x'.repeat(n);

describe('length limits', () => {
  it('bounds the echoed fields of verify-payment', () => {
    const ok = { orderID: 'ORDER-1', user_id: '4b7c2f8e-2d1c-4a57-9a0e-2f0f3f1a9b11', bookingDetails: { date: '01/02/2030' } };
    expect(verifyPaymentSchema.safeParse(ok).success).toBe(true);
    for (const extra of [
      { user_id: long(101) },
      { purposeForVisit: long(2001) },
      { formattedEndTime: long(41) },
      { hospitalLocation: long(501) },
      { selectedAmount: long(41) },
      { bookingDetails: { note: long(10_001) } },
      { doctorDetails: [long(10_001)] },
    ]) {
      expect(verifyPaymentSchema.safeParse({ ...ok, ...extra }).success).toBe(false);
    }
  });

  it('bounds doctorDistance and timeSlot of a checkout', () => {
    const attempt = {
      providerId: '4b7c2f8e-2d1c-4a57-9a0e-2f0f3f1a9b11',
      providerRegion: 'uk',
      bookedDate: '01/02/2030',
      timeSlot: '9:30 AM',
    };
    const ok = { ...attempt, purpose_for_visit: 'A persistent cough for weeks', doctorDistance: '2.4' };
    expect(checkoutRequestSchema.safeParse(ok).success).toBe(true);
    expect(checkoutRequestSchema.safeParse({ ...ok, doctorDistance: long(21) }).success).toBe(false);
    expect(checkoutRequestSchema.safeParse({ ...ok, doctorDistance: -1 }).success).toBe(false);
    expect(otpRequestSchema.safeParse({ ...attempt, timeSlot: `9:30${' '.repeat(50)}AM` }).success).toBe(false);
  });

  it('bounds confirm_password', () => {
    const pw = 'a-Long-and-unusual-passphrase-42';
    expect(resetPasswordRequestSchema.safeParse({ new_password: pw, confirm_password: long(129) }).success).toBe(false);
    expect(
      changePasswordRequestSchema.safeParse({ current_password: 'old-one', new_password: pw, confirm_password: long(129) }).success,
    ).toBe(false);
  });
});
