import { and, eq, gt, isNull } from 'drizzle-orm';
import type { AppDeps } from '../../deps';
import type { DbOrTx } from '../../db/client';
import { authTokens, type AuthTokenKind } from '../../db/schema';
import { hashToken, randomToken } from '../../lib/crypto';
import { badRequest } from '../../lib/errors';
import { MESSAGES } from './messages';

/** Emailed links: single use, one live link of a kind per user, only their hash stored. */
export const VERIFY_TOKEN_TTL_MS = 24 * 3600 * 1000;
export const RESET_TOKEN_TTL_MS = 60 * 60 * 1000;

export async function issueToken(deps: AppDeps, db: DbOrTx, userId: string, kind: AuthTokenKind, ttlMs: number): Promise<string> {
  const now = deps.now();
  // A new link replaces any earlier one of the same kind.
  await db
    .update(authTokens)
    .set({ usedAt: now })
    .where(and(eq(authTokens.userId, userId), eq(authTokens.kind, kind), isNull(authTokens.usedAt)));
  const token = randomToken(32);
  await db.insert(authTokens).values({
    tokenHash: hashToken(token),
    userId,
    kind,
    createdAt: now,
    expiresAt: new Date(now.getTime() + ttlMs),
  });
  return token;
}

/** Uses a link token once: answers its user id, or refuses an unknown, used or expired token. */
export async function consumeToken(deps: AppDeps, db: DbOrTx, token: string, kind: AuthTokenKind): Promise<string> {
  if (token.length < 20 || token.length > 100) throw badRequest(MESSAGES.invalidToken);
  const now = deps.now();
  const [row] = await db
    .update(authTokens)
    .set({ usedAt: now })
    .where(
      and(
        eq(authTokens.tokenHash, hashToken(token)),
        eq(authTokens.kind, kind),
        isNull(authTokens.usedAt),
        gt(authTokens.expiresAt, now),
      ),
    )
    .returning({ userId: authTokens.userId });
  if (!row) throw badRequest(MESSAGES.invalidToken);
  return row.userId;
}
