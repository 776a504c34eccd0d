import { cancellationPolicySchema, reminderViewSchema } from './after-booking';
import { z } from 'zod';
import { PASSWORD_MAX, dateOfBirthSchema, newPasswordSchema, personNameSchema, phoneNumberSchema } from './auth';

/** Patient profile calls (docs/accounts.md): details, picture, password, data export, deletion, appointments. */

export const PROFILE_IMAGE_MAX_BYTES = 5 * 1024 * 1024;
export const PROFILE_IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;

export const userIdParamSchema = z.object({ userId: z.uuid('That account id is not valid.') });

export const userDetailsSchema = z.object({
  status: z.literal(true),
  user_id: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  email: z.string(),
  phone_number: z.string().nullable(),
  /** Appointment reminders by text to phone_number as well as by e-mail (opt-in; a STOP reply turns it off). */
  sms_opt_in: z.boolean(),
  date_of_birth: z.string().nullable(),
  temp_distance: z.number().nullable(),
  /** Path under the site root, e.g. /uploads/profile/….webp; null when none was uploaded. */
  profile_image: z.string().nullable(),
  email_verified: z.boolean(),
  created_at: z.string(),
});
export type UserDetails = z.infer<typeof userDetailsSchema>;

/** The e-mail address is not editable here: changing it needs a new verification (see docs/accounts.md). */
export const updateProfileRequestSchema = z.object({
  first_name: personNameSchema('first name'),
  last_name: personNameSchema('last name'),
  phone_number: phoneNumberSchema,
  date_of_birth: dateOfBirthSchema,
  /** Reminders by text too; absent: unchanged (a changed number is opted out until ticked again). */
  sms_opt_in: z.boolean().optional(),
});
export type UpdateProfileRequest = z.input<typeof updateProfileRequestSchema>;

export const changePasswordRequestSchema = z
  .object({
    current_password: z.string({ error: 'Enter your current password.' }).min(1, 'Enter your current password.').max(1024),
    new_password: newPasswordSchema,
    confirm_password: z
      .string({ error: 'Confirm your new password.' })
      .min(1, 'Confirm your new password.')
      .max(PASSWORD_MAX, 'The passwords do not match.'),
  })
  .refine((v) => v.new_password === v.confirm_password, { path: ['confirm_password'], message: 'The passwords do not match.' })
  .refine((v) => v.new_password !== v.current_password, {
    path: ['new_password'],
    message: 'Choose a password different from your current one.',
  });
export type ChangePasswordRequest = z.input<typeof changePasswordRequestSchema>;

export const deleteAccountRequestSchema = z.object({
  password: z.string({ error: 'Enter your password to confirm.' }).min(1, 'Enter your password to confirm.').max(1024),
  /** The person typed DELETE to confirm. */
  confirm: z.literal('DELETE', { error: 'Type DELETE to confirm.' }),
});
export type DeleteAccountRequest = z.input<typeof deleteAccountRequestSchema>;

export const profileImageResponseSchema = z.object({ status: z.literal(true), profile_image: z.string() });
export type ProfileImageResponse = z.infer<typeof profileImageResponseSchema>;

export const appointmentSchema = z.object({
  id: z.string(),
  status: z.string(),
  provider_id: z.string(),
  doctor_name: z.string(),
  speciality: z.string().nullable(),
  profile_image: z.string().nullable(),
  hospital_name: z.string(),
  hospital_location: z.string(),
  region: z.string(),
  /** UTC instants; show them in `time_zone`. */
  starts_at: z.string(),
  ends_at: z.string(),
  time_zone: z.string(),
  amount: z.number(),
  currency: z.string(),
  payment_method: z.string(),
  type_of_visit: z.string(),
  /** DD/MM/YYYY and 'h:mm AM/PM' in the clinic's zone: what the cancellation call takes back. */
  date: z.string(),
  start_time: z.string(),
  /** The patient's cancellation terms now, for a booked appointment not yet started; null otherwise. */
  cancellation: cancellationPolicySchema.nullable(),
  /** The booking's planned reminders: what, when, sent or not (none once cancelled). */
  reminders: z.array(reminderViewSchema),
});
export type Appointment = z.infer<typeof appointmentSchema>;

export const userAppointmentsResponseSchema = z.object({
  status: z.literal(true),
  upcoming: z.array(appointmentSchema),
  past: z.array(appointmentSchema),
});
export type UserAppointmentsResponse = z.infer<typeof userAppointmentsResponseSchema>;
