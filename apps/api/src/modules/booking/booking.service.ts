import { createHmac, randomBytes, randomInt, randomUUID, timingSafeEqual } from 'node:crypto';

/** Used only when JWT_SECRET is unset (development, one process). */
const processSecret = randomBytes(32);
import { and, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import {
  bookingMessages,
  feeFor,
  isOtpComplete,
  validatePurpose,
  type BookingAttempt,
  type PaymentStatus,
  type TypeOfVisit,
} from '@careslot/contracts/booking';
import { maskEmail } from '@careslot/contracts/masks';
import { currencyForRegion } from '@careslot/contracts/money';
import { parseDateText, toTwentyFourHour } from '@careslot/contracts/time';
import type { Config } from '../../config';
import type { Db, Tx } from '../../db/client';
import { bookings, otpCodes, paymentEvents, payments } from '../../db/schema/booking';
import { AppError, ConflictError, ForbiddenError, NotFoundError, ValidationError } from '../../lib/errors';
import { enqueueMail } from '../mail/mail.service';
import { GatewayError, type GatewayEvent } from '../payments/gateway';
import type { PaymentGateways } from '../payments/payments';
import { isSlotFree } from '../availability/availability.service';
import {
  activeBookingForSlot,
  expireStaleHolds,
  findSlotByLocalTime,
  insertHold,
  latestOtp,
  loadSlotContext,
  lockSlot,
  patientById,
  paymentByExternalId,
  paymentForPatient,
  releaseOtherHolds,
  type BookingRow,
  type PaymentRow,
  type SlotContext,
} from './booking.repository';
import { confirmationMail, describeSlot, otpMail, providerNoticeMail, refundMail, type MailPeople } from './booking.emails';

export const OTP_TTL_MINUTES = 10;
export const OTP_MAX_FAILED_ATTEMPTS = 5;
export const OTP_RESEND_COOLDOWN_SECONDS = 30;
/** A verified code allows payment attempts for this long. */
export const OTP_VERIFIED_VALID_MINUTES = 30;
/** Entering the OTP step holds the slot this long; starting a payment extends the hold. */
export const OTP_HOLD_MINUTES = 10;
export const PAYMENT_HOLD_MINUTES = 30;

export interface BookingDeps {
  db: Db;
  config: Config;
  gateways: PaymentGateways;
  log: FastifyBaseLogger;
  kickOutbox(): void;
  kickRefunds(): void;
}

export interface CheckoutInput extends BookingAttempt {
  type_of_visit: TypeOfVisit;
  purpose_for_visit: string;
  doctorDistance?: string | number | null;
}

type Settled = 'PENDING' | 'COMPLETED' | 'FAILED' | 'REFUND_PENDING' | 'REFUNDED';

/** What the patient's screens see: refunds are failures of the booking. */
export function clientStatus(status: string): PaymentStatus {
  if (status === 'COMPLETED') return 'COMPLETED';
  if (status === 'PENDING') return 'PENDING';
  return 'FAILED';
}

export class PaymentGatewayError extends AppError {
  constructor(message: string) {
    super(502, message, 'PAYMENT_GATEWAY');
  }
}

export class BookingService {
  constructor(private readonly deps: BookingDeps) {}

  private get db() {
    return this.deps.db;
  }

  /** Codes are stored as an HMAC keyed by the server secret: a leaked table alone cannot be brute-forced. */
  private hashOtp(id: string, code: string): string {
    return createHmac('sha256', this.deps.config.JWT_SECRET ?? processSecret)
      .update(`${id}:${code}`)
      .digest('hex');
  }

  private publicUrl(): string {
    return (this.deps.config.PUBLIC_URL ?? `http://localhost:${this.deps.config.PORT}`).replace(/\/$/, '');
  }

  /** The slot behind a booking attempt, or 404. The key binds OTPs to patient + attempt. */
  async resolveAttempt(attempt: BookingAttempt): Promise<{ ctx: SlotContext; attemptKey: string }> {
    if (!parseDateText(attempt.bookedDate))
      throw new ValidationError('bookedDate: is not a real date', { bookedDate: 'is not a real date' });
    const raw = attempt.timeSlot.trim();
    const time24 = /^\d{2}:\d{2}$/.test(raw) ? (/^([01]\d|2[0-3]):[0-5]\d$/.test(raw) ? raw : null) : toTwentyFourHour(raw);
    if (!time24) throw new ValidationError('timeSlot: is not a valid time', { timeSlot: 'is not a valid time' });
    const ctx = await findSlotByLocalTime(this.db, attempt.providerId, attempt.providerRegion, attempt.bookedDate, time24);
    if (!ctx) throw new NotFoundError('This provider has no slot at that date and time.');
    return { ctx, attemptKey: `${attempt.providerId}|${attempt.providerRegion}|${attempt.bookedDate}|${time24}` };
  }

  private async patientOrFail(patientId: string) {
    const patient = await patientById(this.db, patientId);
    if (!patient || !patient.email || patient.deleted_at) throw new NotFoundError('Your account was not found.');
    return { ...patient, email: patient.email };
  }

  /**
   * Takes (or extends) this patient's hold on the slot, under the slot's row lock. Stale holds expire
   * first; the partial unique index refuses a second active booking whatever happens.
   */
  private async holdSlot(
    tx: Tx,
    ctx: SlotContext,
    patientId: string,
    minutes: number,
    fields: Partial<typeof bookings.$inferInsert> = {},
  ): Promise<BookingRow> {
    const now = new Date();
    const slot = await lockSlot(tx, ctx.slot.id);
    if (!slot || slot.status !== 'open' || slot.starts_at <= now || !ctx.provider.bookable) {
      throw new ConflictError(bookingMessages.slotTaken);
    }
    await expireStaleHolds(tx, slot.id, now);
    const until = new Date(now.getTime() + minutes * 60_000);
    const active = await activeBookingForSlot(tx, slot.id);
    if (active) {
      if (active.status !== 'Held' || active.patient_id !== patientId) throw new ConflictError(bookingMessages.slotTaken);
      const keep = active.hold_expires_at && active.hold_expires_at > until ? active.hold_expires_at : until;
      const [row] = await tx
        .update(bookings)
        .set({ ...fields, hold_expires_at: keep, updatedAt: now })
        .where(eq(bookings.id, active.id))
        .returning();
      return row!;
    }
    // The one shared rule of a free slot (search, profile and check-slot use it too).
    if (!(await isSlotFree(tx, slot.id, now))) throw new ConflictError(bookingMessages.slotTaken);
    await releaseOtherHolds(tx, patientId, slot.id, now);
    const row = await insertHold(tx, {
      slot_id: slot.id,
      patient_id: patientId,
      provider_id: ctx.provider.id,
      region: ctx.provider.region,
      hold_expires_at: until,
      amount_minor: ctx.provider.amount_minor,
      currency: currencyForRegion(ctx.provider.region),
      ics_uid: `${randomUUID()}@careslot`,
      ...fields,
    });
    if (!row) throw new ConflictError(bookingMessages.slotTaken);
    return row;
  }

  // ---------------------------------------------------------------------------------------------
  // OTP
  // ---------------------------------------------------------------------------------------------

  async requestOtp(patientId: string, attempt: BookingAttempt): Promise<{ email: string; holdExpiresAt: Date }> {
    const patient = await this.patientOrFail(patientId);
    const { ctx, attemptKey } = await this.resolveAttempt(attempt);
    const hold = await this.db.transaction(async (tx) => {
      const held = await this.holdSlot(tx, ctx, patient.id, OTP_HOLD_MINUTES);
      const now = new Date();
      const latest = await latestOtp(tx, patient.id);
      const reusable =
        latest &&
        latest.attempt_key === attemptKey &&
        !latest.consumed_at &&
        !latest.verified_at &&
        latest.expires_at > now &&
        latest.failed_attempts < OTP_MAX_FAILED_ATTEMPTS &&
        now.getTime() - latest.createdAt.getTime() < OTP_RESEND_COOLDOWN_SECONDS * 1000;
      // Within the resend cooldown the code already sent stays the one to use: no second e-mail.
      if (reusable) return held;
      await tx
        .update(otpCodes)
        .set({ consumed_at: now })
        .where(and(eq(otpCodes.patient_id, patient.id), isNull(otpCodes.consumed_at)));
      const id = randomUUID();
      const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
      await tx.insert(otpCodes).values({
        id,
        patient_id: patient.id,
        attempt_key: attemptKey,
        code_hash: this.hashOtp(id, code),
        expires_at: new Date(now.getTime() + OTP_TTL_MINUTES * 60_000),
      });
      await enqueueMail(tx, otpMail(patient.email, code, ctx, OTP_TTL_MINUTES));
      return held;
    });
    this.deps.kickOutbox();
    return { email: maskEmail(patient.email), holdExpiresAt: hold.hold_expires_at! };
  }

  /**
   * Checks a code against the patient's latest one. A try is counted before comparing, so even
   * parallel guesses get at most five chances per code.
   */
  async checkOtp(patientId: string, otp: string): Promise<{ status: boolean; message?: string }> {
    const latest = await latestOtp(this.db, patientId);
    const now = new Date();
    if (!latest || latest.consumed_at) return { status: false, message: bookingMessages.invalidOtp };
    if (!isOtpComplete(otp)) return { status: false, message: bookingMessages.invalidOtp };
    if (latest.verified_at) {
      const same = timingSafeEqual(Buffer.from(this.hashOtp(latest.id, otp)), Buffer.from(latest.code_hash));
      return same ? { status: true } : { status: false, message: bookingMessages.invalidOtp };
    }
    if (latest.expires_at <= now) return { status: false, message: 'This code has expired. Please request a new one.' };
    const [counted] = await this.db
      .update(otpCodes)
      .set({ failed_attempts: sql`${otpCodes.failed_attempts} + 1` })
      .where(and(eq(otpCodes.id, latest.id), sql`${otpCodes.failed_attempts} < ${OTP_MAX_FAILED_ATTEMPTS}`))
      .returning({ id: otpCodes.id });
    if (!counted) return { status: false, message: 'Too many wrong codes. Please request a new one.' };
    const ok = timingSafeEqual(Buffer.from(this.hashOtp(latest.id, otp)), Buffer.from(latest.code_hash));
    if (!ok) return { status: false, message: bookingMessages.invalidOtp };
    await this.db
      .update(otpCodes)
      .set({ verified_at: now, failed_attempts: sql`${otpCodes.failed_attempts} - 1` })
      .where(eq(otpCodes.id, latest.id));
    return { status: true };
  }

  /** The server refuses a payment whose attempt has no verified, unused code. */
  private async requireVerifiedOtp(patientId: string, attemptKey: string): Promise<void> {
    const cutoff = new Date(Date.now() - OTP_VERIFIED_VALID_MINUTES * 60_000);
    const [row] = await this.db
      .select({ id: otpCodes.id })
      .from(otpCodes)
      .where(
        and(
          eq(otpCodes.patient_id, patientId),
          eq(otpCodes.attempt_key, attemptKey),
          isNotNull(otpCodes.verified_at),
          isNull(otpCodes.consumed_at),
          sql`${otpCodes.verified_at} > ${cutoff}`,
        ),
      )
      .limit(1);
    if (!row) throw new ForbiddenError('Please verify the code we e-mailed you before paying.');
  }

  // ---------------------------------------------------------------------------------------------
  // Payments
  // ---------------------------------------------------------------------------------------------

  /** Validates, checks the OTP, holds the slot and records a PENDING payment with the server's amount. */
  private async startPayment(patientId: string, input: CheckoutInput, method: 'stripe' | 'paypal', gatewayName: string) {
    const purposeError = validatePurpose(input.purpose_for_visit);
    if (purposeError) throw new ValidationError(purposeError, { purpose_for_visit: purposeError });
    const patient = await this.patientOrFail(patientId);
    const { ctx, attemptKey } = await this.resolveAttempt(input);
    await this.requireVerifiedOtp(patient.id, attemptKey);
    const amount = feeFor(input.type_of_visit, { amount: ctx.provider.amount_minor, follow_amount: ctx.provider.follow_amount_minor });
    const currency = currencyForRegion(ctx.provider.region);
    const { booking, payment } = await this.db.transaction(async (tx) => {
      const booking = await this.holdSlot(tx, ctx, patient.id, PAYMENT_HOLD_MINUTES, {
        type_of_visit: input.type_of_visit,
        purpose_for_visit: input.purpose_for_visit.trim(),
        amount_minor: amount,
        currency,
        payment_method: method,
        doctor_distance: input.doctorDistance === undefined || input.doctorDistance === null ? null : String(input.doctorDistance),
      });
      const [payment] = await tx
        .insert(payments)
        .values({
          booking_id: booking.id,
          gateway: gatewayName,
          payment_method: method,
          // Replaced by the gateway's id once it answers; the gateway also echoes our payment id.
          external_id: `pending:${randomUUID()}`,
          amount_minor: amount,
          currency,
          customer_email: patient.email,
        })
        .returning();
      return { booking, payment: payment! };
    });
    const d = describeSlot(ctx);
    const description = `Appointment with ${d.doctor}, ${d.date} ${d.timeRange.split(' - ')[0]}`;
    return { patient, ctx, booking, payment, amount, currency, description };
  }

  private async attachExternalId(paymentId: string, externalId: string) {
    await this.db.update(payments).set({ external_id: externalId, updatedAt: new Date() }).where(eq(payments.id, paymentId));
  }

  private async failStart(paymentId: string, err: unknown, what: string): Promise<never> {
    await this.db.update(payments).set({ status: 'FAILED', updatedAt: new Date() }).where(eq(payments.id, paymentId));
    this.deps.log.warn({ paymentId, err: err instanceof Error ? err.message : String(err) }, `${what} failed`);
    throw new PaymentGatewayError(
      err instanceof GatewayError && err.statusCode < 500 ? err.message : 'We could not reach the payment service. Please try again.',
    );
  }

  async createCardCheckout(patientId: string, input: CheckoutInput) {
    const gateway = this.deps.gateways.card;
    const started = await this.startPayment(patientId, input, 'stripe', gateway.name);
    let session: { id: string; clientSecret: string };
    try {
      session = await gateway.createCheckoutSession({
        amountMinor: started.amount,
        currency: started.currency,
        description: started.description,
        customerEmail: started.patient.email,
        idempotencyKey: `checkout:${started.payment.id}`,
        expiresAt: started.booking.hold_expires_at!,
        returnUrl: `${this.publicUrl()}/return?session_id={CHECKOUT_SESSION_ID}`,
        metadata: { payment_id: started.payment.id, booking_id: started.booking.id },
      });
    } catch (err) {
      return this.failStart(started.payment.id, err, 'checkout session');
    }
    await this.attachExternalId(started.payment.id, session.id);
    return {
      clientSecret: session.clientSecret,
      sessionId: session.id,
      gateway: gateway.name,
      amount: started.amount,
      currency: started.currency,
      holdExpiresAt: started.booking.hold_expires_at!.toISOString(),
    };
  }

  async createWalletOrder(patientId: string, input: CheckoutInput) {
    const gateway = this.deps.gateways.wallet;
    const started = await this.startPayment(patientId, input, 'paypal', gateway.name);
    let order: { id: string };
    try {
      order = await gateway.createOrder({
        amountMinor: started.amount,
        currency: started.currency,
        description: started.description,
        idempotencyKey: `order:${started.payment.id}`,
        customId: started.payment.id,
      });
    } catch (err) {
      return this.failStart(started.payment.id, err, 'wallet order');
    }
    await this.attachExternalId(started.payment.id, order.id);
    return {
      orderID: order.id,
      gateway: gateway.name,
      amount: started.amount,
      currency: started.currency,
      holdExpiresAt: started.booking.hold_expires_at!.toISOString(),
    };
  }

  /**
   * Brings a PENDING payment up to date with its gateway and, once paid, confirms the booking (or
   * refunds a payment for a slot that was lost). Safe to call any number of times, from anywhere.
   */
  async settle(payment: PaymentRow): Promise<Settled> {
    if (payment.status !== 'PENDING') return payment.status as Settled;
    if (payment.external_id.startsWith('pending:')) return 'PENDING';
    let outcome:
      | { kind: 'paid'; captureId: string | null; email: string | null; amountMinor: number; currency: string }
      | { kind: 'failed'; releaseHold: boolean }
      | { kind: 'pending' };
    try {
      if (payment.payment_method === 'paypal') {
        const wallet = this.deps.gateways.walletByName(payment.gateway);
        let order = await wallet.getOrder(payment.external_id);
        if (order.status === 'APPROVED') order = await wallet.captureOrder(payment.external_id, `capture:${payment.id}`);
        if (order.status === 'COMPLETED') {
          outcome = {
            kind: 'paid',
            captureId: order.captureId,
            email: order.payerEmail,
            amountMinor: order.amountMinor,
            currency: order.currency,
          };
        } else if (order.status === 'CANCELLED' || order.status === 'DECLINED') {
          outcome = { kind: 'failed', releaseHold: false };
        } else outcome = { kind: 'pending' };
      } else {
        const card = this.deps.gateways.cardByName(payment.gateway);
        const s = await card.retrieveCheckoutSession(payment.external_id);
        if (s.paid) {
          outcome = { kind: 'paid', captureId: s.captureId, email: s.customerEmail, amountMinor: s.amountMinor, currency: s.currency };
        } else if (s.status === 'expired') outcome = { kind: 'failed', releaseHold: true };
        else outcome = { kind: 'pending' };
      }
    } catch (err) {
      if (err instanceof GatewayError && err.statusCode < 500) {
        this.deps.log.warn({ paymentId: payment.id, err: err.message }, 'gateway refused a status check');
        return 'PENDING';
      }
      throw new PaymentGatewayError('We could not reach the payment service. Please try again.');
    }
    if (outcome.kind === 'pending') return 'PENDING';
    if (outcome.kind === 'failed') return this.failPayment(payment, outcome.releaseHold);
    return this.completePayment(payment.id, outcome);
  }

  private async failPayment(payment: PaymentRow, releaseHold: boolean): Promise<Settled> {
    return this.db.transaction(async (tx) => {
      const [p] = await tx.select().from(payments).where(eq(payments.id, payment.id)).for('update');
      if (!p || p.status !== 'PENDING') return (p?.status ?? 'FAILED') as Settled;
      await tx.update(payments).set({ status: 'FAILED', updatedAt: new Date() }).where(eq(payments.id, p.id));
      if (releaseHold) {
        // The checkout expired: its hold ends too, unless another payment for it is still open.
        await tx.execute(sql`
          update bookings set status = 'Expired', updated_at = now()
          where id = ${p.booking_id} and status = 'Held'
            and not exists (select 1 from payments where booking_id = ${p.booking_id} and status = 'PENDING')`);
      }
      return 'FAILED' as const;
    });
  }

  /** Payment success: in ONE transaction the hold becomes Booked, the payment COMPLETED and the e-mails queued. */
  private async completePayment(
    paymentId: string,
    paid: { captureId: string | null; email: string | null; amountMinor: number; currency: string },
  ): Promise<Settled> {
    const result = await this.db.transaction(async (tx) => {
      const now = new Date();
      const [p] = await tx.select().from(payments).where(eq(payments.id, paymentId)).for('update');
      if (!p) throw new NotFoundError('Payment not found.');
      if (p.status !== 'PENDING') return { status: p.status as Settled };
      const [first] = await tx.select().from(bookings).where(eq(bookings.id, p.booking_id));
      const slot = await lockSlot(tx, first!.slot_id);
      await expireStaleHolds(tx, first!.slot_id, now);
      const [booking] = await tx.select().from(bookings).where(eq(bookings.id, p.booking_id)).for('update');
      const ctx = (await loadSlotContext(tx, booking!.slot_id))!;
      const patient = booking!.patient_id ? await patientById(tx, booking!.patient_id) : null;
      const amountMatches = paid.amountMinor === p.amount_minor && paid.currency.toUpperCase() === p.currency;
      let confirm = false;
      if (amountMatches && slot && slot.status === 'open' && slot.starts_at > now) {
        if (booking!.status === 'Held') confirm = true;
        else if (booking!.status === 'Expired') confirm = !(await activeBookingForSlot(tx, slot.id));
      }
      const people: MailPeople | null = patient?.email
        ? { patient: { ...patient, email: patient.email }, from: this.deps.config.MAIL_FROM, publicUrl: this.publicUrl() }
        : null;
      if (confirm) {
        const [booked] = await tx
          .update(bookings)
          .set({ status: 'Booked', hold_expires_at: null, payment_method: p.payment_method, amount_minor: p.amount_minor, updatedAt: now })
          .where(eq(bookings.id, booking!.id))
          .returning();
        await tx
          .update(payments)
          .set({ status: 'COMPLETED', capture_id: paid.captureId, customer_email: paid.email ?? p.customer_email, updatedAt: now })
          .where(eq(payments.id, p.id));
        if (booking!.patient_id) {
          await tx
            .update(otpCodes)
            .set({ consumed_at: now })
            .where(and(eq(otpCodes.patient_id, booking!.patient_id), isNull(otpCodes.consumed_at)));
        }
        if (people) {
          await enqueueMail(tx, confirmationMail(ctx, booked!, people));
          const notice = providerNoticeMail(ctx, booked!, people);
          if (notice) await enqueueMail(tx, notice);
        }
        return { status: 'COMPLETED' as const };
      }
      // Paid for a slot that was lost (or a second payment for one booking): refund it, tell the patient.
      await tx
        .update(payments)
        .set({
          status: 'REFUND_PENDING',
          capture_id: paid.captureId,
          amount_minor: paid.amountMinor,
          customer_email: paid.email ?? p.customer_email,
          // updated_at doubles as the refund worker's next-attempt time: due at once.
          updatedAt: new Date(0),
        })
        .where(eq(payments.id, p.id));
      if (people) await enqueueMail(tx, refundMail(ctx, booking!, people, paid.amountMinor));
      return { status: 'REFUND_PENDING' as const };
    });
    this.deps.kickOutbox();
    if (result.status === 'REFUND_PENDING') this.deps.kickRefunds();
    return result.status;
  }

  async paymentStatus(patientId: string, orderId: string): Promise<PaymentStatus> {
    const row = await paymentForPatient(this.db, orderId, patientId);
    if (!row) throw new NotFoundError('Payment not found.');
    return clientStatus(await this.settle(row.payment));
  }

  async verifyPayment(patientId: string, userId: string, orderId: string) {
    if (userId !== patientId) throw new ForbiddenError('You can only verify your own payments.');
    const row = await paymentForPatient(this.db, orderId, patientId);
    if (!row) throw new NotFoundError(bookingMessages.verificationFailed);
    const settled = await this.settle(row.payment);
    const status = clientStatus(settled);
    const message =
      settled === 'COMPLETED'
        ? undefined
        : settled === 'PENDING'
          ? bookingMessages.processing
          : settled === 'FAILED'
            ? bookingMessages.paymentFailed
            : bookingMessages.slotTaken;
    return { success: status === 'COMPLETED', status, ...(message ? { message } : {}) };
  }

  async sessionStatus(patientId: string, sessionId: string) {
    const row = await paymentForPatient(this.db, sessionId, patientId);
    if (!row || row.payment.payment_method !== 'stripe') throw new NotFoundError('That checkout session was not found.');
    const settled = await this.settle(row.payment);
    const session = await this.deps.gateways.cardByName(row.payment.gateway).retrieveCheckoutSession(sessionId);
    // A payment refunded because the slot was lost is not a successful checkout.
    const status = settled === 'REFUND_PENDING' || settled === 'REFUNDED' ? 'refunded' : session.status;
    return { status, customer_email: session.customerEmail ?? row.payment.customer_email };
  }

  /** A verified gateway notification. Replays are recognised by event id and change nothing. */
  async handleEvent(event: GatewayEvent): Promise<void> {
    if (!event.externalId || event.type === 'other') return;
    const [seen] = await this.db
      .select({ id: paymentEvents.id })
      .from(paymentEvents)
      .where(and(eq(paymentEvents.gateway, event.gateway), eq(paymentEvents.event_id, event.eventId)));
    if (seen) return;
    let payment = await paymentByExternalId(this.db, event.gateway, event.externalId);
    if (!payment && event.metadata?.payment_id) {
      // The gateway created the object but we crashed before storing its id: adopt it now.
      const [adopted] = await this.db
        .update(payments)
        .set({ external_id: event.externalId })
        .where(and(eq(payments.id, event.metadata.payment_id), sql`${payments.external_id} like 'pending:%'`))
        .returning();
      payment = adopted ?? null;
    }
    if (payment) await this.settle(payment);
    else this.deps.log.warn({ gateway: event.gateway, eventId: event.eventId }, 'payment event for an unknown payment');
    await this.db.insert(paymentEvents).values({ gateway: event.gateway, event_id: event.eventId, type: event.type }).onConflictDoNothing();
  }
}
