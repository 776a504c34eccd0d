import { z } from 'zod';
import { HISTORY_PAGE_SIZE, historyQuerySchema } from './appointments';
import { emailSchema, newPasswordSchema } from './auth';
import { blankable } from './blankable';
import { PAYMENT_METHODS } from './booking';

/**
 * The staff admin area (docs/staff-admin.md): roles and what each may do, the staff calls' bodies and answers, and
 * the texts the screens show. Shared by the API (which enforces the matrix) and the web app (which hides what a role
 * cannot do).
 */

export const STAFF_ROLES = ['superuser', 'admin', 'editor', 'author'] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];

/** One named permission per row of the role matrix. */
export const STAFF_PERMISSIONS = {
  readAdminHome: ['superuser', 'admin', 'editor', 'author'],
  uploadToGallery: ['superuser', 'admin', 'editor', 'author'],
  editHomepage: ['superuser', 'admin', 'editor'],
  verifyProviders: ['superuser', 'admin'],
  readPayments: ['superuser', 'admin'],
  readAuditLog: ['superuser', 'admin'],
  readPayouts: ['superuser', 'admin', 'editor', 'author'],
  managePayouts: ['superuser', 'admin'],
  manageStaff: ['superuser'],
} as const satisfies Record<string, readonly StaffRole[]>;
export type StaffPermission = keyof typeof STAFF_PERMISSIONS;

export function staffCan(role: string | null | undefined, permission: StaffPermission): boolean {
  return !!role && (STAFF_PERMISSIONS[permission] as readonly string[]).includes(role);
}

/** The one fixed homepage / gallery record id (docs/public-site.md, Home). */
export const HOMEPAGE_RECORD_ID = 1;
export const STAFF_PAGE_SIZE = HISTORY_PAGE_SIZE;
export const VERIFICATION_STATUSES = ['Verified', 'Unverified'] as const;
export type VerificationStatus = (typeof VERIFICATION_STATUSES)[number];

export const staffMessages = {
  loginFailed: 'Login failed',
  noResponse: 'Something went wrong. Try again.',
  allFieldsRequired: 'All fields are required.',
  selectRole: 'Please select a role.',
  roleUpdated: 'User role updated successfully!',
  roleUpdateFailed: 'Failed to update role.',
  addFailed: 'Failed to add user.',
  deleteQuestion: 'Are you sure you want to delete this ?',
  noStaff: 'No admin users found.',
  noHistory: 'No appointment history found.',
  noImages: 'No images found.',
  modalUpdated: 'Modal settings updated!',
  colorUpdated: 'Homepage color updated!',
  imageUpdated: 'Homepage image updated!',
  imageUploaded: (url: string) => `Image uploaded successfully: ${url}`,
  modalHeadingRequired: 'Please enter a heading for the modal.',
  modalDescriptionRequired: 'Please enter a description for the modal.',
  lastSuperuser: 'You are the last superuser: add another superuser before you change your own role or delete yourself.',
  forbidden: 'Your staff role does not allow this.',
} as const;

// ---- sign-in ----

export const staffLoginRequestSchema = z.object({
  email: emailSchema,
  password: z.string({ error: 'Enter your password.' }).min(1, 'Enter your password.').max(1024, 'That password is too long.'),
});
export type StaffLoginRequest = z.input<typeof staffLoginRequestSchema>;
export const staffAccessResponseSchema = z.object({
  access: z.string(),
  /** Who signed in, so the screens can hide what the role cannot do (the server checks again on every call). */
  role: z.enum(STAFF_ROLES),
  email: z.string(),
});
export type StaffAccessResponse = z.infer<typeof staffAccessResponseSchema>;

// ---- admin home ----

export const adminHomeResponseSchema = z.object({
  role: z.enum(STAFF_ROLES),
  email: z.string(),
  providers_awaiting_review: z.number().int(),
  companies_awaiting_review: z.number().int(),
  bookings_today: z.number().int(),
  /** This month's takings (completed payments), per currency, as '123.45'. */
  month_takings: z.array(z.object({ currency: z.string(), amount: z.string() })),
  refunds_this_month: z.number().int(),
  failed_payments_this_month: z.number().int(),
});
export type AdminHomeResponse = z.infer<typeof adminHomeResponseSchema>;

// ---- providers and companies ----

const pageSchema = blankable(
  z.coerce.number({ error: 'The page must be a number.' }).int('The page must be a whole number.').min(1, 'Pages start at 1.'),
);

export const staffProvidersQuerySchema = z.object({
  status: blankable(z.enum(VERIFICATION_STATUSES, { error: "Choose the status 'Verified' or 'Unverified'." })),
  search: blankable(z.string().trim().max(100, 'Search with at most 100 characters.')),
  region: blankable(z.enum(['uk', 'usa'], { error: 'Please choose a region: uk or usa.' })),
  regulator: blankable(z.enum(['gmc', 'gdc', 'npi'], { error: "Choose the regulator 'gmc', 'gdc' or 'npi'." })),
  page: pageSchema,
});
export type StaffProvidersQuery = z.input<typeof staffProvidersQuerySchema>;

export const staffProviderRowSchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string().nullable(),
  region: z.string(),
  regulator: z.string(),
  professional_body_name: z.string(),
  membership_number: z.string(),
  verification_status: z.string(),
  speciality: z.string(),
  created_at: z.string(),
});
export type StaffProviderRow = z.infer<typeof staffProviderRowSchema>;
export const staffProvidersResponseSchema = z.object({
  providers: z.array(staffProviderRowSchema),
  current_page: z.number().int(),
  total_pages: z.number().int(),
});
export type StaffProvidersResponse = z.infer<typeof staffProvidersResponseSchema>;

export const providerEvidenceSchema = staffProviderRowSchema.extend({
  phone_number: z.string().nullable(),
  qualifications: z.array(z.string()),
  company: z.string().nullable(),
  /** What the regulator's register answers for this number; null when it does not know the number. */
  register: z.object({ name: z.string(), registration_number: z.string() }).nullable(),
  /** The register could not be asked just now (time-out, error): nothing is known, which is not a mismatch. */
  register_unavailable: z.boolean(),
  /** Trimmed number equal, and full name equal once whitespace is collapsed and case ignored (docs/staff-admin.md). */
  number_matches: z.boolean(),
  name_matches: z.boolean(),
  /** The public register's page for this number. */
  register_url: z.string().nullable(),
  /** The last automatic check (at registration or the daily re-check): its reason in plain words, when, and where. */
  last_check: z.object({ reason: z.string(), checked_at: z.string(), source: z.string().nullable() }).nullable(),
});
export type ProviderEvidence = z.infer<typeof providerEvidenceSchema>;

export const verificationRequestSchema = z.object({
  verification_status: z.enum(VERIFICATION_STATUSES, { error: "verification_status must be 'Verified' or 'Unverified'." }),
});
export const verificationResponseSchema = z.object({
  status: z.literal(true),
  id: z.string(),
  verification_status: z.enum(VERIFICATION_STATUSES),
  message: z.string(),
});

export const staffCompaniesQuerySchema = z.object({
  status: blankable(z.enum(VERIFICATION_STATUSES, { error: "Choose the status 'Verified' or 'Unverified'." })),
  page: pageSchema,
});
export const staffCompanyRowSchema = z.object({
  id: z.string(),
  name: z.string(),
  region: z.string(),
  registration_number: z.string().nullable(),
  verification_status: z.string(),
  providers: z.number().int(),
  created_at: z.string(),
});
export type StaffCompanyRow = z.infer<typeof staffCompanyRowSchema>;
export const staffCompaniesResponseSchema = z.object({
  companies: z.array(staffCompanyRowSchema),
  current_page: z.number().int(),
  total_pages: z.number().int(),
});
export type StaffCompaniesResponse = z.infer<typeof staffCompaniesResponseSchema>;

// ---- payments history ----

export const PAYMENT_SORT_BY = ['date', 'amount'] as const;
export const paymentsHistoryQuerySchema = historyQuerySchema.omit({ ProviderRegion: true }).extend({
  payment_method: blankable(z.enum(PAYMENT_METHODS, { error: "Choose the payment method 'stripe' or 'paypal'." })),
  sort_by: blankable(z.enum(PAYMENT_SORT_BY, { error: "Sort by 'date' or 'amount'." })),
});
export type PaymentsHistoryQuery = z.input<typeof paymentsHistoryQuerySchema>;

export const paymentsHistoryRowSchema = z.object({
  id: z.string(),
  user_id: z.string().nullable(),
  user_name: z.string().nullable(),
  doctor_name: z.string().nullable(),
  doctor_region: z.string().nullable(),
  /** DD/MM/YYYY and 'h:mm AM/PM' in the clinic's zone. */
  date: z.string().nullable(),
  start_time: z.string().nullable(),
  /** '45.00'; null when missing (shown '0.00'). */
  amount: z.string().nullable(),
  payment_method: z.string().nullable(),
  status: z.string(),
});
export type PaymentsHistoryRow = z.infer<typeof paymentsHistoryRowSchema>;
export const paymentsHistoryResponseSchema = z.object({
  appointments: z.array(paymentsHistoryRowSchema),
  current_page: z.number().int(),
  total_pages: z.number().int(),
});
export type PaymentsHistoryResponse = z.infer<typeof paymentsHistoryResponseSchema>;

// ---- super users ----

/** A staff user: `_id` as the product's staff records name it, and `id` (the same value) as our other answers do. */
export const staffUserSchema = z.object({
  _id: z.string(),
  id: z.string(),
  email: z.string(),
  role: z.enum(STAFF_ROLES),
  created_at: z.string(),
});
export type StaffUser = z.infer<typeof staffUserSchema>;
export const staffUsersResponseSchema = z.object({ data: z.array(staffUserSchema) });

const roleSchema = z.enum(STAFF_ROLES, { error: staffMessages.selectRole });
export const addStaffUserRequestSchema = z.object({
  email: emailSchema,
  role: roleSchema,
  password: newPasswordSchema,
});
export type AddStaffUserRequest = z.input<typeof addStaffUserRequestSchema>;
export const updateStaffRoleRequestSchema = z.object({ id: z.uuid('That is not a staff user id.'), role: roleSchema });
/** The staff record as the list gave it; only its id counts. */
export const deleteStaffUserRequestSchema = z.looseObject({ id: z.uuid('That is not a staff user id.') });
export const staffUserResponseSchema = z.object({ status: z.literal(true), message: z.string(), data: staffUserSchema });
export const staffMessageResponseSchema = z.object({ status: z.literal(true), message: z.string() });

// ---- homepage and gallery ----

export const HEX_COLOR = /^#[0-9a-fA-F]{6}$/;
export const DEFAULT_HOMEPAGE_COLOR = '#ffffff';
/** The colour the picker itself starts on before a colour is chosen. */
export const PICKER_COLOR = '#7b3fe4';
export const homepageIdParamSchema = z.object({
  id: z.coerce.number({ error: 'The record id must be a number.' }).int('The record id must be a whole number.'),
});
export const homepageColorRequestSchema = z.object({
  color: z.string({ error: 'Choose a colour.' }).trim().regex(HEX_COLOR, 'Choose a colour as #rrggbb, for example #ffffff.'),
});
export const homepageImageRequestSchema = z.object({
  image_url: z
    .string({ error: 'Choose an image from the gallery.' })
    .trim()
    .min(1, 'Choose an image from the gallery.')
    .max(500, 'Choose an image from the gallery.'),
});
export const modalSettingsSchema = z.object({
  modal_heading: z
    .string({ error: staffMessages.modalHeadingRequired })
    .trim()
    .min(1, staffMessages.modalHeadingRequired)
    .max(120, 'The heading can be at most 120 characters.'),
  modal_description: z
    .string({ error: staffMessages.modalDescriptionRequired })
    .trim()
    .min(1, staffMessages.modalDescriptionRequired)
    .max(1000, 'The description can be at most 1000 characters.'),
  show_modal: z.preprocess((v) => v === true || v === 'true' || v === 'on' || v === '1', z.boolean()),
});
export const staffHomepageResponseSchema = z.object({
  id: z.number().int(),
  image_url: z.string(),
  color: z.string(),
  modal_image: z.string().nullable(),
  show_modal: z.boolean(),
  modal_heading: z.string(),
  modal_description: z.string(),
});
export type StaffHomepage = z.infer<typeof staffHomepageResponseSchema>;
export const galleryResponseSchema = z.object({
  items: z.array(z.object({ id: z.number().int(), image_url: z.string(), created_at: z.string() })),
});
export type GalleryResponse = z.infer<typeof galleryResponseSchema>;
export const galleryUploadResponseSchema = z.object({ image_url: z.string() });

// ---- audit log ----

export const auditQuerySchema = z.object({
  page: pageSchema,
  actor: blankable(z.string().trim().max(254)),
  action: blankable(z.string().trim().max(60)),
  entity_id: blankable(z.string().trim().max(100)),
});
export type AuditQuery = z.input<typeof auditQuerySchema>;
export const auditEntrySchema = z.object({
  id: z.number().int(),
  actor_type: z.string(),
  actor_id: z.string().nullable(),
  actor_email: z.string().nullable(),
  action: z.string(),
  entity_type: z.string().nullable(),
  entity_id: z.string().nullable(),
  before: z.record(z.string(), z.unknown()).nullable(),
  after: z.record(z.string(), z.unknown()).nullable(),
  request_id: z.string().nullable(),
  created_at: z.string(),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;
export const auditLogResponseSchema = z.object({
  entries: z.array(auditEntrySchema),
  current_page: z.number().int(),
  total_pages: z.number().int(),
});
export type AuditLogResponse = z.infer<typeof auditLogResponseSchema>;
