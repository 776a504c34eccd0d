import type { FastifyReply, FastifyRequest } from 'fastify';
import { STAFF_PERMISSIONS, staffCan, staffMessages, type StaffPermission, type StaffRole } from '@careslot/contracts/staff';
import type { Queryable } from '../../db/client';
import { ForbiddenError, UnauthorizedError } from '../../lib/errors';
import { findStaffById } from './staff.repository';
import type { StaffActor } from './staff.types';

/**
 * The role matrix (docs/staff-admin.md, Roles), one named check per row. The role is read from the database on every
 * call, not from the token, so a demotion or deletion takes effect at once. Anything not granted answers 403.
 */
declare module 'fastify' {
  interface FastifyRequest {
    staff: StaffActor | null;
  }
}

export function staffGuard(db: Queryable, permission: StaffPermission) {
  return async (req: FastifyRequest, _reply?: FastifyReply) => {
    const caller = req.caller;
    if (!caller) {
      throw new UnauthorizedError(
        req.callerTokenError === 'expired' ? 'Your session has expired. Please sign in again.' : 'Please sign in to continue.',
      );
    }
    if (caller.type !== 'staff') throw new ForbiddenError('This is for CareSlot staff only.');
    const staff = await findStaffById(db, caller.id);
    // A deleted staff member's token still verifies until it expires; they are signed out.
    if (!staff) throw new UnauthorizedError('Your staff account no longer exists. Please sign in again.');
    if (!staffCan(staff.role, permission)) throw new ForbiddenError(staffMessages.forbidden);
    req.staff = { id: staff.id, email: staff.email, role: staff.role as StaffRole, requestId: req.id };
  };
}

/** The named checks the routes use. */
export const can = {
  readAdminHome: 'readAdminHome',
  uploadToGallery: 'uploadToGallery',
  editHomepage: 'editHomepage',
  verifyProviders: 'verifyProviders',
  readPayments: 'readPayments',
  readAuditLog: 'readAuditLog',
  readPayouts: 'readPayouts',
  managePayouts: 'managePayouts',
  manageStaff: 'manageStaff',
} as const satisfies Record<StaffPermission, StaffPermission>;

export { STAFF_PERMISSIONS };

/** The staff member a guard let through. */
export function staffOf(req: FastifyRequest): StaffActor {
  if (!req.staff) throw new UnauthorizedError();
  return req.staff;
}
