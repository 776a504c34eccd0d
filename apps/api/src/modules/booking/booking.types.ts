import type { FastifyBaseLogger } from 'fastify';
import type { BookingAttempt, TypeOfVisit } from '@careslot/contracts/booking';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import type { PaymentsPort } from '../payments/payments.types';

/** What every booking step needs, built once by the booking routes (decision 023). */
export interface BookingDeps {
  db: Db;
  config: Pick<Config, 'JWT_SECRET' | 'PUBLIC_URL' | 'PORT' | 'MAIL_FROM' | 'PLATFORM_FEE_BPS' | 'PLATFORM_FEE_FIXED_MINOR'>;
  /** The narrow port of the payments module: start a checkout, ask a gateway, wake the refunds. */
  payments: PaymentsPort;
  log: Pick<FastifyBaseLogger, 'warn'>;
  /** Wakes the outbox workers (mail and texts) after a transaction that queued messages. */
  kickOutbox(): void;
  /** Wakes the reminder worker after a booking whose reminder may be due at once. */
  kickReminders(): void;
}

/** The card or wallet checkout's body: the booking attempt and what the patient chose. */
export interface CheckoutInput extends BookingAttempt {
  type_of_visit: TypeOfVisit;
  purpose_for_visit: string;
  doctorDistance?: string | number | null;
}

/** A payment record's status (payments.status). */
export type PaymentRecordStatus = 'PENDING' | 'COMPLETED' | 'FAILED' | 'REFUND_PENDING' | 'REFUNDED';

/** A slot held for a patient outside the web checkout (the FHIR door): the booking, until when, and where to pay. */
export interface HeldAppointment {
  bookingId: string;
  holdExpiresAt: Date;
  checkoutUrl: string;
}

/** Booking's entry points for a patient's appointments by id (docs/fhir.md), wired by booking.routes onto app.booking. */
export interface PatientAppointmentsPort {
  holdSlotForPatient(patientId: string, slotId: number): Promise<HeldAppointment>;
  cancelForPatient(
    patientId: string,
    bookingId: string,
    reason: string | null,
  ): Promise<{ id: string; status: string; refund: { amount: string; currency: string } | null }>;
  rescheduleForPatient(patientId: string, bookingId: string, toSlotId: number): Promise<{ id: string }>;
}
