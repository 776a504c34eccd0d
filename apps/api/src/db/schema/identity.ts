import { sql } from 'drizzle-orm';
import { boolean, check, date, index, pgTable, text, timestamp, uniqueIndex, uuid, doublePrecision } from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from './common';

export const patients = pgTable(
  'patients',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Stored lowercased. Null once the account is deleted (history is kept, anonymised). */
    email: text('email'),
    password_hash: text('password_hash'),
    first_name: text('first_name').notNull(),
    last_name: text('last_name').notNull(),
    phone_number: text('phone_number'),
    /** Opted in to appointment reminders by text on the profile; a STOP reply turns it off. */
    sms_opt_in: boolean('sms_opt_in').notNull().default(false),
    date_of_birth: date('date_of_birth'),
    temp_distance: doublePrecision('temp_distance'),
    profile_image: text('profile_image'),
    email_verified_at: timestamp('email_verified_at', { withTimezone: true }),
    deleted_at: timestamp('deleted_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('patients_email_uq').on(t.email)],
);

export const STAFF_ROLES = ['superuser', 'admin', 'editor', 'author'] as const;

export const staffUsers = pgTable(
  'staff_users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    email: text('email').notNull(),
    password_hash: text('password_hash').notNull(),
    role: text('role').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('staff_users_email_uq').on(t.email),
    check('staff_users_role_ck', sql`${t.role} in ('superuser','admin','editor','author')`),
  ],
);

/** Opaque refresh tokens, stored hashed; rotated on every use; a replay revokes the family. */
export const refreshTokens = pgTable(
  'refresh_tokens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    family_id: uuid('family_id').notNull(),
    /** 'patient' | 'provider' | 'staff' */
    subject_type: text('subject_type').notNull(),
    subject_id: uuid('subject_id').notNull(),
    token_hash: text('token_hash').notNull(),
    expires_at: timestamp('expires_at', { withTimezone: true }).notNull(),
    used_at: timestamp('used_at', { withTimezone: true }),
    revoked_at: timestamp('revoked_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('refresh_tokens_hash_uq').on(t.token_hash),
    index('refresh_tokens_family_idx').on(t.family_id),
    index('refresh_tokens_subject_idx').on(t.subject_type, t.subject_id),
  ],
);

/** Single-use tokens e-mailed to people: e-mail verification and password reset. */
export const emailTokens = pgTable(
  'email_tokens',
  {
    token_hash: text('token_hash').primaryKey(),
    /** 'verify_email' | 'reset_password' */
    purpose: text('purpose').notNull(),
    subject_type: text('subject_type').notNull(),
    subject_id: uuid('subject_id').notNull(),
    expires_at: timestamp('expires_at', { withTimezone: true }).notNull(),
    used_at: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('email_tokens_subject_idx').on(t.subject_type, t.subject_id)],
);
