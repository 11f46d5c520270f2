/**
 * `npm run migrate`: applies the pending migrations and exits (0). `npm run migrate -- --check`
 * lists them and changes nothing: exit 1 when some are pending, 0 when none. Either refuses a
 * database migrated by a newer build, and an embedded DATA_DIR another process holds (exit 1).
 * BACKUP_BEFORE_MIGRATE=<dir> writes a backup there first when the database holds data.
 */
import { loadConfig } from '../config';
import { openDatabase } from '../db/client';
import { migrateDatabase, refuseNewerDatabase } from '../db/migrations';
import { backupBeforeMigrating } from '../services/platform/backup';
import { runCli } from './run';

async function main(): Promise<number> {
  const args = process.argv.slice(2);
  const unknownArgument = args.find((arg) => arg !== '--check');
  if (unknownArgument) {
    console.error(`migrate: unknown argument ${unknownArgument} (use --check to list pending migrations without applying them).`);
    return 2;
  }
  const config = loadConfig();
  const database = await openDatabase(config);
  try {
    if (args.includes('--check')) {
      const status = await database.migrationStatus();
      refuseNewerDatabase(status);
      if (status.pending.length === 0) {
        console.log('No pending migrations: the database is up to date.');
        return 0;
      }
      console.log(`${status.pending.length} pending migration(s):`);
      for (const tag of status.pending) console.log(`  ${tag}`);
      return 1;
    }
    const applied = await migrateDatabase(database, { beforeMigrating: backupBeforeMigrating(config, database) });
    console.log(applied.length === 0 ? 'No pending migrations: the database is up to date.' : `Applied ${applied.length} migration(s), up to ${applied.at(-1)}.`);
    return 0;
  } finally {
    await database.close();
  }
}

runCli('migrate', main);
