import { sql, type AnyColumn } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { preparedPerDatabase } from '../../db/prepared';
import { historyVersions, sessions } from '../../db/schema';
import type { AppDeps } from '../../deps';
import { activeSession, batchedSessionRead, distinctIds, sessionIdOf, sessionQuery, type ActiveSession } from '../auth/sessions';
import { settingFrom, storedSetting } from '../platform/settings';

/**
 * Rendered history pages kept in memory for the history version they were rendered at (ADR
 * 0023). The version moves at the commit of every write to a user's history (migration
 * 0021_history_versions_trigger), so a page found under the version a request reads with its
 * session is exactly what the database would answer: on any instance, whatever another instance
 * wrote. A newer version replaces a user's pages; the least recently read users go first once
 * the pages take more than `maxChars`.
 */
export class HistoryPageCache {
  readonly #users = new Map<string, { version: string; pages: Map<string, string>; chars: number }>();
  #chars = 0;

  constructor(private readonly maxChars: number) {}

  get size(): { users: number; chars: number } {
    return { users: this.#users.size, chars: this.#chars };
  }

  get(userId: string, version: string, key: string): string | undefined {
    const entry = this.#users.get(userId);
    const page = entry?.version === version ? entry.pages.get(key) : undefined;
    if (page !== undefined) {
      // Most recently read last: the Map's order is the eviction order.
      this.#users.delete(userId);
      this.#users.set(userId, entry!);
    }
    return page;
  }

  set(userId: string, version: string, key: string, page: string): void {
    if (page.length > this.maxChars / 4) return;
    let entry = this.#users.get(userId);
    // A page rendered at an older version than the one kept (a slower concurrent read) is not kept.
    if (entry && BigInt(entry.version) > BigInt(version)) return;
    if (entry) this.#remove(userId);
    if (!entry || entry.version !== version) entry = { version, pages: new Map(), chars: 0 };
    const replaced = entry.pages.get(key)?.length ?? 0;
    entry.pages.set(key, page);
    entry.chars += page.length - replaced;
    this.#users.set(userId, entry);
    this.#chars += entry.chars;
    for (const [oldestId] of this.#users) {
      if (this.#chars <= this.maxChars) break;
      this.#remove(oldestId);
    }
  }

  #remove(userId: string): void {
    this.#chars -= this.#users.get(userId)?.chars ?? 0;
    this.#users.delete(userId);
  }
}

/** Room for the rendered pages of about 2,000 users' first pages of 20 items. */
const MAX_CACHED_CHARS = 16 * 1024 * 1024;

/** One cache per database handle (an app instance; tests build many in one process). */
export const historyPageCache = preparedPerDatabase(() => new HistoryPageCache(MAX_CACHED_CHARS));

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
  const statement = sessionQuery(db, { historyVersion: historyVersionOf(sessions.userId), explorerTxUrl: storedSetting('explorerTxUrl') }).prepare(
    'sessions_with_history_version_by_id',
  );
  return batchedSessionRead((keys: readonly { id: string }[]) => statement.execute({ ids: distinctIds(keys) }));
});

/** The live session of a token with its history state (for `sessionWith` in the route). */
export async function findSessionWithHistoryState(deps: Pick<AppDeps, 'db'>, token: string): Promise<{ auth: ActiveSession; data: HistoryState } | null> {
  const id = sessionIdOf(token);
  const row = id ? await sessionWithHistoryById(deps.db)({ id }) : undefined;
  const auth = row ? await activeSession(deps.db, row) : null;
  return auth && row ? { auth, data: { version: row.historyVersion, explorerTxUrl: settingFrom('explorerTxUrl', row.explorerTxUrl) } } : null;
}
