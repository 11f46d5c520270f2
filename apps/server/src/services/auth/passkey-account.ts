import { and, eq } from 'drizzle-orm';
import type { AuthenticationResponseInput, PasskeyAuthenticationOptions, PasskeyList, PasskeyView } from '@app/shared';
import type { AppDeps } from '../../deps';
import type { DbOrTx } from '../../db/client';
import { passkeys, sessions, sessionVerifications, type PasskeyRow } from '../../db/schema';
import { badRequest, notFound } from '../../lib/errors';
import { verifyPassword } from '../../lib/passwords';
import { recordAudit, type AuditActor } from '../platform/audit';
import { storedPasswordHash } from './accounts';
import {
  authenticationOptions,
  consumeChallenge,
  issueChallenge,
  passkeyByCredential,
  passkeysOf,
  passkeyView,
  PASSKEY_REFUSALS,
  ReauthRequiredError,
  RECENT_AUTH_MS,
  recordPasskeyUse,
  recordSessionVerification,
  sendPasskeyEmail,
  verifyAssertion,
} from './passkeys';
import type { SessionUser } from './sessions';

/**
 * What a signed-in user does with their passkeys (ADR 0017): list, rename and remove them, and
 * confirm it is them again ("recent authentication", which removing a passkey needs).
 */

/** Until when the session counts as recently authenticated (signed in or confirmed again), or null. */
export async function recentAuthUntil(deps: AppDeps, sessionId: string): Promise<Date | null> {
  const [row] = await deps.db
    .select({ createdAt: sessions.createdAt, verifiedAt: sessionVerifications.verifiedAt })
    .from(sessions)
    .leftJoin(sessionVerifications, eq(sessionVerifications.sessionId, sessions.id))
    .where(eq(sessions.id, sessionId))
    .limit(1);
  if (!row) return null;
  const last = Math.max(row.createdAt.getTime(), row.verifiedAt?.getTime() ?? 0);
  const until = new Date(last + RECENT_AUTH_MS);
  return until > deps.now() ? until : null;
}

export async function listPasskeys(deps: AppDeps, user: SessionUser, sessionId: string): Promise<PasskeyList> {
  const [rows, until, passwordHash] = await Promise.all([
    passkeysOf(deps.db, user.id),
    recentAuthUntil(deps, sessionId),
    storedPasswordHash(deps.db, user.id),
  ]);
  return { passkeys: rows.map(passkeyView), recentAuthUntil: until?.toISOString() ?? null, hasPassword: passwordHash !== null };
}

async function ownPasskey(db: DbOrTx, userId: string, id: string): Promise<PasskeyRow> {
  const [row] = await db
    .select()
    .from(passkeys)
    .where(and(eq(passkeys.id, id), eq(passkeys.userId, userId)))
    .limit(1);
  if (!row) throw notFound(PASSKEY_REFUSALS.notFound);
  return row;
}

export async function renamePasskey(deps: AppDeps, actor: AuditActor, user: SessionUser, id: string, name: string): Promise<PasskeyView> {
  return deps.db.transaction(async (tx) => {
    const before = await ownPasskey(tx, user.id, id);
    const [updated] = await tx.update(passkeys).set({ name }).where(eq(passkeys.id, before.id)).returning();
    if (!updated) throw notFound(PASSKEY_REFUSALS.notFound);
    await recordAudit(tx, actor, { action: 'passkey.rename', targetType: 'passkey', targetId: id, before: { name: before.name }, after: { name } });
    return passkeyView(updated);
  });
}

/** Removes a passkey; the session must have signed in or confirmed it is you within the last minutes. */
export async function removePasskey(deps: AppDeps, actor: AuditActor, user: SessionUser, sessionId: string, id: string): Promise<void> {
  await ownPasskey(deps.db, user.id, id);
  if (!(await recentAuthUntil(deps, sessionId))) throw new ReauthRequiredError();
  await deps.db.transaction(async (tx) => {
    const [removed] = await tx
      .delete(passkeys)
      .where(and(eq(passkeys.id, id), eq(passkeys.userId, user.id)))
      .returning();
    if (!removed) throw notFound(PASSKEY_REFUSALS.notFound);
    await recordAudit(tx, actor, { action: 'passkey.remove', targetType: 'passkey', targetId: id, before: { name: removed.name } });
    await sendPasskeyEmail(deps, tx, user, 'removed', removed.name);
  });
}

// ---------------------------------------------------------------- confirm it is you again

/** Options to confirm with one of the account's own passkeys. */
export async function reauthOptions(deps: AppDeps, user: SessionUser, sessionId: string): Promise<PasskeyAuthenticationOptions> {
  const own = await passkeysOf(deps.db, user.id);
  if (own.length === 0) throw badRequest(PASSKEY_REFUSALS.noPasskey);
  const challenge = await issueChallenge(deps, { purpose: 'reauth', userId: user.id, sessionId });
  return authenticationOptions(deps, challenge, own);
}

/** Confirms it is you (password, or a passkey of this account): the session counts as recent again. */
export async function reauthenticate(
  deps: AppDeps,
  actor: AuditActor,
  user: SessionUser,
  sessionId: string,
  input: { password: string } | { response: AuthenticationResponseInput },
): Promise<Date> {
  const now = deps.now();
  if ('password' in input) {
    const hash = await storedPasswordHash(deps.db, user.id);
    if (!hash) throw badRequest(PASSKEY_REFUSALS.noPassword);
    if (!(await verifyPassword(hash, input.password))) throw badRequest(PASSKEY_REFUSALS.passwordIncorrect);
    await deps.db.transaction(async (tx) => {
      await recordSessionVerification(tx, sessionId, now, false);
      await recordAudit(tx, actor, { action: 'session.reauth', targetType: 'user', targetId: user.id, after: { method: 'password' } });
    });
    return new Date(now.getTime() + RECENT_AUTH_MS);
  }
  const challenge = await consumeChallenge(deps, input.response.response.clientDataJSON, ['reauth'], { userId: user.id, sessionId });
  const passkey = await passkeyByCredential(deps.db, input.response);
  if (!passkey || passkey.userId !== user.id) throw badRequest(PASSKEY_REFUSALS.otherAccount);
  const use = await verifyAssertion(deps, passkey, input.response, challenge.challenge);
  await deps.db.transaction(async (tx) => {
    await recordPasskeyUse(deps, tx, passkey, use);
    await recordSessionVerification(tx, sessionId, now, true);
    await recordAudit(tx, actor, {
      action: 'session.reauth',
      targetType: 'user',
      targetId: user.id,
      after: { method: 'passkey', passkeyId: passkey.id },
    });
  });
  return new Date(now.getTime() + RECENT_AUTH_MS);
}

