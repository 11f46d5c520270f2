import { buildApp, emailsGoToLog } from './app';
import { ConfigError, loadConfig } from './config';
import { openDatabase } from './db/client';
import { DataDirInUseError } from './db/data-dir-lock';
import { MigrationRefusedError, migrateDatabase, refuseNewerDatabase } from './db/migrations';
import { ensureAdmin } from './services/auth/accounts';
import { documentStore } from './services/kyc/document-storage';
import { backupBeforeMigrating } from './services/platform/backup';
import { checkRedis, databaseStartupError } from './startup-errors';

/** Time allowed for in-flight requests to finish after SIGTERM/SIGINT. */
const SHUTDOWN_GRACE_MS = 10_000;
/**
 * Of that, how long to wait for requests to end (those whose clients left included); then the
 * database connections are closed (db/client.ts drops those still lent out after two seconds),
 * so a request waiting on a database that went away cannot hold shutdown past its budget.
 */
const REQUESTS_GRACE_MS = 5_000;

async function main() {
  const config = loadConfig();
  if (config.redisUrl) await checkRedis(config.redisUrl);
  const database = await openDatabase(config);
  let pending: string[] = [];
  try {
    if (config.migrateOnStart) await migrateDatabase(database, { beforeMigrating: backupBeforeMigrating(config, database) });
    else {
      const status = await database.migrationStatus();
      refuseNewerDatabase(status);
      pending = status.pending;
    }
  } catch (error) {
    const known = error instanceof MigrationRefusedError ? error : config.databaseUrl ? databaseStartupError(error, config.databaseUrl) : null;
    if (known) await database.close().catch(() => {});
    throw known ?? error;
  }
  const app = await buildApp({ config, database });
  if (pending.length > 0) {
    app.log.warn(`MIGRATE_ON_START=false and ${pending.length} migration(s) pending (${pending.at(-1)}): run npm run migrate. /api/ready answers 503 until then.`);
  }
  try {
    await documentStore(app.deps).check();
  } catch (error) {
    await app.close();
    await database.close();
    throw new ConfigError(`${(error as Error).message}. Check DOCUMENT_STORE and DATA_DIR.`);
  }
  for (const warning of config.warnings) app.log.warn(warning);
  if (config.production && config.databaseUrl && !config.redisUrl) {
    app.log.warn('REDIS_URL is not set: rate limits are counted per instance. With several instances behind a load balancer, set REDIS_URL so they share them.');
  }
  if (!config.smtpUrl) {
    if (emailsGoToLog(config)) app.log.info('SMTP_URL is not set: emails are not sent; each one, codes and links included, is written to this log.');
    else app.log.warn('SMTP_URL is not set: emails are not delivered. They are kept in the outbox (/admin/outbox); the log holds no codes or links.');
  }
  if (config.adminEmail && config.adminPassword) {
    const result = await ensureAdmin(database.db, config.adminEmail, config.adminPassword);
    if (result === 'created') app.log.info({ email: config.adminEmail }, 'admin account created');
  }

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down: finishing in-flight requests');
    const force = setTimeout(() => {
      app.log.error('shutdown took too long; exiting');
      process.exit(1);
    }, SHUTDOWN_GRACE_MS);
    force.unref();
    try {
      const ended = app.close().then(() => app.requestsEnded(REQUESTS_GRACE_MS));
      await Promise.race([ended, new Promise((resolve) => setTimeout(resolve, REQUESTS_GRACE_MS).unref())]);
      await database.close();
      process.exit(0);
    } catch (error) {
      app.log.error({ err: error }, 'error during shutdown');
      process.exit(1);
    }
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));

  await app.listen({ port: config.port, host: config.host });
  app.log.info(`Vaultline is serving ${config.appUrl} (${database.kind === 'pglite' ? `embedded database in ${config.dataDir}` : 'PostgreSQL'})`);
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError) {
    console.error(`Configuration error: ${error.message}`);
  } else if (error instanceof DataDirInUseError || error instanceof MigrationRefusedError) {
    console.error(error.message);
  } else {
    console.error(error);
  }
  process.exit(1);
});
