// The deposit watcher on a real EVM node (Hardhat 2, a real ERC-20): a backlog of BLOCKS
// blocks holding TRANSFERS token transfers to users' own addresses.
// 1. Scan: one watcher tick reads the whole backlog (eth_getLogs per range, every block in
//    full for native transfers, the transfers recorded) before any has its confirmations:
//    blocks scanned per second, beside the bare eth_getLogs calls over the same ranges.
// 2. Credit: after the confirmations are mined, one tick credits every transfer (ledger
//    journal, payment row, emails): credits per second. The ledger is verified after.
// Runs on the embedded database (the default install), and on PostgreSQL with BENCH_DATABASE_URL.
//
//   node --import tsx bench/chain.ts
import { parseAbiItem } from 'viem';
import { loadChainConfig } from '../apps/server/src/config';
import { parseWatchKey } from '../apps/server/src/chain';
import { verifyLedger } from '../apps/server/src/ledger';
import { ownDepositAddress } from '../apps/server/src/services/money/chain-deposits';
import { createEvmWatcher } from '../apps/server/src/services/money/chain-watcher';
import { buildTestApp, insertTestUser } from '../apps/server/test/helpers/build-test-app';
import { evmAccountXpub, startEvmNode, type EvmNode } from '../apps/server/test/helpers/evm-node';
import { openPostgres, wrapPglite, type Database } from '../apps/server/src/db/client';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';

const BLOCKS = Number(process.env.CHAIN_BLOCKS ?? 1000);
const USERS = 50;
const RANGE = 500;
const CONFIRMATIONS = 12;

async function backlog(node: EvmNode, token: `0x${string}`, addresses: string[]): Promise<{ from: number; to: number }> {
  const from = (await node.blockNumber()) + 1;
  // One transfer per block, each mined on its own: BLOCKS blocks, BLOCKS transfers.
  for (let i = 0; i < BLOCKS; i += 1) await node.mint(token, addresses[i % addresses.length]!, 1_000_000n + BigInt(i));
  return { from, to: await node.blockNumber() };
}

/** The bare eth_getLogs calls over the same ranges (token transfers only). */
async function bareGetLogs(node: EvmNode, token: `0x${string}`, range: { from: number; to: number }): Promise<number> {
  const event = parseAbiItem('event Transfer(address indexed from, address indexed to, uint256 value)');
  const started = performance.now();
  let logs = 0;
  for (let from = range.from; from <= range.to; from += RANGE) {
    const to = Math.min(range.to, from + RANGE - 1);
    logs += (await node.publicClient.getLogs({ address: token, event, fromBlock: BigInt(from), toBlock: BigInt(to) })).length;
  }
  if (logs !== BLOCKS) throw new Error(`expected ${BLOCKS} logs, got ${logs}`);
  return (performance.now() - started) / 1000;
}

/** Native ETH transfers are only in the blocks themselves: every block in full, as raw JSON-RPC batches of 100. */
async function bareFullBlocks(node: EvmNode, range: { from: number; to: number }): Promise<number> {
  const started = performance.now();
  for (let from = range.from; from <= range.to; from += 100) {
    const count = Math.min(100, range.to - from + 1);
    const body = JSON.stringify(Array.from({ length: count }, (_, i) => ({ jsonrpc: '2.0', id: i, method: 'eth_getBlockByNumber', params: [`0x${(from + i).toString(16)}`, true] })));
    await (await fetch(node.url, { method: 'POST', headers: { 'content-type': 'application/json' }, body })).json();
  }
  return (performance.now() - started) / 1000;
}

async function run(databaseName: string, database: Database) {
  const node = await startEvmNode();
  try {
    const token = await node.deployToken('USDT', 6);
    const key = parseWatchKey('evm', evmAccountXpub());
    const addresses: string[] = [];
    for (let i = 0; i < USERS; i += 1) {
      const user = await insertTestUser(database.db, { name: `Chain bench ${i}`, email: `chain-bench-${i}@example.com` });
      addresses.push(await ownDepositAddress(database.db, user.id, key));
    }
    const seeded = performance.now();
    const range = await backlog(node, token, addresses);
    const seedSeconds = (performance.now() - seeded) / 1000;
    const chainConfig = (confirmations: number) =>
      loadChainConfig({
        EVM_RPC_URL: node.url,
        EVM_TOKENS: `USDT:${token}:6:usd`,
        EVM_CONFIRMATIONS: String(confirmations),
        EVM_START_BLOCK: String(range.from),
        EVM_SCAN_RANGE: String(RANGE),
      });

    const bareSeconds = await bareGetLogs(node, token, range);
    const rpcSeconds = bareSeconds + (await bareFullBlocks(node, range));
    // Scan: more confirmations required than the backlog is deep, so this tick only reads and records.
    const reader = await buildTestApp({ database, config: { chain: chainConfig(10 * BLOCKS) } });
    let started = performance.now();
    const scan = await createEvmWatcher(reader.app.deps).tick();
    const scanSeconds = (performance.now() - started) / 1000;
    await reader.app.close();
    if (!scan?.caughtUp || scan.seen !== BLOCKS || scan.credited !== 0) throw new Error(`scan incomplete: ${JSON.stringify(scan)}`);

    // Credit: the usual depth, every transfer now deep enough.
    await node.mine(CONFIRMATIONS);
    const crediter = await buildTestApp({ database, config: { chain: chainConfig(CONFIRMATIONS) } });
    started = performance.now();
    const credit = await createEvmWatcher(crediter.app.deps).tick();
    const creditSeconds = (performance.now() - started) / 1000;
    await crediter.app.close();
    if (credit?.credited !== BLOCKS) throw new Error(`credits incomplete: ${JSON.stringify(credit)}`);
    const ledger = await verifyLedger(database.db);

    const blocksPerSecond = BLOCKS / scanSeconds;
    const bareBlocksPerSecond = (range.to - range.from + 1) / bareSeconds;
    console.log(
      `chain ${databaseName}: ${BLOCKS} blocks with ${BLOCKS} transfers (seeded in ${seedSeconds.toFixed(1)} s); ` +
        `scan ${Math.round(blocksPerSecond)} blocks/s (${scanSeconds.toFixed(2)} s), bare eth_getLogs over the same ranges ${Math.round(bareBlocksPerSecond)} blocks/s ` +
        `(${bareSeconds.toFixed(3)} s): ratio ${(blocksPerSecond / bareBlocksPerSecond).toFixed(3)}; with every block read in full too ${Math.round(BLOCKS / rpcSeconds)} blocks/s: ratio ${(rpcSeconds / scanSeconds).toFixed(2)}; ` +
        `credit ${Math.round(BLOCKS / creditSeconds)} credits/s (${creditSeconds.toFixed(2)} s); ledger ${ledger.ok ? 'verified' : 'FAILED'}`,
    );
  } finally {
    await node.stop();
  }
}

async function main() {
  // The embedded database as `npm start` opens it (in memory here), migrated.
  const client = await PGlite.create();
  const embedded = wrapPglite(client);
  await embedded.migrate();
  await run('embedded', embedded);
  await embedded.close();
  if (process.env.BENCH_DATABASE_URL) {
    // A database of its own, dropped after.
    const name = `vaultline_bench_chain_${Date.now().toString(36)}`;
    const url = new URL(process.env.BENCH_DATABASE_URL);
    url.pathname = '/postgres';
    const admin = new pg.Client({ connectionString: url.toString() });
    await admin.connect();
    await admin.query(`create database ${name}`);
    url.pathname = `/${name}`;
    const postgres = openPostgres(url.toString());
    try {
      await postgres.migrate();
      await run('postgres', postgres);
    } finally {
      await postgres.close();
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    }
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
