/**
 * `npm run documents:migrate`: moves KYC documents kept under DATA_DIR into PostgreSQL
 * (DOCUMENT_STORE=database), for several instances without a shared disk. Needs
 * DATABASE_URL; copies what is missing, reads each copy back, leaves the files in place.
 * Exit code 0 when done, 1 when a copy failed, 2 when it could not run.
 */
import { loadConfig } from '../config';
import { openDatabase } from '../db/client';
import { migrateDocumentsToDatabase } from '../services/kyc/document-storage';
import { runCli } from './run';

async function main(): Promise<number> {
  const config = loadConfig();
  if (!config.databaseUrl) {
    console.error('DATABASE_URL is not set: documents move into PostgreSQL, so point DATABASE_URL at it.');
    return 2;
  }
  const database = await openDatabase(config);
  try {
    await database.migrate();
    const { copied, skipped } = await migrateDocumentsToDatabase(config.dataDir, database.db);
    console.log(`Documents from ${config.dataDir}: ${copied} copied into the database, ${skipped} already there.`);
    if (config.documentStore !== 'database') console.log('Set DOCUMENT_STORE=database (the default with DATABASE_URL) to serve them from there.');
    return 0;
  } catch (error) {
    console.error(`Migration stopped: ${(error as Error).message}`);
    return 1;
  } finally {
    await database.close();
  }
}

runCli('documents:migrate', main);
