import type {
  AdminHomeResponse,
  AuditLogResponse,
  GalleryResponse,
  PaymentsHistoryResponse,
  ProviderEvidence,
  StaffAccessResponse,
  StaffCompaniesResponse,
  StaffHomepage,
  StaffProvidersResponse,
  StaffRole,
  StaffUser,
  VerificationStatus,
} from '@careslot/contracts/staff';
import { HOMEPAGE_RECORD_ID } from '@careslot/contracts/staff';
import { ApiError } from '../../../lib/api-client';
import type { PayoutRunResponse, ReconciliationResponse, StaffPayoutRow, StaffPayoutsResponse } from '@careslot/contracts/payouts';
import { staffFetch, staffResponse } from './staff-client';

/** The /staff/ calls the screens make (docs/staff-admin.md). */

export async function staffSignIn(email: string, password: string): Promise<StaffAccessResponse> {
  const res = await fetch('/staff/admin-login/', {
    method: 'POST',
    credentials: 'include',
    headers: { Accept: 'application/json', 'Content-Type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  const body = await res.json().catch(() => null);
  if (!res.ok) throw ApiError.fromAnswer(res.status, body, 'Login failed');
  return body as StaffAccessResponse;
}

export async function staffSignOut(): Promise<void> {
  await fetch('/staff/logout/', { method: 'POST', credentials: 'include' }).catch(() => undefined);
}

export const adminHome = () => staffFetch<AdminHomeResponse>('/staff/admin-home/');

export interface ProviderFilters {
  status: VerificationStatus;
  search?: string;
  region?: string;
  regulator?: string;
  page: number;
}
export const providersList = (f: ProviderFilters) => staffFetch<StaffProvidersResponse>('/staff/providers/', { query: { ...f } });
export const providerEvidence = (id: string) => staffFetch<ProviderEvidence>(`/staff/providers/${id}/`);
export const setProviderStatus = (id: string, verification_status: VerificationStatus) =>
  staffFetch(`/staff/membership-number-verification/${id}/`, { method: 'PATCH', body: { verification_status } });
export const companiesList = (status: VerificationStatus, page: number) =>
  staffFetch<StaffCompaniesResponse>('/staff/companies/', { query: { status, page } });
export const setCompanyStatus = (id: string, verification_status: VerificationStatus) =>
  staffFetch(`/staff/company-verification/${id}/`, { method: 'PATCH', body: { verification_status } });

export interface PaymentFilters {
  sort: string;
  payment_method: string;
  sort_by?: string;
  month: string;
  year: string;
}
export const paymentsHistory = (f: PaymentFilters, page: number) =>
  staffFetch<PaymentsHistoryResponse>('/staff/payments-history/', { query: { ...f, page } });

/** Every filtered page, for the print view. */
export async function allPayments(f: PaymentFilters) {
  const first = await paymentsHistory(f, 1);
  const rest = await Promise.all(Array.from({ length: first.total_pages - 1 }, (_, i) => paymentsHistory(f, i + 2)));
  return [first, ...rest].flatMap((p) => p.appointments);
}

export async function paymentsCsv(f: PaymentFilters): Promise<Blob> {
  const res = await staffResponse('/staff/payments-history/csv/', { query: { ...f } });
  if (!res.ok) throw ApiError.fromAnswer(res.status, await res.json().catch(() => null));
  return res.blob();
}

export const staffUsers = () => staffFetch<{ data: StaffUser[] }>('/staff/super-user-management/');
export const addStaffUser = (body: { email: string; role: string; password: string }) =>
  staffFetch<{ message: string; data: StaffUser }>('/staff/super-user-management/', { method: 'POST', body });
export const updateStaffRole = (id: string, role: StaffRole) =>
  staffFetch<{ message: string }>('/staff/super-user-management/', { method: 'PATCH', body: { id, role } });
export const deleteStaffUser = (user: StaffUser) =>
  staffFetch<{ message: string }>('/staff/super-user-management/', { method: 'DELETE', body: user });

const homepageUrl = `/staff/homepage-image/${HOMEPAGE_RECORD_ID}/`;
const galleryUrl = `/staff/admin-gallery/${HOMEPAGE_RECORD_ID}/`;
export const homepage = () => staffFetch<StaffHomepage>(homepageUrl);
export const setHomepageColor = (color: string) => staffFetch<StaffHomepage>(homepageUrl, { method: 'POST', body: { color } });
export const setHomepageImage = (image_url: string) => staffFetch<StaffHomepage>(homepageUrl, { method: 'POST', body: { image_url } });
export const saveModal = (form: FormData) => staffFetch<StaffHomepage>(homepageUrl, { method: 'POST', body: form });
export const gallery = () => staffFetch<GalleryResponse>(galleryUrl);
export function uploadGallery(file: File) {
  const form = new FormData();
  form.append('image', file);
  return staffFetch<{ image_url: string }>(galleryUrl, { method: 'POST', body: form });
}

export const auditLog = (q: { page: number; actor?: string; action?: string; entity_id?: string }) =>
  staffFetch<AuditLogResponse>('/staff/audit-log/', { query: q });

export const staffPayouts = (status: string, page: number) =>
  staffFetch<StaffPayoutsResponse>('/staff/payouts/', { query: { status, page } });
export const retryPayout = (id: string) => staffFetch<{ payout: StaffPayoutRow }>(`/staff/payouts/${id}/retry/`, { method: 'POST' });
export const startPayoutRun = () => staffFetch<PayoutRunResponse>('/staff/payout-runs/', { method: 'POST' });
export const reconciliation = (date: string, currency: string) =>
  staffFetch<ReconciliationResponse>('/staff/reconciliation/', { query: { date, currency } });
