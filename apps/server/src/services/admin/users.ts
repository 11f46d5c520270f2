import { and, count, desc, eq, isNull, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { ADMIN_MESSAGES, APPROVAL_MESSAGES, formatUsd, roleRank, type MessageAnswer, type StaffQueueQuery } from '@app/shared';
import type { AppDeps } from '../../deps';
import type { DbOrTx } from '../../db/client';
import { sessions, userCounts, users } from '../../db/schema';
import { badRequest, conflict, forbidden } from '../../lib/errors';
import { hashToken } from '../../lib/crypto';
import { getUserBalances, userFigures } from '../../ledger/balances';
import { decodeKeyset, keysetAt, keysetPage, keysetStatements, pastKeysetPlaceholders, type Keyset } from '../../db/keyset';
import { jsonCents, jsonIso, jsonObject, jsonPageText, jsonValue } from '../../db/json-text';
import { preparedPerDatabase } from '../../db/prepared';
import { recordAudit, type AuditActor } from '../platform/audit';
import { purgeKycDocuments } from '../kyc/kyc';
import { createSession, findSession, revokeSession, revokeUserSessions, type SessionInfo, type SessionMeta, type SessionUser } from '../auth/sessions';
import { cancelRequestsOf } from './approvals';
import { loadTarget, revokeImpersonationsBy } from './roles';
import { assertMayManage } from '../platform/staff';
import { caseListText } from '../platform/requests';
import { deletePasskeysOf } from '../auth/passkeys';

/**
 * Back-office user management (PRODUCT §2 Roles, Deleting a user, Impersonation).
 * Rules: nobody acts on themselves; staff act only on lower roles (admins on authors and
 * subscribers, authors on subscribers); only an admin grants the admin role. Role changes: roles.ts.
 */

// ------------------------------------------------------------------ list

function escapeLike(value: string): string {
  return value.replace(/[\\%_]/g, (match) => `\\${match}`);
}

/**
 * A column of users with its table's name: a one-table select names columns bare, and the
 * balances' subquery reads accounts, which have an id and a created_at of their own.
 */
const ofUser = <T = unknown>(column: AnyPgColumn) => sql<T>`${users}.${sql.identifier(column.name)}`;
const qualifiedUserId = ofUser<string>(users.id);

/**
 * A user in the staff list as JSON text (left open, for caseListText): the fields its schema
 * names, in its order, written by the statement with the user's figures (their accounts read
 * once). The route sends the page as it is, without reading rows into objects and writing them again.
 */
const listedUserText = userFigures(qualifiedUserId, (cents) =>
  jsonObject([
    ['_id', jsonValue(qualifiedUserId)],
    ['name', jsonValue(ofUser(users.name))],
    ['email', jsonValue(ofUser(users.email))],
    ['phone', jsonValue(ofUser(users.phone))],
    ['country', jsonValue(ofUser(users.country))],
    ['photo', jsonValue(ofUser(users.photo))],
    ['role', jsonValue(ofUser(users.role))],
    ['isVerified', jsonValue(ofUser(users.isVerified))],
    ['kycStatus', jsonValue(ofUser(users.kycStatus))],
    ['balance', jsonCents(cents.balance)],
    ['availableBalance', jsonCents(cents.available)],
    ['investmentBalance', jsonCents(cents.invested)],
    ['totalMaturityAmount', jsonCents(cents.totalProfit)],
    ['fees', jsonCents(cents.fees)],
    ['hasFees', jsonValue(ofUser(users.hasFees))],
    ['createdAt', jsonIso(ofUser(users.createdAt))],
    ['lastLoginAt', jsonIso(ofUser(users.lastLoginAt))],
  ], { open: true }),
) as SQL<string | null>;

type UserCounts = { live: number; verified: number; suspended: number };
/**
 * A select expression: the SPEC §3 counts (one row, kept by triggers), read once per statement,
 * as JSON text: every row carries it, and only the first row's is parsed.
 */
const userCountsText = sql<string | null>`(select json_build_object('live', ${userCounts.live}, 'verified', ${userCounts.verified}, 'suspended', ${userCounts.suspended})::text from ${userCounts})`;

/** A page's fields: each user's text, their position (the cursor's timestamp text, the id), the search's matches (counted in the page or not) and the counts. */
const pageFields = (countInPage: boolean) => ({
  view: listedUserText,
  at: keysetAt(users.createdAt),
  id: qualifiedUserId,
  matching: countInPage ? sql<string | null>`count(*) over ()` : sql<string | null>`null`,
  counts: userCountsText,
});
const NEWEST_FIRST = [desc(users.createdAt), desc(users.id)];

/**
 * The list without a search (what the back office opens with), prepared: from the start or
 * before a cursor; the default first page has no parameters, so PostgreSQL plans it once per
 * connection (db/keyset.ts).
 */
const unsearchedPage = keysetStatements((beforeCursor, limit, suffix) =>
  preparedPerDatabase((db) =>
    db
      .select(pageFields(false))
      .from(users)
      .where(and(isNull(users.deletedAt), beforeCursor ? pastKeysetPlaceholders(users.createdAt, users.id, 'desc') : undefined))
      .orderBy(...NEWEST_FIRST)
      .limit(limit)
      .prepare(`users_list_${suffix}`),
  ),
);

/**
 * Live users whose name matches the search (its text and ILIKE pattern: `users_named`, migrations
 * 0023 and 0024, read through the words of every name) or whose email contains it
 * (`users_emailed`, through its trigram index; none for a search with white space). Both are
 * functions so that this statement's plan does not depend on the search, and PostgreSQL keeps
 * one plan for it instead of planning it for every search (ADR 0019).
 */
const matchingIds = sql`select users_named(${sql.placeholder('search')}, ${sql.placeholder('pattern')})
  union select users_emailed(${sql.placeholder('search')}, ${sql.placeholder('pattern')})`;
const MATCHES_SEARCH = and(isNull(users.deletedAt), sql`${users.id} in (${matchingIds})`);

/**
 * The users matching a search, under the users table's own name so the page's fields read them.
 * OFFSET 0 keeps PostgreSQL from merging it into the page's statement: the matches are found
 * first (through the word and trigram indexes), then ordered and cut. A prepared statement is
 * planned without its pattern; merged, that plan walks the whole table newest first in search
 * of a rare name (ADR 0019: 190-230 ms on 101,000 users).
 */
const matchingUsers = sql`(select * from ${users} where ${MATCHES_SEARCH} offset 0) as ${users}`;

/** A search's page: the first (counting its matches in the same statement) or a page before a cursor. Exported for its plan's test. */
export const searchPageQuery = (db: DbOrTx, beforeCursor: boolean) =>
  db
    .select(pageFields(!beforeCursor))
    .from(matchingUsers)
    .where(beforeCursor ? pastKeysetPlaceholders(users.createdAt, users.id, 'desc') : undefined)
    .orderBy(...NEWEST_FIRST)
    .limit(sql.placeholder('limit'));
const searchedPage = (beforeCursor: boolean) =>
  preparedPerDatabase((db) => searchPageQuery(db, beforeCursor).prepare(`users_search_${beforeCursor ? 'before' : 'first'}`));
const firstSearchedPage = searchedPage(false);
const searchedPageBefore = searchedPage(true);
const searchMatchCount = preparedPerDatabase((db) => db.select({ total: count() }).from(users).where(MATCHES_SEARCH).prepare('users_search_count'));

/** A search's placeholders: its text (the name's terms) and the email's ILIKE pattern. */
interface Search {
  search: string;
  pattern: string;
}

/** A page of `size` rows and the one after it (whether there is more), searched or not, from the start or before a cursor. */
function readPage(db: DbOrTx, search: Search | undefined, cursor: Keyset | undefined, size: number) {
  const limit = size + 1;
  if (search === undefined) return unsearchedPage(cursor, size)(db).execute({ ...cursor, limit });
  return cursor ? searchedPageBefore(db).execute({ ...search, ...cursor, limit }) : firstSearchedPage(db).execute({ ...search, limit });
}

/**
 * GET /api/users/getUsers: newest first in keyset pages (ADR 0019), optionally matching a
 * search by name or email, with the SPEC §3 counts, as the page's JSON text (the route sends it
 * as it is). A page is one statement, each user's figures and the counts read in it.
 */
export async function listUsers(db: DbOrTx, query: StaffQueueQuery & { search?: string | undefined }): Promise<string> {
  const text = query.search?.trim();
  const search = text ? { search: text, pattern: `%${escapeLike(text)}%` } : undefined;
  const cursor = decodeKeyset(query.cursor);
  // A search's first page counts its matches in the same statement (the indexes are read once,
  // not twice); a later page counts them apart, as the cursor narrows the statement's rows.
  const countInPage = search !== undefined && !cursor;
  const [[matched], read] = await Promise.all([
    search !== undefined && cursor ? searchMatchCount(db).execute(search) : [undefined],
    readPage(db, search, cursor, query.limit),
  ]);
  // An empty page has no row to carry the counts.
  const counts: UserCounts | undefined = read[0]?.counts ? (JSON.parse(read[0].counts) as UserCounts) : (await db.select().from(userCounts))[0];
  const all = counts?.live ?? 0;
  const total = countInPage ? Number(read[0]?.matching ?? 0) : matched ? Number(matched.total) : all;
  const { rows, nextCursor } = keysetPage(read, query.limit, (row) => ({ at: row.at, id: row.id }));
  return jsonPageText('users', caseListText(rows), nextCursor, {
    total,
    counts: { all, verified: counts?.verified ?? 0, suspended: counts?.suspended ?? 0 },
  });
}

// ------------------------------------------------------------------ delete

/**
 * DELETE /api/users/:id. Refused while the account has money on it; otherwise access goes
 * (sessions, password, Google link) and personal data goes (name, email, phone, bio,
 * photo, country, KYC document files), and the ledger history stays under the same id.
 */
export async function deleteUser(deps: AppDeps, auditor: AuditActor, actor: SessionUser, id: string): Promise<MessageAnswer> {
  const result = await deps.db.transaction(async (tx) => {
    const target = await loadTarget(tx, id, true);
    // An admin leaves through a four-eyes demotion first (roles.ts), so the last one never goes.
    if (target.role === 'admin' && actor.role === 'admin' && target.id !== actor.id) throw forbidden(APPROVAL_MESSAGES.deleteAdmin);
    assertMayManage(actor, target);
    const balances = await getUserBalances(tx, target.id);
    const heldCents = balances.balanceCents - balances.availableCents;
    const reasons: string[] = [];
    if (balances.availableCents > 0) reasons.push(`a balance of ${formatUsd(balances.availableCents)}`);
    if (heldCents > 0) reasons.push(`${formatUsd(heldCents)} on hold for pending requests`);
    if (balances.investedCents > 0) reasons.push(`${formatUsd(balances.investedCents)} in active investments`);
    if (reasons.length > 0) {
      throw conflict(`This account cannot be deleted while it holds money: ${reasons.join(', ')}.`);
    }
    const at = deps.now();
    await tx
      .update(users)
      .set({
        name: 'Deleted user',
        email: `deleted-${target.id}@deleted.invalid`,
        phone: '',
        bio: '',
        photo: null,
        country: '',
        passwordHash: null,
        googleSub: null,
        deletedAt: at,
        updatedAt: at,
      })
      .where(eq(users.id, target.id));
    await revokeUserSessions(tx, target.id);
    await revokeImpersonationsBy(tx, target.id);
    await cancelRequestsOf(tx, auditor, target.id, 'deleted', actor.id, at);
    await deletePasskeysOf(tx, target.id);
    await recordAudit(tx, auditor, {
      action: 'user.delete',
      targetType: 'user',
      targetId: target.id,
      before: { role: target.role, isVerified: target.isVerified, kycStatus: target.kycStatus },
      after: { deleted: true },
    });
    return { message: 'User deleted successfully' };
  });
  // Identity documents are personal data too: their files go once the deletion has committed.
  try {
    await purgeKycDocuments(deps, id);
  } catch (error) {
    deps.log.error({ err: error, userId: id }, 'could not remove the KYC documents of a deleted user');
  }
  return result;
}

// ------------------------------------------------------------------ impersonation

/** POST /api/users/impersonate/:id: a new read-only session for the target, linked to the staff session. */
export async function startImpersonation(
  deps: AppDeps,
  auditor: AuditActor,
  staff: { user: SessionUser; session: SessionInfo },
  targetId: string,
  meta: SessionMeta,
): Promise<{ token: string; message: string; name: string }> {
  return deps.db.transaction(async (tx) => {
    const target = await loadTarget(tx, targetId);
    if (staff.user.id === target.id) throw forbidden(ADMIN_MESSAGES.notYourself);
    if (roleRank(target.role) >= roleRank(staff.user.role)) throw forbidden('You can only impersonate accounts with a lower role than yours');
    if (target.role === 'suspended') throw badRequest('Suspended accounts cannot be viewed: change their role first');
    const { token } = await createSession(tx, target.id, {
      ...meta,
      impersonatorId: staff.user.id,
      impersonatorSessionId: staff.session.id,
    });
    await recordAudit(tx, auditor, {
      action: 'user.impersonate.start',
      targetType: 'user',
      targetId: target.id,
      after: { impersonatorSessionId: staff.session.id },
    });
    return { token, name: target.name, message: `You are now viewing the account of ${target.name}` };
  });
}

/**
 * POST /api/users/exit-impersonation: ends the impersonation session and hands back the staff
 * member's own session token when the browser still holds it (and it is the one that started).
 */
export async function exitImpersonation(
  deps: AppDeps,
  current: { user: SessionUser; session: SessionInfo } | null,
  currentToken: string | null,
  staffToken: string | null,
  ip: string | null,
): Promise<{ restoredToken: string | null; message: string }> {
  const staffSession = staffToken ? await findSession(deps.db, staffToken) : null;
  const impersonation = current?.session.impersonatorId ? current : null;
  // Signed in normally (not impersonating): there is nothing to exit, whatever cookie lingers.
  if (!impersonation && (current || !staffSession)) throw badRequest(ADMIN_MESSAGES.notImpersonating);
  // The held staff token is honoured only for the staff session that started this impersonation.
  let restorable = staffSession && impersonation?.session.impersonatorSessionId === staffSession.session.id ? staffSession : null;
  if (!impersonation && staffSession && currentToken) {
    // The impersonation session has ended under us (the user was suspended or deleted): the
    // browser still holds its token, which proves this exit belongs to that impersonation.
    // After a logout the token is gone, and so is the way back.
    const [ended] = await deps.db.select().from(sessions).where(eq(sessions.id, hashToken(currentToken))).limit(1);
    if (ended?.impersonatorSessionId === staffSession.session.id) restorable = staffSession;
  }
  if (!impersonation && !restorable) throw badRequest(ADMIN_MESSAGES.notImpersonating);
  await deps.db.transaction(async (tx) => {
    if (impersonation) await revokeSession(tx, impersonation.session.id);
    await recordAudit(
      tx,
      { actorId: impersonation?.session.impersonatorId ?? restorable?.user.id ?? null, impersonatorId: null, ip },
      {
        action: 'user.impersonate.exit',
        targetType: 'user',
        targetId: impersonation?.user.id,
        after: { restored: Boolean(restorable) },
      },
    );
  });
  return {
    restoredToken: restorable ? staffToken : null,
    message: restorable ? 'Welcome back' : 'Impersonation ended. Please sign in again.',
  };
}
