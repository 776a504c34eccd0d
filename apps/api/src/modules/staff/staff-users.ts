import { staffMessages, type StaffRole, type StaffUser } from '@careslot/contracts/staff';
import type { Queryable } from '../../db/client';
import { ConflictError, NotFoundError } from '../../lib/errors';
import { hashPassword } from '../../lib/password';
import { signOutEverywhere } from '../auth/auth.service';
import { recordAudit } from './audit';
import { deleteStaff, insertStaff, listStaff, lockStaff, lockSuperusers, setStaffRole, type StaffRow } from './staff.repository';
import type { StaffActor, StaffDeps } from './staff.types';

/** Super Users (docs/staff-admin.md): add, re-role and delete staff; there is always at least one superuser. */

const shown = (r: StaffRow): StaffUser => ({
  _id: r.id,
  id: r.id,
  email: r.email,
  role: r.role as StaffRole,
  created_at: new Date(r.createdAt).toISOString(),
});

export async function staffUsers(q: Queryable) {
  return { data: (await listStaff(q)).map(shown) };
}

function isUniqueViolation(err: unknown): boolean {
  const e = err as { code?: string; cause?: { code?: string } };
  return e?.code === '23505' || e?.cause?.code === '23505';
}

export async function addStaffUser(deps: StaffDeps, actor: StaffActor, input: { email: string; role: StaffRole; password: string }) {
  const password_hash = await hashPassword(input.password);
  try {
    const row = await deps.db.transaction(async (tx) => {
      const created = await insertStaff(tx, { email: input.email, role: input.role, password_hash });
      await recordAudit(tx, actor, 'staff.add', { type: 'staff_user', id: created.id }, null, { email: created.email, role: created.role });
      return created;
    });
    return { status: true as const, message: 'The staff user is added.', data: shown(row) };
  } catch (err) {
    if (isUniqueViolation(err)) throw new ConflictError('A staff user with this e-mail address already exists.');
    throw err;
  }
}

/** A change that would leave no superuser is refused; superuser rows are locked first so two such changes queue. */
async function guardLastSuperuser(tx: Queryable, target: StaffRow, nextRole: StaffRole | null) {
  const superusers = await lockSuperusers(tx);
  if (target.role === 'superuser' && nextRole !== 'superuser' && superusers.length <= 1) {
    throw new ConflictError(staffMessages.lastSuperuser);
  }
}

export async function changeStaffRole(deps: StaffDeps, actor: StaffActor, id: string, role: StaffRole) {
  const row = await deps.db.transaction(async (tx) => {
    const target = await lockStaff(tx, id);
    if (!target) throw new NotFoundError('We could not find that staff user.');
    if (target.role === role) return target;
    await guardLastSuperuser(tx, target, role);
    await setStaffRole(tx, id, role);
    await recordAudit(tx, actor, 'staff.role', { type: 'staff_user', id }, { role: target.role }, { role });
    return { ...target, role };
  });
  return { status: true as const, message: staffMessages.roleUpdated, data: shown(row) };
}

export async function removeStaffUser(deps: StaffDeps, actor: StaffActor, id: string) {
  await deps.db.transaction(async (tx) => {
    const target = await lockStaff(tx, id);
    if (!target) throw new NotFoundError('We could not find that staff user.');
    await guardLastSuperuser(tx, target, null);
    await deleteStaff(tx, id);
    await signOutEverywhere(tx, { type: 'staff', id });
    await recordAudit(tx, actor, 'staff.delete', { type: 'staff_user', id }, { email: target.email, role: target.role }, null);
  });
  return { status: true as const, message: 'The staff user is deleted.' };
}
