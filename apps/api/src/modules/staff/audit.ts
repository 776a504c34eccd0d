import { STAFF_PAGE_SIZE } from '@careslot/contracts/staff';
import type { Queryable } from '../../db/client';
import { insertAudit, listAudit } from './staff.repository';
import type { StaffActor } from './staff.types';

/**
 * One append-only audit row (docs/staff-admin.md, Audit log): who, what, before and after, the request id. Written in
 * the same transaction as the change it records, so a change without its row cannot happen.
 */
export async function recordAudit(
  q: Queryable,
  actor: Pick<StaffActor, 'id' | 'email' | 'requestId'>,
  action: string,
  entity: { type: string; id: string | number },
  before: Record<string, unknown> | null,
  after: Record<string, unknown> | null,
): Promise<void> {
  await insertAudit(q, {
    actor_type: 'staff',
    actor_id: actor.id,
    actor_email: actor.email,
    action,
    entity_type: entity.type,
    entity_id: String(entity.id),
    before,
    after,
    request_id: actor.requestId,
  });
}

/** The audit log, newest first, 5 a page; actor (e-mail or id), action and entity id narrow it. */
export async function auditEntries(q: Queryable, query: { page?: number; actor?: string; action?: string; entity_id?: string }) {
  const page = query.page ?? 1;
  const filter = { actor: query.actor, action: query.action, entityId: query.entity_id };
  const rows = await listAudit(q, { ...filter, limit: STAFF_PAGE_SIZE, offset: (page - 1) * STAFF_PAGE_SIZE });
  let total = rows[0]?.total;
  if (total === undefined) total = (await listAudit(q, { ...filter, limit: 1, offset: 0 }))[0]?.total ?? 0;
  return {
    entries: rows.map(({ total: _total, created_at, ...r }) => ({ ...r, created_at: new Date(created_at).toISOString() })),
    current_page: page,
    total_pages: Math.max(1, Math.ceil(total / STAFF_PAGE_SIZE)),
  };
}
