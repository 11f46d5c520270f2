/**
 * `npm run ledger:verify`: re-derives every balance from the ledger's postings and checks
 * that every journal balances. Read-only. Exit code 0 when the ledger is sound, 1 when a
 * problem was found, 2 when the check could not run.
 *
 * Uses DATABASE_URL (PostgreSQL) or the embedded database in DATA_DIR. The embedded
 * database is single-process: beside a server running on it, this stops at once naming the
 * server's pid (exit 2); stop the server first, or use the staff endpoint GET /api/ledger/verify.
 */
import { formatUsd } from '@app/shared';
import { loadConfig } from '../config';
import { openDatabase } from '../db/client';
import { verifyLedger } from '../ledger/verify';
import { runCli } from './run';

async function main(): Promise<number> {
  const config = loadConfig();
  const database = await openDatabase(config);
  try {
    if ((await database.migrationStatus()).pending.length > 0) {
      console.error('The database is not migrated yet (run npm run migrate, or it is empty).');
      return 2;
    }
    const report = await verifyLedger(database.db);
    console.log(`Ledger check at ${report.checkedAt}`);
    console.log(`  journals ${report.journals}, postings ${report.postings}, accounts ${report.accounts}`);
    console.log(`  owed to users ${formatUsd(report.totals.owedToUsersCents)} (held ${formatUsd(report.totals.heldCents)}, invested ${formatUsd(report.totals.investedCents)})`);
    console.log(`  fee income ${formatUsd(report.totals.feeIncomeCents)}, profit paid ${formatUsd(-report.totals.profitExpenseCents)}`);
    if (report.ok) {
      console.log('OK: every journal sums to zero and every balance matches its postings.');
      return 0;
    }
    console.log(`PROBLEMS (${report.problems.length}):`);
    for (const problem of report.problems) console.log(`  [${problem.check}] ${problem.detail}`);
    return 1;
  } finally {
    await database.close();
  }
}

runCli('ledger:verify', main);
