/**
 * SIGKILL mid-scan: the real server (child process) follows a real EVM node through a
 * backlog of transfers and is killed while it credits them; after a restart every transfer
 * is credited exactly once and the ledger verifies (PostgreSQL, like the other fault tests).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { verifyLedger } from '../../src/ledger';
import { ownDepositAddress } from '../../src/services/money/chain-deposits';
import { parseWatchKey } from '../../src/chain';
import type { Database } from '../../src/db/client';
import { insertTestUser, onPostgres, openTestDatabase, needsPostgres } from '../helpers/build-test-app';
import { evmAccountXpub, startEvmNode, type EvmNode } from '../helpers/evm-node';
import { startServer, type ChildServer } from '../proof/proc';

if (!onPostgres) console.log('chain crash test skipped: TEST_DATABASE_URL is not set (it needs PostgreSQL)');

const TRANSFERS = 120;

async function count(db: Database['db'], query: ReturnType<typeof sql>): Promise<number> {
  const result = (await db.execute(query)) as unknown as { rows: { n: number }[] };
  return result.rows[0]!.n;
}

describe('SIGKILL while the watcher credits a backlog', needsPostgres, () => {
  let node: EvmNode;
  let database: Database & { url?: string };
  let server: ChildServer | undefined;

  beforeAll(async () => {
    node = await startEvmNode();
    database = await openTestDatabase({ postgres: true, poolSize: 4 });
  }, 90_000);
  afterAll(async () => {
    await server?.kill('SIGKILL');
    await database?.close();
    await node?.stop();
  });

  it('neither loses nor doubles a credit, and resumes from the saved cursor', { timeout: 240_000 }, async () => {
    const usdt = await node.deployToken('USDT', 6);
    const key = parseWatchKey('evm', evmAccountXpub());
    const users = [];
    for (let i = 0; i < 4; i += 1) {
      const user = await insertTestUser(database.db, { name: `Chain ${i}`, email: `chain-crash-${i}-${Date.now()}@example.com` });
      users.push({ id: user.id, address: await ownDepositAddress(database.db, user.id, key) });
    }
    const start = await node.blockNumber();
    for (let i = 0; i < TRANSFERS; i += 1) await node.mint(usdt, users[i % 4]!.address, 1_000_000n * BigInt(1 + (i % 4)));
    await node.mine(2);
    const env = {
      RUN_JOBS: 'true',
      EVM_RPC_URL: node.url,
      EVM_TOKENS: `USDT:${usdt}:6:usd`,
      EVM_CONFIRMATIONS: '2',
      EVM_START_BLOCK: String(start + 1),
      EVM_SCAN_RANGE: '2',
      EVM_POLL_SECONDS: '1',
      DEPOSIT_XPUB_EVM: evmAccountXpub(),
    };
    const credited = sql`select count(*)::int as n from onchain_deposits where status = 'Confirmed'`;
    server = await startServer(database.url!, env);
    // Kill it as soon as credits are being written, with most of the backlog still to go.
    const deadline = Date.now() + 120_000;
    while ((await count(database.db, credited)) === 0 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 20));
    await server.kill('SIGKILL');
    const atKill = await count(database.db, credited);
    expect(atKill).toBeGreaterThan(0);
    expect(atKill).toBeLessThan(TRANSFERS);

    server = await startServer(database.url!, env);
    while ((await count(database.db, credited)) < TRANSFERS && Date.now() < deadline + 60_000) await new Promise((resolve) => setTimeout(resolve, 100));
    await server.kill('SIGTERM');
    server = undefined;

    expect(await count(database.db, sql`select count(*)::int as n from onchain_deposits`)).toBe(TRANSFERS);
    expect(await count(database.db, credited)).toBe(TRANSFERS);
    expect(await count(database.db, sql`select count(*)::int as n from ledger_journals where kind = 'deposit'`)).toBe(TRANSFERS);
    expect(await count(database.db, sql`select count(*)::int as n from payments where source = 'chain' and status = 'Confirmed'`)).toBe(TRANSFERS);
    // Each user received 30 transfers of (1 + i) USDT.
    const balances = (await database.db.execute(
      sql`select a.user_id, a.balance_cents::int as cents from ledger_accounts a where a.kind = 'wallet' order by a.user_id`,
    )) as unknown as { rows: { user_id: string; cents: number }[] };
    const byUser = new Map(balances.rows.map((row) => [row.user_id, row.cents]));
    users.forEach((user, i) => expect(byUser.get(user.id)).toBe(30 * (1 + i) * 100));
    expect((await verifyLedger(database.db)).ok).toBe(true);
  });
});
