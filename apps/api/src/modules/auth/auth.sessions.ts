import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { UserType } from '@careslot/contracts/auth';
import type { Config } from '../../config';
import type { Db, Queryable } from '../../db/client';
import { UnauthorizedError } from '../../lib/errors';
import type { TokenSigner } from '../../plugins/auth';
import { findAccountById, findJustRotated, findRefreshToken, insertRefreshToken, revokeFamily, useRefreshToken } from './auth.repository';
import { newOpaqueToken } from './auth.tokens';

export interface Session {
  access_token: string;
  refresh_token: string;
  user_id: string;
  user_type: UserType;
  first_name: string;
  /** The provider's region, for the browser's provider_located_region; null for patients. */
  region: 'uk' | 'usa' | null;
  expires_in: number;
  /** The demo sign-in keeps its own cookie names (docs/accounts.md, Sessions). */
  demo: boolean;
}

/** What starting a session needs: the refresh-token lifetime and the access-token signer. */
export interface SessionDeps {
  config: Pick<Config, 'REFRESH_TOKEN_TTL_DAYS'>;
  tokens: TokenSigner;
}

export const SESSION_ENDED_MESSAGE = 'Your session has ended. Please sign in again.';

/** Starts a new refresh-token family (a sign-in) and signs an access token. */
export async function startSession(
  deps: SessionDeps,
  q: Queryable,
  account: { type: UserType; id: string; first_name: string; region?: 'uk' | 'usa' | null },
  opts: { demo?: boolean } = {},
): Promise<Session> {
  const refresh = newOpaqueToken();
  await insertRefreshToken(q, {
    familyId: randomUUID(),
    subjectType: account.type,
    subjectId: account.id,
    token: refresh,
    expiresAt: new Date(Date.now() + deps.config.REFRESH_TOKEN_TTL_DAYS * 86_400_000),
  });
  return {
    access_token: await deps.tokens.signAccess({ id: account.id, type: account.type }),
    refresh_token: refresh,
    user_id: account.id,
    user_type: account.type,
    first_name: account.first_name,
    region: account.region ?? null,
    expires_in: deps.tokens.ttlSeconds,
    demo: !!opts.demo,
  };
}

/**
 * A rotated token presented again this soon, while it is still its family's newest rotation, gets a new token instead of
 * ending the family: its answer was lost (the page navigated away mid-refresh) or another tab refreshed at the same
 * moment. Later, or once the family has moved on, it is a replay and ends the family (decision 086).
 */
export const REFRESH_REUSE_GRACE_SECONDS = 30;

type RefreshRow = NonNullable<Awaited<ReturnType<typeof findRefreshToken>>>;
type Rotation<T> = { reused: true } | { invalid: true } | { subject: T; next: string };

/**
 * The one rotation every sign-in uses, inside a transaction: a live token is exchanged for a new one in the same
 * family; a token already used revokes the whole family (it was stolen, or replayed), except within the grace above.
 * `subjectOf` answers the token's subject, or null when it may not be refreshed here (another subject type, an account
 * that no longer exists), which ends the family if the token was live.
 */
async function rotateInFamily<T>(
  tx: Queryable,
  deps: Pick<SessionDeps, 'config'>,
  token: string,
  acceptsType: (subjectType: string) => boolean,
  subjectOf: (row: RefreshRow) => Promise<T | null>,
): Promise<Rotation<T>> {
  const known = await findRefreshToken(tx, token);
  if (!known || !acceptsType(known.subject_type)) return { invalid: true };
  const used = (await useRefreshToken(tx, token)) ?? (await findJustRotated(tx, token, REFRESH_REUSE_GRACE_SECONDS));
  if (!used) {
    if (known.used_at && !known.revoked_at) {
      await revokeFamily(tx, known.family_id);
      return { reused: true };
    }
    return { invalid: true };
  }
  const subject = await subjectOf(used);
  if (!subject) {
    await revokeFamily(tx, used.family_id);
    return { invalid: true };
  }
  const next = newOpaqueToken();
  await insertRefreshToken(tx, {
    familyId: used.family_id,
    subjectType: used.subject_type,
    subjectId: used.subject_id,
    token: next,
    expiresAt: new Date(Date.now() + deps.config.REFRESH_TOKEN_TTL_DAYS * 86_400_000),
  });
  return { subject, next };
}

/** Throws for a refused rotation (a replay is logged), else answers the subject and the next refresh token. */
function settled<T>(outcome: Rotation<T>, log: Pick<FastifyBaseLogger, 'warn'>, subjectType?: string): { subject: T; next: string } {
  if ('reused' in outcome) {
    log.warn({ event: 'refresh_token_reuse', subject_type: subjectType }, 'a used refresh token was presented; its family is revoked');
    throw new UnauthorizedError(SESSION_ENDED_MESSAGE);
  }
  if ('invalid' in outcome) throw new UnauthorizedError(SESSION_ENDED_MESSAGE);
  return outcome;
}

/** A patient's or provider's refresh (rotateInFamily), answering a whole new session. */
export async function rotateSession(
  deps: SessionDeps & { db: Db; log: Pick<FastifyBaseLogger, 'warn'> },
  token: string,
  demo: boolean,
): Promise<Session> {
  const { subject: account, next } = settled(
    await deps.db.transaction((tx) =>
      rotateInFamily(
        tx,
        deps,
        token,
        (type) => type === 'patient' || type === 'provider',
        (row) => findAccountById(tx, row.subject_type as UserType, row.subject_id),
      ),
    ),
    deps.log,
  );
  return {
    access_token: await deps.tokens.signAccess({ id: account.id, type: account.type }),
    refresh_token: next,
    user_id: account.id,
    user_type: account.type,
    first_name: account.first_name,
    region: account.region,
    expires_in: deps.tokens.ttlSeconds,
    demo,
  };
}

/** Revokes the token's family; returns whose session it was (null for an unknown token). */
export async function endSession(db: Queryable, token: string): Promise<{ type: string; id: string } | null> {
  const known = await findRefreshToken(db, token);
  if (!known) return null;
  await revokeFamily(db, known.family_id);
  return { type: known.subject_type, id: known.subject_id };
}

/** Starts a refresh-token family for any subject (staff sign-in); the opaque token to hand out. */
export async function openRefreshFamily(
  deps: Pick<SessionDeps, 'config'>,
  q: Queryable,
  subject: { type: 'patient' | 'provider' | 'staff'; id: string },
): Promise<string> {
  const refresh = newOpaqueToken();
  await insertRefreshToken(q, {
    familyId: randomUUID(),
    subjectType: subject.type,
    subjectId: subject.id,
    token: refresh,
    expiresAt: new Date(Date.now() + deps.config.REFRESH_TOKEN_TTL_DAYS * 86_400_000),
  });
  return refresh;
}

/**
 * The same rotation (rotateInFamily) for a subject type given by the caller: a token of another type is refused without
 * being used, and a subject that no longer exists (`stillExists` false) ends the family. Answers the subject id and the
 * next refresh token.
 */
export async function rotateRefreshFamily(
  deps: Pick<SessionDeps, 'config'> & { db: Db; log: Pick<FastifyBaseLogger, 'warn'> },
  token: string,
  subjectType: 'patient' | 'provider' | 'staff',
  stillExists: (q: Queryable, id: string) => Promise<boolean>,
): Promise<{ subjectId: string; next: string }> {
  const { subject, next } = settled(
    await deps.db.transaction((tx) =>
      rotateInFamily(
        tx,
        deps,
        token,
        (type) => type === subjectType,
        async (row) => ((await stillExists(tx, row.subject_id)) ? row.subject_id : null),
      ),
    ),
    deps.log,
    subjectType,
  );
  return { subjectId: subject, next };
}
