import { desc, eq } from 'drizzle-orm';
import { auditLog } from '../../src/db/schema';
import type { TestApp, TestUser } from './build-test-app';

/** The staff-user suites' calls, on the file's app. */
export function adminHelpers(t: TestApp) {
  /** The newest audit entry of an action. */
  async function lastAudit(action: string) {
    const [row] = await t.database.db.select().from(auditLog).where(eq(auditLog.action, action)).orderBy(desc(auditLog.id)).limit(1);
    return row;
  }

  const upgrade = (actor: TestUser, body: Record<string, unknown>) =>
    t.app.inject({ method: 'POST', url: '/api/users/upgradeUser', headers: actor.headers, payload: body });

  return { lastAudit, upgrade };
}
