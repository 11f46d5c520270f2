/**
 * Migrations as a step of their own (issue 44.3): `npm run migrate` and the server's start
 * share this. A database a newer build migrated is refused (an older build would run on a
 * schema it does not know), and with BACKUP_BEFORE_MIGRATE a database that holds data is
 * backed up before its first pending migration runs.
 */
import { sql } from 'drizzle-orm';
import type { Database, MigrationStatus } from './client';
import { selectRows } from './rows';

/** A database this build must not touch, in one line. */
export class MigrationRefusedError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'MigrationRefusedError';
  }
}

export function refuseNewerDatabase(status: MigrationStatus): void {
  if (status.unknown > 0) {
    throw new MigrationRefusedError(
      `The database was migrated by a newer build of Vaultline (${status.unknown} migration${status.unknown === 1 ? '' : 's'} this build does not ship): run that build or a newer one, or restore a backup taken before the upgrade.`,
    );
  }
}

export interface MigrateOptions {
  /** Called with the pending migrations when the database already holds data, before any is applied. */
  beforeMigrating?: (pending: string[]) => Promise<void>;
}

/** Applies what is pending; returns the migrations applied (none when up to date). */
export async function migrateDatabase(database: Database, options: MigrateOptions = {}): Promise<string[]> {
  const status = await database.migrationStatus();
  refuseNewerDatabase(status);
  if (status.pending.length === 0) return [];
  if (options.beforeMigrating && (await holdsData(database))) await options.beforeMigrating(status.pending);
  await database.migrate();
  return status.pending;
}

/** A database with users in it: a fresh one (nothing applied, or only the first migrations on an empty install) needs no backup. */
async function holdsData(database: Database): Promise<boolean> {
  const [table] = await selectRows<{ present: boolean }>(database.db, sql`select to_regclass('public.users') is not null as present`);
  if (!table?.present) return false;
  const [users] = await selectRows<{ any: boolean }>(database.db, sql`select exists (select 1 from users) as any`);
  return Boolean(users?.any);
}
