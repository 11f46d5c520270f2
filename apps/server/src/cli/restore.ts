/**
 * `npm run restore -- <file>`: restores a backup into an empty DATA_DIR (embedded) or the empty
 * database DATABASE_URL names, whichever kind took it; checks the archive and SECRET_KEY
 * first, refuses a target holding data, then runs the ledger check (exit 0 when sound).
 */
import { rm } from 'node:fs/promises';
import { formatUsd } from '@app/shared';
import { loadConfig, wouldGenerateSecretKey } from '../config';
import { openDatabase } from '../db/client';
import { verifyLedger } from '../ledger/verify';
import { rawDocumentStore } from '../services/kyc/document-storage';
import { checkSecretKey, openArchive, restoreArchive } from '../services/platform/restore';
import { CommandRefusedError, runCli, secondsSince } from './run';

async function main(): Promise<number> {
  const [file, ...rest] = process.argv.slice(2);
  if (!file || rest.length > 0) throw new CommandRefusedError('Usage: npm run restore -- <file.tar.gz>');
  const { dir, manifest } = await openArchive(file);
  try {
    // Loading the configuration would otherwise make up a new key beside the restored data.
    if (wouldGenerateSecretKey()) {
      throw new CommandRefusedError(`Set SECRET_KEY to the key this backup was taken with (fingerprint ${manifest.secretKeyFingerprint}).`);
    }
    const config = loadConfig();
    checkSecretKey(manifest, config.secretKey);
    const database = await openDatabase(config);
    try {
      const started = Date.now();
      const result = await restoreArchive(dir, manifest, { database, secretKey: config.secretKey, documents: rawDocumentStore({ config, db: database.db }) });
      console.log(
        `Restored ${file} (taken ${manifest.takenAt} on ${manifest.database === 'pglite' ? 'the embedded database' : 'PostgreSQL'}): ${result.tables} tables, ${result.rows} rows, ${result.documents} documents, ${result.migrationsApplied} newer migration(s) applied, in ${secondsSince(started)}.`,
      );
      if (result.restoredEmails > 0) console.log(`${result.restoredEmails} email(s) were waiting: kept as "restored" in the outbox, sent only when staff send them.`);
      const report = await verifyLedger(database.db);
      if (!report.ok) {
        console.log(`Ledger check found ${report.problems.length} problem(s):`);
        for (const problem of report.problems) console.log(`  [${problem.check}] ${problem.detail}`);
        return 1;
      }
      console.log(`Ledger check OK: ${report.journals} journals, owed to users ${formatUsd(report.totals.owedToUsersCents)}.`);
      return 0;
    } finally {
      await database.close();
    }
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

runCli('restore', main);
