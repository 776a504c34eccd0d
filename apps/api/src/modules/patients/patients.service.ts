import { randomBytes } from 'node:crypto';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { fileTypeFromBuffer } from 'file-type';
import sharp from 'sharp';
import { and, eq, isNull } from 'drizzle-orm';
import { PROFILE_IMAGE_TYPES, type Appointment, type UserDetails } from '@careslot/contracts/patients';
import { refreshTokens } from '../../db/schema/identity';
import { AppError, ConflictError, ForbiddenError, UnauthorizedError, ValidationError } from '../../lib/errors';
import { DEMO_ACCOUNTS } from '../../db/seed/seed';
import { hashPassword, verifyPassword } from '../../lib/password';
import { enqueueMail } from '../mail/mail.service';
import { accountDeletedMail, passwordChangedMail } from '../auth/auth.mail';
import { revokeAllForSubject } from '../auth/auth.repository';
import { startSession, type Session } from '../auth/auth.sessions';
import { anonymisePatient, countUpcomingBooked, findPatient, listPatientBookings, updatePatient } from './patients.repository';
import { hospitalLocation } from '../../lib/hospital-location';

export const PROFILE_IMAGE_SIZE = 512;
export const PROFILE_UPLOAD_FOLDER = 'profile';

export function uploadsRoot(app: FastifyInstance): string {
  return path.resolve(app.config.DATA_DIR, 'uploads');
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
    date_of_birth: row.date_of_birth,
    temp_distance: row.temp_distance,
    profile_image: row.profile_image,
    email_verified: !!row.email_verified_at,
    created_at: row.createdAt.toISOString(),
  };
}

/** The access token outlives nothing: a deleted account's token finds no row. */
export async function loadPatient(app: FastifyInstance, id: string): Promise<PatientRow> {
  const row = await findPatient(app.db, id);
  if (!row) throw new UnauthorizedError('Your account no longer exists. Please sign in again.');
  return row;
}

/**
 * Accepts JPEG, PNG or WebP judged by their bytes (never the name or the declared type), re-encodes to a
 * 512 px square WebP (which also drops EXIF data such as GPS position) under DATA_DIR/uploads/profile/.
 */
export async function saveProfileImage(app: FastifyInstance, patientId: string, data: Buffer): Promise<string> {
  const type = await fileTypeFromBuffer(data);
  if (!type || !(PROFILE_IMAGE_TYPES as readonly string[]).includes(type.mime)) {
    throw new AppError(415, 'Choose a JPEG, PNG or WebP picture.', 'UNSUPPORTED_IMAGE');
  }
  let output: Buffer;
  try {
    output = await sharp(data, { limitInputPixels: 40_000_000 })
      .rotate()
      .resize(PROFILE_IMAGE_SIZE, PROFILE_IMAGE_SIZE, { fit: 'cover', position: 'attention' })
      .webp({ quality: 82 })
      .toBuffer();
  } catch {
    throw new AppError(415, 'That picture could not be read. Choose another JPEG, PNG or WebP file.', 'UNSUPPORTED_IMAGE');
  }
  const folder = path.join(uploadsRoot(app), PROFILE_UPLOAD_FOLDER);
  await mkdir(folder, { recursive: true });
  const name = `${randomBytes(16).toString('hex')}.webp`;
  await writeFile(path.join(folder, name), output);
  const publicPath = `/uploads/${PROFILE_UPLOAD_FOLDER}/${name}`;
  const before = await findPatient(app.db, patientId);
  const updated = await updatePatient(app.db, patientId, { profile_image: publicPath });
  if (!updated) {
    await removeUpload(app, publicPath);
    throw new UnauthorizedError('Your account no longer exists. Please sign in again.');
  }
  if (before?.profile_image) await removeUpload(app, before.profile_image);
  return publicPath;
}

async function removeUpload(app: FastifyInstance, publicPath: string): Promise<void> {
  if (!publicPath.startsWith('/uploads/')) return;
  const target = path.resolve(uploadsRoot(app), publicPath.slice('/uploads/'.length));
  if (!target.startsWith(uploadsRoot(app) + path.sep)) return;
  await rm(target, { force: true });
}

type BookingListRow = Awaited<ReturnType<typeof listPatientBookings>>[number];

/** One appointment as the profile screen and the data export show it. */
function toAppointment(r: BookingListRow): Appointment {
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
  };
}

export async function appointmentsOf(app: FastifyInstance, patientId: string) {
  const rows = await listPatientBookings(app.db, patientId);
  const now = Date.now();
  const upcoming: Appointment[] = [];
  const past: Appointment[] = [];
  for (const r of rows) {
    const a = toAppointment(r);
    if (r.status === 'Booked' && r.ends_at.getTime() > now) upcoming.push(a);
    else past.push(a);
  }
  past.reverse();
  return { upcoming, past };
}

export async function exportData(app: FastifyInstance, patientId: string) {
  const patient = await loadPatient(app, patientId);
  const bookingRows = await listPatientBookings(app.db, patientId);
  const sessions = await app.db
    .select({ created_at: refreshTokens.createdAt, expires_at: refreshTokens.expires_at })
    .from(refreshTokens)
    .where(
      and(
        eq(refreshTokens.subject_type, 'patient'),
        eq(refreshTokens.subject_id, patientId),
        isNull(refreshTokens.revoked_at),
        isNull(refreshTokens.used_at),
      ),
    );
  const { status: _status, ...account } = toUserDetails(patient);
  return {
    exported_at: new Date().toISOString(),
    service: 'CareSlot (CareSlot Health Ltd)',
    account,
    appointments: bookingRows.map((r) => ({
      ...toAppointment(r),
      purpose_for_visit: r.purpose_for_visit,
      booked_at: r.created_at.toISOString(),
    })),
    active_sessions: sessions.map((s) => ({ signed_in_at: s.created_at.toISOString(), expires_at: s.expires_at.toISOString() })),
  };
}

/** The shared demo account stays usable for the next visitor. */
function refuseForDemo(app: FastifyInstance, patient: PatientRow, what: string): void {
  if (app.config.DEMO_MODE && patient.email === DEMO_ACCOUNTS.patient.email) {
    throw new ForbiddenError(`The demo account is shared by everyone trying CareSlot, so it cannot be ${what}.`);
  }
}

/** Checks the current password, sets the new one, signs out every other device and starts a fresh session here. */
export async function changePassword(
  app: FastifyInstance,
  patientId: string,
  input: { current_password: string; new_password: string },
  signInUrl: string,
): Promise<Session> {
  const patient = await loadPatient(app, patientId);
  refuseForDemo(app, patient, 'given a new password');
  if (!patient.password_hash || !(await verifyPassword(patient.password_hash, input.current_password))) {
    throw new ValidationError('Your current password is not correct.', { current_password: 'Your current password is not correct.' });
  }
  if (input.new_password.trim().toLowerCase() === patient.email) {
    throw new ValidationError('Your password must not be your e-mail address.', {
      new_password: 'Your password must not be your e-mail address.',
    });
  }
  const passwordHash = await hashPassword(input.new_password);
  return app.db.transaction(async (tx) => {
    await updatePatient(tx, patientId, { password_hash: passwordHash });
    await revokeAllForSubject(tx, 'patient', patientId);
    if (patient.email) await enqueueMail(tx, passwordChangedMail(patient.email, patient.first_name, signInUrl));
    return startSession(app, tx, { type: 'patient', id: patientId, first_name: patient.first_name });
  });
}

export async function deleteAccount(app: FastifyInstance, patientId: string, password: string): Promise<void> {
  const patient = await loadPatient(app, patientId);
  refuseForDemo(app, patient, 'deleted');
  if (!patient.password_hash || !(await verifyPassword(patient.password_hash, password))) {
    throw new ValidationError('Your password is not correct.', { password: 'Your password is not correct.' });
  }
  if ((await countUpcomingBooked(app.db, patientId)) > 0) {
    throw new ConflictError(
      'You have upcoming appointments. Cancel them first, so that payments can be refunded, then delete your account.',
    );
  }
  await app.db.transaction(async (tx) => {
    await anonymisePatient(tx, patientId);
    await revokeAllForSubject(tx, 'patient', patientId);
    if (patient.email) await enqueueMail(tx, accountDeletedMail(patient.email, patient.first_name));
  });
  app.outbox.kick();
  if (patient.profile_image) await removeUpload(app, patient.profile_image);
}
