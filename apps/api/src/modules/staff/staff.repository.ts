import { and, asc, count, desc, eq, ilike, or, sql, type SQL } from 'drizzle-orm';
import type { Queryable } from '../../db/client';
import { auditLog, galleryImages, homepageSettings } from '../../db/schema/content';
import { staffUsers } from '../../db/schema/identity';
import { companies, providers, specialities } from '../../db/schema/providers';
import { rowsOf } from '../../db/rows';

/**
 * SQL of the staff admin area (docs/staff-admin.md). The reports (admin home, payments history) read bookings and
 * payments directly: they are read-only views across every provider, which no other module offers (decision 037).
 */

// ---- staff users ----

export type StaffRow = typeof staffUsers.$inferSelect;

export async function findStaffByEmail(q: Queryable, email: string): Promise<StaffRow | null> {
  const [row] = await q.select().from(staffUsers).where(eq(staffUsers.email, email)).limit(1);
  return row ?? null;
}

export async function findStaffById(q: Queryable, id: string): Promise<StaffRow | null> {
  const [row] = await q.select().from(staffUsers).where(eq(staffUsers.id, id)).limit(1);
  return row ?? null;
}

export async function listStaff(q: Queryable): Promise<StaffRow[]> {
  return q.select().from(staffUsers).orderBy(asc(staffUsers.createdAt), asc(staffUsers.email));
}

export async function insertStaff(q: Queryable, values: { email: string; role: string; password_hash: string }): Promise<StaffRow> {
  const [row] = await q.insert(staffUsers).values(values).returning();
  return row!;
}

export async function setStaffRole(q: Queryable, id: string, role: string): Promise<void> {
  await q.update(staffUsers).set({ role }).where(eq(staffUsers.id, id));
}

export async function deleteStaff(q: Queryable, id: string): Promise<void> {
  await q.delete(staffUsers).where(eq(staffUsers.id, id));
}

/** Takes every superuser row's lock, so two changes that would each leave one superuser cannot both pass. */
export async function lockSuperusers(q: Queryable): Promise<string[]> {
  const rows = await q.select({ id: staffUsers.id }).from(staffUsers).where(eq(staffUsers.role, 'superuser')).for('update');
  return rows.map((r) => r.id);
}

export async function lockStaff(q: Queryable, id: string): Promise<StaffRow | null> {
  const [row] = await q.select().from(staffUsers).where(eq(staffUsers.id, id)).for('update');
  return row ?? null;
}

// ---- providers and companies ----

export interface ProviderFilter {
  status: 'Verified' | 'Unverified';
  search?: string;
  region?: string;
  regulator?: string;
  limit: number;
  offset: number;
}

const providerColumns = {
  id: providers.id,
  first_name: providers.first_name,
  last_name: providers.last_name,
  email: providers.email,
  phone_number: providers.phone_number,
  region: providers.region,
  regulator: providers.regulator,
  professional_body_name: providers.professional_body_name,
  membership_number: providers.membership_number,
  verification_status: providers.verification_status,
  verification_reason: providers.verification_reason,
  register_evidence: providers.register_evidence,
  verification_checked_at: providers.verification_checked_at,
  qualifications: providers.qualifications,
  speciality: specialities.name,
  company_id: providers.company_id,
  created_at: providers.createdAt,
};

export async function listProviders(q: Queryable, f: ProviderFilter) {
  const where: SQL[] = [eq(providers.verification_status, f.status)];
  if (f.region) where.push(eq(providers.region, f.region));
  if (f.regulator) where.push(eq(providers.regulator, f.regulator));
  if (f.search) {
    const like = `%${f.search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    where.push(
      or(
        ilike(sql`${providers.first_name} || ' ' || ${providers.last_name}`, like),
        ilike(providers.membership_number, like),
        ilike(providers.email, like),
      )!,
    );
  }
  const rows = await q
    .select({ ...providerColumns, total: sql<number>`count(*) over ()`.mapWith(Number) })
    .from(providers)
    .innerJoin(specialities, eq(specialities.id, providers.speciality_id))
    .where(and(...where))
    .orderBy(desc(providers.createdAt), asc(providers.last_name), asc(providers.id))
    .limit(f.limit)
    .offset(f.offset);
  return rows;
}

export async function countProviders(q: Queryable, f: Omit<ProviderFilter, 'limit' | 'offset'>): Promise<number> {
  const rows = await listProviders(q, { ...f, limit: 1, offset: 0 });
  return rows[0]?.total ?? 0;
}

export async function findProvider(q: Queryable, id: string) {
  const [row] = await q
    .select({ ...providerColumns, company: companies.name })
    .from(providers)
    .innerJoin(specialities, eq(specialities.id, providers.speciality_id))
    .leftJoin(companies, eq(companies.id, providers.company_id))
    .where(eq(providers.id, id))
    .limit(1);
  return row ?? null;
}

export async function lockProviderStatus(q: Queryable, id: string) {
  const [row] = await q
    .select({
      id: providers.id,
      verification_status: providers.verification_status,
      email: providers.email,
      first_name: providers.first_name,
    })
    .from(providers)
    .where(eq(providers.id, id))
    .for('update');
  return row ?? null;
}

export async function setProviderStatus(q: Queryable, id: string, status: string): Promise<void> {
  await q
    .update(providers)
    .set({ verification_status: status, updatedAt: sql`now()` })
    .where(eq(providers.id, id));
}

export async function listCompanies(q: Queryable, f: { status: string; limit: number; offset: number }) {
  return q
    .select({
      id: companies.id,
      name: companies.name,
      region: companies.region,
      registration_number: companies.registration_number,
      verification_status: companies.verification_status,
      created_at: companies.createdAt,
      providers: sql<number>`(select count(*) from providers p where p.company_id = ${companies.id})`.mapWith(Number),
      total: sql<number>`count(*) over ()`.mapWith(Number),
    })
    .from(companies)
    .where(eq(companies.verification_status, f.status))
    .orderBy(desc(companies.createdAt), asc(companies.name))
    .limit(f.limit)
    .offset(f.offset);
}

export async function lockCompanyStatus(q: Queryable, id: string) {
  const [row] = await q
    .select({ id: companies.id, name: companies.name, verification_status: companies.verification_status })
    .from(companies)
    .where(eq(companies.id, id))
    .for('update');
  return row ?? null;
}

export async function setCompanyStatus(q: Queryable, id: string, status: string): Promise<void> {
  await q.update(companies).set({ verification_status: status }).where(eq(companies.id, id));
}

/** E-mail addresses of a company's providers, for the verification notice. */
export async function companyProviderEmails(q: Queryable, companyId: string) {
  return q
    .select({ email: providers.email, first_name: providers.first_name })
    .from(providers)
    .where(and(eq(providers.company_id, companyId), sql`${providers.email} is not null`));
}

// ---- reports ----

export interface PaymentsFilter {
  sort: 'asc' | 'desc';
  sortBy: 'date' | 'amount';
  paymentMethod?: string;
  month?: number;
  year?: number;
  limit: number | null;
  offset: number;
}

export interface PaymentsDbRow {
  id: string;
  user_id: string | null;
  patient_first_name: string | null;
  patient_last_name: string | null;
  doctor_first_name: string | null;
  doctor_last_name: string | null;
  doctor_region: string | null;
  starts_at: Date | string | null;
  ends_at: Date | string | null;
  time_zone: string | null;
  amount_minor: number | null;
  payment_method: string | null;
  status: string;
  total: number;
}

/** Paid appointments of every provider (never the holds of unfinished checkouts); Booked past its end reads Completed. */
export async function paymentsHistory(q: Queryable, f: PaymentsFilter): Promise<PaymentsDbRow[]> {
  const local = sql`(s.starts_at at time zone h.time_zone)`;
  const direction = f.sort === 'asc' ? sql`asc` : sql`desc`;
  const order = f.sortBy === 'amount' ? sql`b.amount_minor ${direction}, s.starts_at desc` : sql`s.starts_at ${direction}`;
  const result = await q.execute(sql`select b.id, b.patient_id as user_id, pa.first_name as patient_first_name,
      pa.last_name as patient_last_name, pr.first_name as doctor_first_name, pr.last_name as doctor_last_name,
      pr.region as doctor_region, s.starts_at, s.ends_at, h.time_zone, b.amount_minor, b.payment_method,
      case when b.status = 'Booked' and s.ends_at <= now() then 'Completed' else b.status end as status,
      count(*) over ()::int as total
    from bookings b
    join availability_slots s on s.id = b.slot_id
    join hospitals h on h.id = s.hospital_id
    left join providers pr on pr.id = b.provider_id
    left join patients pa on pa.id = b.patient_id
    where b.status not in ('Held', 'Expired')
      ${f.paymentMethod ? sql`and b.payment_method = ${f.paymentMethod}` : sql``}
      ${f.year ? sql`and extract(year from ${local}) = ${f.year}` : sql``}
      ${f.month ? sql`and extract(month from ${local}) = ${f.month}` : sql``}
    order by ${order}, b.id
    ${f.limit === null ? sql`` : sql`limit ${f.limit}`} offset ${f.offset}`);
  return rowsOf<PaymentsDbRow>(result);
}

/** The admin home's figures: "today" and "this month" in UTC. */
export async function homeFigures(q: Queryable) {
  const result = await q.execute(sql`select
      (select count(*)::int from providers where verification_status = 'Unverified') as providers_awaiting_review,
      (select count(*)::int from companies where verification_status = 'Unverified') as companies_awaiting_review,
      (select count(*)::int from bookings b join availability_slots s on s.id = b.slot_id
        where b.status not in ('Held', 'Expired')
          and s.starts_at >= date_trunc('day', now() at time zone 'UTC') at time zone 'UTC'
          and s.starts_at < (date_trunc('day', now() at time zone 'UTC') + interval '1 day') at time zone 'UTC') as bookings_today,
      (select count(*)::int from payments where status = 'REFUNDED'
        and updated_at >= date_trunc('month', now() at time zone 'UTC') at time zone 'UTC') as refunds_this_month,
      (select count(*)::int from payments where status = 'FAILED'
        and updated_at >= date_trunc('month', now() at time zone 'UTC') at time zone 'UTC') as failed_payments_this_month`);
  const takings = await q.execute(sql`select currency, sum(amount_minor)::bigint as minor from payments
    where status = 'COMPLETED' and created_at >= date_trunc('month', now() at time zone 'UTC') at time zone 'UTC'
    group by currency order by currency`);
  return {
    figures: rowsOf<Record<string, number>>(result)[0]!,
    takings: rowsOf<{ currency: string; minor: string | number }>(takings),
  };
}

// ---- homepage and gallery ----

export async function findHomepage(q: Queryable, id: number) {
  const [row] = await q.select().from(homepageSettings).where(eq(homepageSettings.id, id)).limit(1);
  return row ?? null;
}

export async function lockHomepage(q: Queryable, id: number) {
  const [row] = await q.select().from(homepageSettings).where(eq(homepageSettings.id, id)).for('update');
  return row ?? null;
}

export async function updateHomepage(q: Queryable, id: number, values: Partial<typeof homepageSettings.$inferInsert>): Promise<void> {
  await q
    .update(homepageSettings)
    .set({ ...values, updatedAt: sql`now()` })
    .where(eq(homepageSettings.id, id));
}

export async function listGallery(q: Queryable, settingsId: number) {
  return q
    .select()
    .from(galleryImages)
    .where(eq(galleryImages.settings_id, settingsId))
    .orderBy(desc(galleryImages.createdAt), desc(galleryImages.id));
}

export async function insertGalleryImage(q: Queryable, settingsId: number, imageUrl: string) {
  const [row] = await q.insert(galleryImages).values({ settings_id: settingsId, image_url: imageUrl }).returning();
  return row!;
}

export async function galleryHas(q: Queryable, settingsId: number, imageUrl: string): Promise<boolean> {
  const [row] = await q
    .select({ n: count() })
    .from(galleryImages)
    .where(and(eq(galleryImages.settings_id, settingsId), eq(galleryImages.image_url, imageUrl)));
  return (row?.n ?? 0) > 0;
}

// ---- audit log ----

export type AuditInsert = typeof auditLog.$inferInsert;

export async function insertAudit(q: Queryable, values: AuditInsert): Promise<void> {
  await q.insert(auditLog).values(values);
}

export async function listAudit(q: Queryable, f: { actor?: string; action?: string; entityId?: string; limit: number; offset: number }) {
  const where: SQL[] = [];
  if (f.actor) where.push(or(eq(auditLog.actor_email, f.actor.toLowerCase()), eq(auditLog.actor_id, f.actor))!);
  if (f.action) where.push(eq(auditLog.action, f.action));
  if (f.entityId) where.push(eq(auditLog.entity_id, f.entityId));
  return q
    .select({
      id: auditLog.id,
      actor_type: auditLog.actor_type,
      actor_id: auditLog.actor_id,
      actor_email: auditLog.actor_email,
      action: auditLog.action,
      entity_type: auditLog.entity_type,
      entity_id: auditLog.entity_id,
      before: auditLog.before,
      after: auditLog.after,
      request_id: auditLog.request_id,
      created_at: auditLog.createdAt,
      total: sql<number>`count(*) over ()`.mapWith(Number),
    })
    .from(auditLog)
    .where(where.length ? and(...where) : undefined)
    .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
    .limit(f.limit)
    .offset(f.offset);
}
