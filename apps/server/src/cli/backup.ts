/**
 * `npm run backup -- <file>`: writes one archive (.tar.gz, .tgz or .tar) of the database, the
 * KYC documents (still encrypted) and a manifest (services/platform/backup.ts). On PostgreSQL
 * it runs beside serving instances, in one snapshot; the embedded database belongs to one
 * process, so beside a running server this refuses in one line (exit 1): stop it first.
 */
import { loadConfig } from '../config';
import { openDatabase } from '../db/client';
import { archiveCompression, writeBackup } from '../services/platform/backup';
import { CommandRefusedError, runCli, secondsSince } from './run';

async function main(): Promise<number> {
  const [file, ...rest] = process.argv.slice(2);
  if (!file || rest.length > 0) throw new CommandRefusedError('Usage: npm run backup -- <file.tar.gz>');
  try {
    archiveCompression(file);
  } catch (error) {
    throw new CommandRefusedError((error as Error).message);
  }
  const config = loadConfig();
  const database = await openDatabase(config);
  try {
    const started = Date.now();
    const manifest = await writeBackup({ database, config }, file);
    const rows = Object.values(manifest.tables).reduce((sum, table) => sum + table.rows, 0);
    console.log(
      `Backup written to ${file}: ${Object.keys(manifest.tables).length} tables, ${rows} rows, ${manifest.documents} documents, schema ${manifest.lastMigration}, in ${secondsSince(started)}.`,
    );
    console.log(`Keep SECRET_KEY (fingerprint ${manifest.secretKeyFingerprint}) apart from the archive: a restore needs it, and the archive alone cannot read the documents.`);
    return 0;
  } finally {
    await database.close();
  }
}

runCli('backup', main);
