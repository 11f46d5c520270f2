import { sql, type AnyColumn } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { preparedPerDatabase } from '../../db/prepared';
import { historyVersions, sessions } from '../../db/schema';
import type { AppDeps } from '../../deps';
import { activeSession, batchedSessionRead, sessionIdOf, sessionReads, type ActiveSession } from '../auth/sessions';
import { settingFrom, storedSetting } from '../platform/settings';

/**
 * Rendered history pages kept in memory for the history version they were rendered at (ADR
 * 0023). The version moves at the commit of every write to a user's history (migration
 * 0021_history_versions_trigger), so a page found under the version a request reads with its
 * session is exactly what the database would answer: on any instance, whatever another instance
 * wrote. Pages are kept as the bytes sent (UTF-8), so a repeated page is not encoded again. A
 * newer version replaces a user's pages; the least recently read users go first once the pages
 * take more than `maxBytes`.
 */
export class HistoryPageCache {
  readonly #users = new Map<string, { version: string; pages: Map<string, Buffer>; bytes: number }>();
  #bytes = 0;

  constructor(private readonly maxBytes: number) {}

  get size(): { users: number; bytes: number } {
    return { users: this.#users.size, bytes: this.#bytes };
  }

  get(userId: string, version: string, key: string): Buffer | undefined {
    const entry = this.#users.get(userId);
    const page = entry?.version === version ? entry.pages.get(key) : undefined;
    if (page !== undefined) {
      // Most recently read last: the Map's order is the eviction order.
      this.#users.delete(userId);
      this.#users.set(userId, entry!);
    }
    return page;
  }

  set(userId: string, version: string, key: string, page: Buffer): void {
    if (page.length > this.maxBytes / 4) return;
    let entry = this.#users.get(userId);
    // A page rendered at an older version than the one kept (a slower concurrent read) is not kept.
    if (entry && BigInt(entry.version) > BigInt(version)) return;
    if (entry) this.#remove(userId);
    if (!entry || entry.version !== version) entry = { version, pages: new Map(), bytes: 0 };
    const replaced = entry.pages.get(key)?.length ?? 0;
    entry.pages.set(key, page);
    entry.bytes += page.length - replaced;
    this.#users.set(userId, entry);
    this.#bytes += entry.bytes;
    for (const [oldestId] of this.#users) {
      if (this.#bytes <= this.maxBytes) break;
      this.#remove(oldestId);
    }
  }

  #remove(userId: string): void {
    this.#bytes -= this.#users.get(userId)?.bytes ?? 0;
    this.#users.delete(userId);
  }
}

/** Room for the first pages of 20 items (~8 KB) of about 2,000 users. */
const MAX_CACHED_BYTES = 16 * 1024 * 1024;

/** One cache per database handle (an app instance; tests build many in one process). */
export const historyPageCache = preparedPerDatabase(() => new HistoryPageCache(MAX_CACHED_BYTES));

/** A select expression: a user's history version as text ('0' before their first entry). */
export const historyVersionOf = (userId: AnyColumn | ReturnType<typeof sql.placeholder>) =>
  sql<string>`coalesce((select ${historyVersions.version} from ${historyVersions} where ${historyVersions.userId} = ${userId}), 0)::text`;

/** What a history page depends on besides its query: the user's history version and the explorer link setting. */
export interface HistoryState {
  version: string;
  explorerTxUrl: string;
}

/** The session with the user's history version and the explorer setting, in one statement (batched like every session read). */
const sessionWithHistoryById = preparedPerDatabase((db: DbOrTx) => {
  return batchedSessionRead(
    db,
    sessionReads(db, { historyVersion: historyVersionOf(sessions.userId), explorerTxUrl: storedSetting('explorerTxUrl') }, 'sessions_with_history_version_by_id'),
  );
});

/** The live session of a token with its history state (for `sessionWith` in the route). */
export async function findSessionWithHistoryState(deps: Pick<AppDeps, 'db'>, token: string): Promise<{ auth: ActiveSession; data: HistoryState } | null> {
  const id = sessionIdOf(token);
  const row = id ? await sessionWithHistoryById(deps.db)({ id }) : undefined;
  const auth = row ? await activeSession(deps.db, row) : null;
  return auth && row ? { auth, data: { version: row.historyVersion, explorerTxUrl: settingFrom('explorerTxUrl', row.explorerTxUrl) } } : null;
}
