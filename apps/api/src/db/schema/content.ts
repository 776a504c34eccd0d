import { bigserial, boolean, integer, jsonb, pgTable, serial, text, timestamp, uuid, index } from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from './common';
import { patients } from './identity';

/** Homepage settings: one row, id HOMEPAGE_SETTINGS_ID (one fixed record id: docs/public-site.md, Home). */
export const homepageSettings = pgTable('homepage_settings', {
  id: integer('id').primaryKey(),
  image_url: text('image_url').notNull(),
  color: text('color').notNull().default('#ffffff'),
  modal_image: text('modal_image'),
  show_modal: boolean('show_modal').notNull().default(false),
  modal_heading: text('modal_heading').notNull().default(''),
  modal_description: text('modal_description').notNull().default(''),
  updatedAt: updatedAt(),
});

export const galleryImages = pgTable('gallery_images', {
  id: serial('id').primaryKey(),
  settings_id: integer('settings_id').notNull(),
  image_url: text('image_url').notNull(),
  createdAt: createdAt(),
});

export const contactMessages = pgTable('contact_messages', {
  id: uuid('id').primaryKey().defaultRandom(),
  first_name: text('first_name').notNull(),
  last_name: text('last_name').notNull(),
  email: text('email').notNull(),
  message: text('message').notNull(),
  createdAt: createdAt(),
});

/**
 * Append-only record of staff actions and refunds (docs/staff-admin.md, Audit log): who (actor), what (action on an
 * entity), before and after, when, and the request id. A trigger refuses UPDATE and DELETE; refunds are written by a
 * trigger on payments.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    /** 'staff' | 'system' */
    actor_type: text('actor_type').notNull(),
    actor_id: text('actor_id'),
    /** The actor's e-mail at the time (staff), so the row reads the same after the account is deleted. */
    actor_email: text('actor_email'),
    action: text('action').notNull(),
    entity_type: text('entity_type'),
    entity_id: text('entity_id'),
    before: jsonb('before').$type<Record<string, unknown> | null>(),
    after: jsonb('after').$type<Record<string, unknown> | null>(),
    request_id: text('request_id'),
    detail: jsonb('detail').$type<Record<string, unknown>>().notNull().default({}),
    createdAt: createdAt(),
  },
  (t) => [
    index('audit_log_actor_idx').on(t.actor_type, t.actor_id),
    index('audit_log_created_idx').on(t.createdAt),
    index('audit_log_entity_idx').on(t.entity_id),
  ],
);

/**
 * Chat assistant conversations (docs/chat.md): the id is random and unguessable; a signed-in patient's conversation is
 * tied to them; `state` holds what a search still lacks between turns. Deleted 30 days after last use.
 */
export const chatSessions = pgTable(
  'chat_sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    messages: jsonb('messages').$type<{ role: string; text: string; at: string; reply?: unknown }[]>().notNull().default([]),
    patient_id: uuid('patient_id').references(() => patients.id, { onDelete: 'cascade' }),
    region: text('region').notNull().default('uk'),
    state: jsonb('state').$type<Record<string, unknown>>().notNull().default({}),
    createdAt: createdAt(),
    last_seen_at: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('chat_sessions_patient_idx').on(t.patient_id), index('chat_sessions_last_seen_idx').on(t.last_seen_at)],
);
