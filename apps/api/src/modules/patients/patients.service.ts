import { cancellationPolicy } from '@careslot/contracts/after-booking';
import { formatAmount } from '@careslot/contracts/money';
import { type Appointment, type UserDetails } from '@careslot/contracts/patients';
import { describeSlot } from '../availability/availability.service';
import type { Config } from '../../config';
import type { Db, Queryable } from '../../db/client';
import { ConflictError, ForbiddenError, UnauthorizedError, ValidationError } from '../../lib/errors';
import { DEMO_ACCOUNTS } from '../../db/seed/seed';
import { hashPassword, verifyPassword } from '../../lib/password';
import { enqueueMail } from '../mail/mail.service';
import {
  accountDeletedMail,
  activeSessions,
  passwordChangedMail,
  signOutEverywhere,
  startSession,
  type Session,
  type SessionDeps,
} from '../auth/auth.service';
import {
  anonymisePatient,
  countUpcomingBooked,
  findPatient,
  listPatientBookings,
  optInPhoneNumber,
  optOutPhoneNumber,
  remindersOfPatient,
  updatePatient,
} from './patients.repository';
import { hospitalLocation } from '../../lib/hospital-location';
import { removeUpload, storeProfileImage } from '../../lib/profile-image';

/** What the account operations need, built once by the patients routes. */
export interface PatientsDeps extends SessionDeps {
  db: Db;
  config: Config;
  /** Wakes the outbox worker after a transaction that queued mail. */
  kickOutbox(): void;
}

type PatientRow = NonNullable<Awaited<ReturnType<typeof findPatient>>>;

export function toUserDetails(row: PatientRow): UserDetails {
  return {
    status: true,
    user_id: row.id,
    first_name: row.first_name,
    last_name: row.last_name,
    email: row.email ?? '',
    phone_number: row.phone_number,
    sms_opt_in: row.sms_opt_in,
    date_of_birth: row.date_of_birth,
    temp_distance: row.temp_distance,
    profile_image: row.profile_image,
    email_verified: !!row.email_verified_at,
    created_at: row.createdAt.toISOString(),
  };
}

/** The access token outlives nothing: a deleted account's token finds no row. */
export async function loadPatient(db: Queryable, id: string): Promise<PatientRow> {
  const row = await findPatient(db, id);
  if (!row) throw new UnauthorizedError('Your account no longer exists. Please sign in again.');
  return row;
}

/** Name, phone number and date of birth, with the same rules as registration (validated by the route's schema). */
export async function updateProfile(
  db: Queryable,
  patientId: string,
  values: Pick<Parameters<typeof updatePatient>[2], 'first_name' | 'last_name' | 'phone_number' | 'date_of_birth' | 'sms_opt_in'>,
): Promise<UserDetails> {
  const before = await loadPatient(db, patientId);
  // Absent: unchanged. A new number is not opted in by the old number's consent.
  const sms_opt_in = values.sms_opt_in ?? (values.phone_number === before.phone_number ? before.sms_opt_in : false);
  const row = await updatePatient(db, patientId, { ...values, sms_opt_in });
  return toUserDetails(row!);
}

/** A STOP reply to a text: that number gets no more texts (docs/after-booking.md). */
export async function optOutOfTexts(db: Queryable, phoneNumber: string): Promise<number> {
  return optOutPhoneNumber(db, phoneNumber);
}

/** A START reply from a number: its holder asks for texts again (decision 080). Answers how many accounts have it. */
export async function optIntoTexts(db: Queryable, phoneNumber: string): Promise<number> {
  return optInPhoneNumber(db, phoneNumber);
}

/** A new profile picture (checked and resized by lib/profile-image.ts); the old one is deleted. */
export async function saveProfileImage(deps: PatientsDeps, patientId: string, data: Buffer): Promise<string> {
  const publicPath = await storeProfileImage(deps.config, data);
  const before = await findPatient(deps.db, patientId);
  const updated = await updatePatient(deps.db, patientId, { profile_image: publicPath });
  if (!updated) {
    await removeUpload(deps.config, publicPath);
    throw new UnauthorizedError('Your account no longer exists. Please sign in again.');
  }
  if (before?.profile_image) await removeUpload(deps.config, before.profile_image);
  return publicPath;
}

type BookingListRow = Awaited<ReturnType<typeof listPatientBookings>>[number];

/** One appointment as the profile screen and the data export show it. */
type ReminderRow = Awaited<ReturnType<typeof remindersOfPatient>>[number];

function remindersByBooking(rows: ReminderRow[]): Map<string, Appointment['reminders']> {
  const out = new Map<string, Appointment['reminders']>();
  for (const r of rows) {
    const list = out.get(r.booking_id) ?? [];
    list.push({ kind: r.kind === '7d' ? '7d' : '24h', channel: r.channel, due_at: r.due_at.toISOString(), sent: r.sent_at !== null });
    out.set(r.booking_id, list);
  }
  return out;
}

function toAppointment(r: BookingListRow, reminders: Appointment['reminders'] = [], now = new Date()): Appointment {
  const shown = describeSlot(r.starts_at, r.ends_at, r.time_zone);
  const policy =
    r.status === 'Booked' && r.starts_at > now ? cancellationPolicy(r.starts_at, now, r.cancellation_cutoff_hours, r.amount_minor) : null;
  return {
    id: r.id,
    status: r.status,
    provider_id: r.provider_id,
    doctor_name: `Dr ${r.first_name} ${r.last_name}`,
    speciality: r.speciality,
    profile_image: r.profile_image,
    hospital_name: r.hospital_name,
    hospital_location: hospitalLocation(r),
    region: r.region,
    starts_at: r.starts_at.toISOString(),
    ends_at: r.ends_at.toISOString(),
    time_zone: r.time_zone,
    amount: r.amount_minor / 100,
    currency: r.currency,
    payment_method: r.payment_method,
    type_of_visit: r.type_of_visit,
    date: shown.date,
    start_time: shown.time,
    cancellation: policy && {
      free_until: policy.free_until,
      cutoff_hours: policy.cutoff_hours,
      refundable: policy.refundable,
      refund_amount: formatAmount(policy.refund_minor),
      currency: r.currency,
    },
    reminders,
  };
}

export async function appointmentsOf(db: Queryable, patientId: string) {
  await loadPatient(db, patientId);
  const rows = await listPatientBookings(db, patientId);
  const reminders = remindersByBooking(await remindersOfPatient(db, patientId));
  const now = Date.now();
  const upcoming: Appointment[] = [];
  const past: Appointment[] = [];
  for (const r of rows) {
    const a = toAppointment(r, reminders.get(r.id));
    if (r.status === 'Booked' && r.ends_at.getTime() > now) upcoming.push(a);
    else past.push(a);
  }
  past.reverse();
  return { upcoming, past };
}

export async function exportData(db: Queryable, patientId: string) {
  const patient = await loadPatient(db, patientId);
  const bookingRows = await listPatientBookings(db, patientId);
  const reminders = remindersByBooking(await remindersOfPatient(db, patientId));
  const sessions = await activeSessions(db, { type: 'patient', id: patientId });
  const { status: _status, ...account } = toUserDetails(patient);
  return {
    exported_at: new Date().toISOString(),
    service: 'CareSlot (CareSlot Health Ltd)',
    account,
    appointments: bookingRows.map((r) => ({
      ...toAppointment(r, reminders.get(r.id)),
      purpose_for_visit: r.purpose_for_visit,
      booked_at: r.created_at.toISOString(),
    })),
    active_sessions: sessions.map((s) => ({ signed_in_at: s.created_at.toISOString(), expires_at: s.expires_at.toISOString() })),
  };
}

/** The shared demo account stays usable for the next visitor. */
function refuseForDemo(config: Pick<Config, 'DEMO_MODE'>, patient: PatientRow, what: string): void {
  if (config.DEMO_MODE && patient.email === DEMO_ACCOUNTS.patient.email) {
    throw new ForbiddenError(`The demo account is shared by everyone trying CareSlot, so it cannot be ${what}.`);
  }
}

/** Checks the current password, sets the new one, signs out every other device and starts a fresh session here. */
export async function changePassword(
  deps: PatientsDeps,
  patientId: string,
  input: { current_password: string; new_password: string },
  signInUrl: string,
): Promise<Session> {
  const patient = await loadPatient(deps.db, patientId);
  refuseForDemo(deps.config, patient, 'given a new password');
  if (!patient.password_hash || !(await verifyPassword(patient.password_hash, input.current_password))) {
    throw new ValidationError('Your current password is not correct.', { current_password: 'Your current password is not correct.' });
  }
  if (input.new_password.trim().toLowerCase() === patient.email) {
    throw new ValidationError('Your password must not be your e-mail address.', {
      new_password: 'Your password must not be your e-mail address.',
    });
  }
  const passwordHash = await hashPassword(input.new_password);
  const session = await deps.db.transaction(async (tx) => {
    await updatePatient(tx, patientId, { password_hash: passwordHash });
    await signOutEverywhere(tx, { type: 'patient', id: patientId });
    if (patient.email) await enqueueMail(tx, passwordChangedMail(patient.email, patient.first_name, signInUrl));
    return startSession(deps, tx, { type: 'patient', id: patientId, first_name: patient.first_name });
  });
  deps.kickOutbox();
  return session;
}

export async function deleteAccount(deps: PatientsDeps, patientId: string, password: string): Promise<void> {
  const patient = await loadPatient(deps.db, patientId);
  refuseForDemo(deps.config, patient, 'deleted');
  if (!patient.password_hash || !(await verifyPassword(patient.password_hash, password))) {
    throw new ValidationError('Your password is not correct.', { password: 'Your password is not correct.' });
  }
  if ((await countUpcomingBooked(deps.db, patientId)) > 0) {
    throw new ConflictError(
      'You have upcoming appointments. Cancel them first, so that payments can be refunded, then delete your account.',
    );
  }
  await deps.db.transaction(async (tx) => {
    await anonymisePatient(tx, patientId);
    await signOutEverywhere(tx, { type: 'patient', id: patientId });
    if (patient.email) await enqueueMail(tx, accountDeletedMail(patient.email, patient.first_name));
  });
  deps.kickOutbox();
  if (patient.profile_image) await removeUpload(deps.config, patient.profile_image);
}
