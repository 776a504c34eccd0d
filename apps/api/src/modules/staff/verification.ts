import { namesMatch, type Regulator } from '@careslot/contracts/provider-registration';
import { STAFF_PAGE_SIZE, type ProviderEvidence, type VerificationStatus } from '@careslot/contracts/staff';
import type { Queryable } from '../../db/client';
import { NotFoundError } from '../../lib/errors';
import { escapeHtml } from '../../lib/html';
import { enqueueMail } from '../mail/mail.service';
import type { Registers } from '../registers/registers.service';
import { recordAudit } from './audit';
import {
  companyProviderEmails,
  findProvider,
  listCompanies,
  listProviders,
  lockCompanyStatus,
  lockProviderStatus,
  setCompanyStatus,
  setProviderStatus,
} from './staff.repository';
import type { StaffActor, StaffDeps } from './staff.types';

/** The public register's page for a number (docs/staff-admin.md, Providers). */
export function registerUrl(regulator: string, number: string): string | null {
  const n = encodeURIComponent(number.trim());
  if (regulator === 'gmc') return `https://www.gmc-uk.org/doctors/${n}`;
  if (regulator === 'gdc') return `https://olr.gdc-uk.org/SearchRegister/SearchResult?RegistrationNumber=${n}`;
  if (regulator === 'npi') return `https://npiregistry.cms.hhs.gov/provider-view/${n}`;
  return null;
}

const pages = (total: number) => Math.max(1, Math.ceil(total / STAFF_PAGE_SIZE));

export async function providersForReview(
  q: Queryable,
  f: { status?: VerificationStatus; search?: string; region?: string; regulator?: string; page?: number },
) {
  const page = f.page ?? 1;
  const filter = { status: f.status ?? 'Unverified', search: f.search, region: f.region, regulator: f.regulator };
  const rows = await listProviders(q, { ...filter, limit: STAFF_PAGE_SIZE, offset: (page - 1) * STAFF_PAGE_SIZE });
  const total = rows[0]?.total ?? (await listProviders(q, { ...filter, limit: 1, offset: 0 }))[0]?.total ?? 0;
  return {
    providers: rows.map((r) => ({
      id: r.id,
      name: `${r.first_name} ${r.last_name}`,
      email: r.email,
      region: r.region,
      regulator: r.regulator,
      professional_body_name: r.professional_body_name,
      membership_number: r.membership_number,
      verification_status: r.verification_status,
      speciality: r.speciality,
      created_at: new Date(r.created_at).toISOString(),
    })),
    current_page: page,
    total_pages: pages(total),
  };
}

/**
 * What the provider entered beside what the register answers for their number now (asked through the same register
 * interface as registration, docs/providers-onboarding.md), and the last automatic check with its reason.
 */
export async function providerEvidence(q: Queryable, registers: Registers, id: string): Promise<ProviderEvidence> {
  const p = await findProvider(q, id);
  if (!p) throw new NotFoundError('We could not find that provider.');
  const regulator = p.regulator as Regulator;
  const number = p.membership_number.trim();
  const outcome = registers[regulator]
    ? await registers[regulator].lookup(regulator, number).catch(() => ({ kind: 'unavailable' as const, reason: '' }))
    : ({ kind: 'unavailable', reason: '' } as const);
  const register = outcome.kind === 'found' ? { name: outcome.Name, registration_number: outcome.registration_number } : null;
  const evidence = (p.register_evidence ?? null) as { source?: string } | null;
  return {
    id: p.id,
    name: `${p.first_name} ${p.last_name}`,
    email: p.email,
    phone_number: p.phone_number,
    region: p.region,
    regulator: p.regulator,
    professional_body_name: p.professional_body_name,
    membership_number: p.membership_number,
    verification_status: p.verification_status,
    speciality: p.speciality,
    qualifications: p.qualifications,
    company: p.company ?? null,
    created_at: new Date(p.created_at).toISOString(),
    register,
    register_unavailable: outcome.kind === 'unavailable',
    number_matches: !!register && register.registration_number.trim() === number,
    name_matches: !!register && namesMatch(p.first_name, p.last_name, register.name),
    register_url: registerUrl(p.regulator, p.membership_number),
    last_check: p.verification_checked_at
      ? {
          reason: p.verification_reason ?? '',
          checked_at: new Date(p.verification_checked_at).toISOString(),
          source: evidence?.source ?? null,
        }
      : null,
  };
}

function statusMail(to: string, firstName: string, status: VerificationStatus, what: string) {
  const verified = status === 'Verified';
  const subject = verified ? `Your ${what} is verified | CareSlot` : `Your ${what} verification has been withdrawn | CareSlot`;
  const body = verified
    ? `We have checked your registration and your ${what} is now verified. Patients can find you in CareSlot search and book appointments with you.`
    : `Your ${what} is no longer verified, so patients cannot find you in CareSlot search for now. Appointments already booked stay as they are. Reply to this e-mail if you think this is a mistake.`;
  const text = [`Dear ${firstName},`, '', body, '', 'CareSlot Health Ltd'].join('\n');
  const html = `<!doctype html><html lang="en"><body style="font-family:Arial,Helvetica,sans-serif;color:#1b2430;line-height:1.5"><p>Dear ${escapeHtml(firstName)},</p><p>${escapeHtml(body)}</p><p>CareSlot Health Ltd</p></body></html>`;
  return { to, subject, text, html };
}

/**
 * Verify or unverify a provider: the status, its audit row and the provider's e-mail in one transaction. Search rows
 * follow the status by trigger, so a Verified provider is searchable at once and an Unverified one gone; their
 * bookings stay. Setting the status it already has changes nothing and sends nothing.
 */
export async function setProviderVerification(deps: StaffDeps, actor: StaffActor, id: string, status: VerificationStatus) {
  const changed = await deps.db.transaction(async (tx) => {
    const p = await lockProviderStatus(tx, id);
    if (!p) throw new NotFoundError('We could not find that provider.');
    if (p.verification_status === status) return false;
    await setProviderStatus(tx, id, status);
    await recordAudit(
      tx,
      actor,
      'provider.verification',
      { type: 'provider', id },
      { verification_status: p.verification_status },
      { verification_status: status },
    );
    if (p.email) await enqueueMail(tx, statusMail(p.email, p.first_name, status, 'CareSlot provider account'));
    return true;
  });
  if (changed) deps.kickOutbox();
  return {
    status: true as const,
    id,
    verification_status: status,
    message: status === 'Verified' ? 'The provider is verified.' : 'The provider is no longer verified.',
  };
}

export async function companiesForReview(q: Queryable, f: { status?: VerificationStatus; page?: number }) {
  const page = f.page ?? 1;
  const status = f.status ?? 'Unverified';
  const rows = await listCompanies(q, { status, limit: STAFF_PAGE_SIZE, offset: (page - 1) * STAFF_PAGE_SIZE });
  const total = rows[0]?.total ?? (await listCompanies(q, { status, limit: 1, offset: 0 }))[0]?.total ?? 0;
  return {
    companies: rows.map(({ total: _t, created_at, ...r }) => ({ ...r, created_at: new Date(created_at).toISOString() })),
    current_page: page,
    total_pages: pages(total),
  };
}

/** Verify or unverify a company, the same way; its providers with an account are told. */
export async function setCompanyVerification(deps: StaffDeps, actor: StaffActor, id: string, status: VerificationStatus) {
  const changed = await deps.db.transaction(async (tx) => {
    const c = await lockCompanyStatus(tx, id);
    if (!c) throw new NotFoundError('We could not find that company.');
    if (c.verification_status === status) return false;
    await setCompanyStatus(tx, id, status);
    await recordAudit(
      tx,
      actor,
      'company.verification',
      { type: 'company', id },
      { verification_status: c.verification_status },
      { verification_status: status },
    );
    for (const p of await companyProviderEmails(tx, id)) {
      if (p.email) await enqueueMail(tx, statusMail(p.email, p.first_name, status, `company ${c.name}`));
    }
    return true;
  });
  if (changed) deps.kickOutbox();
  return {
    status: true as const,
    id,
    verification_status: status,
    message: status === 'Verified' ? 'The company is verified.' : 'The company is no longer verified.',
  };
}
