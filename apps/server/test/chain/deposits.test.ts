/**
 * On-chain deposits against a real EVM node (Hardhat 2) and a real ERC-20: own addresses,
 * detection, confirmations, exactly-once credit, reorganisations, restarts, reconciliation
 * with reported deposits. The server code path is the production one (viem over HTTP).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { HDKey } from '@scure/bip32';
import { mnemonicToSeedSync } from '@scure/bip39';
import { bytesToHex, formatUnits, parseEther } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { formatCents } from '@app/shared';
import { loadChainConfig } from '../../src/config';
import { verifyLedger } from '../../src/ledger';
import { createEvmWatcher, type DepositWatcher } from '../../src/services/money/chain-watcher';
import { buildTestApp, openTestDatabase, type TestApp, type TestUser, needsPostgres } from '../helpers/build-test-app';
import { DEPOSIT_MNEMONIC, evmAccountXpub, startEvmNode, TOKEN_ABI, type EvmNode } from '../helpers/evm-node';
import { figures } from '../money/helpers';

const CONFIRMATIONS = 3;
let node: EvmNode;
let usdt: `0x${string}`;
let dai: `0x${string}`;

beforeAll(async () => {
  node = await startEvmNode();
  usdt = await node.deployToken('USDT', 6);
  dai = await node.deployToken('DAI', 18);
}, 90_000);
afterAll(async () => {
  await node?.stop();
});

function chainEnv(extra: Record<string, string> = {}) {
  return loadChainConfig({
    EVM_RPC_URL: node.url,
    EVM_CONFIRMATIONS: String(CONFIRMATIONS),
    EVM_TOKENS: `USDT:${usdt}:6:usd,DAI:${dai}:18:usd`,
    DEPOSIT_XPUB_EVM: evmAccountXpub(),
    EVM_EXPLORER_URL: 'https://explorer.example/tx/{hash}',
    ...extra,
  });
}

/** A fresh database whose watcher starts at the current block. */
async function chainApp(options: { database?: TestApp['database']; extra?: Record<string, string> } = {}) {
  const start = String(await node.blockNumber());
  return buildTestApp({ config: { chain: chainEnv({ EVM_START_BLOCK: start, ...options.extra }) }, ...(options.database ? { database: options.database } : {}) });
}

async function addressOf(t: TestApp, user: TestUser, asset = 'USDT'): Promise<string> {
  const response = await t.app.inject({ method: 'GET', url: `/api/payments/deposit-address?asset=${asset}`, headers: user.headers });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().address as string;
}

async function onchain(t: TestApp, user: TestUser) {
  const response = await t.app.inject({ method: 'GET', url: '/api/payments/onchain-deposits', headers: user.headers });
  expect(response.statusCode).toBe(200);
  return response.json().deposits as Array<{ status: string; confirmations: number; confirmationsRequired: number; amount: string; usdAmount: string | null; txHash: string; transactionId: string | null; explorerUrl: string | null }>;
}

async function emailsTo(t: TestApp, email: string): Promise<string[]> {
  const result = (await t.database.db.execute(sql`select kind from email_outbox where to_address = ${email} order by id`)) as unknown as { rows: { kind: string }[] };
  return result.rows.map((row) => row.kind);
}

const usd = (dollars: number) => BigInt(dollars) * 1_000_000n;

describe('own deposit addresses', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await chainApp();
  });
  afterAll(async () => t.close());

  it('gives each user one EIP-55 address at <xpub>/0/i, the same every time, never shared, gated like deposits', async () => {
    const users = await Promise.all(Array.from({ length: 12 }, () => t.createUser()));
    // Every user asks three times at once.
    const answers = await Promise.all(users.flatMap((user) => [0, 1, 2].map(() => addressOf(t, user))));
    const perUser = users.map((_, i) => new Set(answers.slice(i * 3, i * 3 + 3)));
    for (const set of perUser) expect(set.size).toBe(1);
    const addresses = perUser.map((set) => [...set][0]!);
    expect(new Set(addresses).size).toBe(users.length);
    const account = HDKey.fromMasterSeed(mnemonicToSeedSync(DEPOSIT_MNEMONIC)).derive("m/44'/60'/0'/0");
    const expected = new Set(users.map((_, i) => privateKeyToAccount(bytesToHex(account.deriveChild(i).privateKey!)).address));
    expect(new Set(addresses)).toEqual(expected);
    // The address serves ETH and every token on the network.
    const eth = await t.app.inject({ method: 'GET', url: '/api/payments/deposit-address?asset=ETH', headers: users[0]!.headers });
    expect(eth.json()).toMatchObject({ asset: 'ETH', network: 'Hardhat (local)', address: addresses[0], confirmationsRequired: CONFIRMATIONS, own: true, detection: true, chainId: 31337, acceptedAssets: ['ETH', 'USDT', 'DAI'] });
    const pending = await t.createUser({ kycStatus: 'Pending' });
    const refused = await t.app.inject({ method: 'GET', url: '/api/payments/deposit-address?asset=USDT', headers: pending.headers });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toMatch(/KYC documents are under review/);
    const unknown = await t.app.inject({ method: 'GET', url: '/api/payments/deposit-address?asset=DOGE', headers: users[0]!.headers });
    expect(unknown.statusCode).toBe(400);
  });
});

describe('detection and credit', () => {
  let t: TestApp;
  let watcher: DepositWatcher;
  beforeAll(async () => {
    t = await chainApp();
    watcher = createEvmWatcher(t.app.deps);
  });
  afterAll(async () => t.close());

  it('shows a token transfer at once, credits nothing before N confirmations and exactly once at N', async () => {
    const user = await t.createUser();
    const address = await addressOf(t, user);
    await node.mint(usdt, address, usd(250));
    await watcher.tick();
    let [deposit] = await onchain(t, user);
    expect(deposit).toMatchObject({ status: 'Confirming', confirmations: 1, confirmationsRequired: CONFIRMATIONS, amount: '250', usdAmount: '250.00', transactionId: null });
    expect(deposit!.explorerUrl).toBe(`https://explorer.example/tx/${deposit!.txHash}`);
    expect((await figures(t, user)).balance).toBe('0.00');
    await node.mine(1);
    await watcher.tick();
    [deposit] = await onchain(t, user);
    expect(deposit!.confirmations).toBe(2);
    expect((await figures(t, user)).balance).toBe('0.00');
    await node.mine(1);
    const report = await watcher.tick();
    expect(report).toMatchObject({ credited: 1 });
    [deposit] = await onchain(t, user);
    expect(deposit).toMatchObject({ status: 'Credited', confirmations: 3 });
    expect(deposit!.transactionId).toMatch(/^DEP-/);
    expect((await figures(t, user)).balance).toBe('250.00');
    // Further ticks, more blocks: never a second credit.
    await node.mine(5);
    await watcher.tick();
    await watcher.tick();
    expect((await figures(t, user)).balance).toBe('250.00');
    const history = await t.app.inject({ method: 'GET', url: '/api/invest/getTransactionHistory', headers: user.headers });
    const [item] = history.json().history;
    expect(item).toMatchObject({ type: 'Transaction', status: 'Confirmed', amount: '250.00', asset: 'USDT', source: 'chain', txHash: deposit!.txHash, explorerUrl: deposit!.explorerUrl });
    expect(await emailsTo(t, user.user.email)).toEqual(['deposit-seen', 'deposit-credited']);
    expect((await verifyLedger(t.database.db)).ok).toBe(true);
  });

  it('credits USD-pegged tokens in whole cents and keeps the dust on the deposit', async () => {
    const user = await t.createUser();
    const address = await addressOf(t, user, 'DAI');
    await node.mint(dai, address, 12_345_678_912_345_678_912n); // 12.345678912345678912 DAI
    await node.mine(CONFIRMATIONS);
    await watcher.tick();
    expect((await figures(t, user)).balance).toBe('12.34');
    const result = (await t.database.db.execute(sql`select amount_cents::text, dust_raw::text from onchain_deposits where user_id = ${user.user.id}`)) as unknown as {
      rows: { amount_cents: string; dust_raw: string }[];
    };
    expect(result.rows[0]).toEqual({ amount_cents: '1234', dust_raw: '5678912345678912' });
  });

  it('queues native ETH for staff with the amount and hash; staff confirm its USD value', async () => {
    const user = await t.createUser();
    const staff = await t.createUser({ role: 'admin' });
    const address = await addressOf(t, user, 'ETH');
    const hash = await node.sendEth(address, parseEther('0.5'));
    await node.mine(CONFIRMATIONS);
    expect(await watcher.tick()).toMatchObject({ queued: 1, credited: 0 });
    const queue = await t.app.inject({ method: 'GET', url: '/api/payments/pending-deposit', headers: staff.headers });
    const payment = queue.json().find((row: { user: { _id: string } }) => row.user._id === user.user.id);
    expect(payment).toMatchObject({ amount: '0.00', asset: 'ETH', txHash: hash, source: 'chain', chain: { status: 'confirmed', amount: '0.5', asset: 'ETH' } });
    const alone = await t.app.inject({ method: 'GET', url: `/api/payments/viewPaymentStatus/${payment.transactionId}`, headers: staff.headers });
    expect(queue.body).toContain(alone.body);
    expect((await onchain(t, user))[0]!.status).toBe('Awaiting review');
    const unpriced = await t.app.inject({ method: 'PATCH', url: '/api/payments/confirmPayment', headers: staff.headers, payload: { transactionId: payment.transactionId } });
    expect(unpriced.statusCode).toBe(400);
    expect(unpriced.json().message).toBe('Enter the USD value of this deposit before confirming it');
    const priced = await t.app.inject({ method: 'PATCH', url: '/api/payments/confirmPayment', headers: staff.headers, payload: { transactionId: payment.transactionId, amount: '1500.00' } });
    expect(priced.statusCode).toBe(200);
    expect((await figures(t, user)).balance).toBe('1500.00');
    expect((await onchain(t, user))[0]!.status).toBe('Credited');
  });

  it('drops a transfer whose block is reorganised away before N, and never credits it', async () => {
    const user = await t.createUser();
    const address = await addressOf(t, user);
    const snapshot = await node.snapshot();
    await node.mint(usdt, address, usd(40));
    await node.mine(1);
    await watcher.tick();
    expect((await onchain(t, user))[0]).toMatchObject({ status: 'Confirming', confirmations: 2 });
    await node.revert(snapshot);
    await node.mine(CONFIRMATIONS + 2);
    const report = await watcher.tick();
    expect(report).toMatchObject({ rewound: true, dropped: 1, credited: 0 });
    expect((await onchain(t, user))[0]).toMatchObject({ status: 'Dropped', confirmations: 0 });
    await node.mine(CONFIRMATIONS);
    await watcher.tick();
    expect((await figures(t, user)).balance).toBe('0.00');
    expect(await emailsTo(t, user.user.email)).toEqual(['deposit-seen', 'deposit-dropped']);
  });

  it('shows staff what the users’ deposit addresses hold on chain beside what users are owed', async () => {
    const staff = await t.createUser({ role: 'admin' });
    const solvency = await t.app.inject({ method: 'GET', url: '/api/admin/solvency', headers: staff.headers });
    expect(solvency.statusCode).toBe(200);
    const { onchain: holdings, owed } = solvency.json();
    const addresses = (await t.database.db.execute(sql`select address from deposit_addresses where network = 'evm'`)) as unknown as { rows: { address: `0x${string}` }[] };
    let usdtRaw = 0n;
    for (const { address } of addresses.rows) usdtRaw += await node.publicClient.readContract({ address: usdt, abi: TOKEN_ABI, functionName: 'balanceOf', args: [address] });
    expect(holdings).toMatchObject({ network: 'Hardhat (local)', chainId: 31337, addresses: addresses.rows.length, message: null });
    expect(holdings.assets.find((asset: { asset: string }) => asset.asset === 'USDT')).toEqual({ asset: 'USDT', amount: formatUnits(usdtRaw, 6), usdValue: formatCents(Number(usdtRaw / 10_000n)) });
    expect(holdings.assets.map((asset: { asset: string }) => asset.asset)).toEqual(['ETH', 'USDT', 'DAI']);
    expect(owed.total).toBeDefined();
  });

  it('counts a transfer that is mined again after a reorganisation once', async () => {
    const user = await t.createUser();
    const address = await addressOf(t, user);
    const snapshot = await node.snapshot();
    await node.mint(usdt, address, usd(60));
    await watcher.tick();
    await node.revert(snapshot);
    await node.mine(2);
    await node.mint(usdt, address, usd(60));
    await node.mine(CONFIRMATIONS);
    await watcher.tick();
    const deposits = await onchain(t, user);
    expect(deposits.filter((deposit) => deposit.status === 'Credited')).toHaveLength(1);
    expect((await figures(t, user)).balance).toBe('60.00');
  });
});

describe('reported and detected are one deposit', () => {
  let t: TestApp;
  let watcher: DepositWatcher;
  let staff: TestUser;
  beforeAll(async () => {
    t = await chainApp();
    watcher = createEvmWatcher(t.app.deps);
    staff = await t.createUser({ role: 'admin' });
  });
  afterAll(async () => t.close());

  const report = (user: TestUser, txHash: string, amount = '100.00') =>
    t.app.inject({ method: 'POST', url: '/api/payments/create', headers: user.headers, payload: { amount, asset: 'USDT', txHash } });

  it('a report made before the chain confirms becomes the credited deposit, at the chain amount', async () => {
    const user = await t.createUser();
    const hash = await node.mint(usdt, await addressOf(t, user), usd(98));
    const reported = await report(user, hash.toUpperCase().replace('0X', '0x'));
    expect(reported.statusCode).toBe(201);
    await watcher.tick();
    const queue = await t.app.inject({ method: 'GET', url: '/api/payments/pending-deposit', headers: staff.headers });
    const row = queue.json().find((payment: { transactionId: string }) => payment.transactionId === reported.json().transaction.transactionId);
    expect(row.chain).toMatchObject({ status: 'confirming', confirmations: 1, amount: '98', asset: 'USDT' });
    // The queue writes the case as the deposit's own page does, evidence included.
    const alone = await t.app.inject({ method: 'GET', url: `/api/payments/viewPaymentStatus/${row.transactionId}`, headers: staff.headers });
    expect(queue.body).toContain(alone.body);
    await node.mine(CONFIRMATIONS);
    await watcher.tick();
    const payments = (await t.database.db.execute(sql`select transaction_id, status, amount_cents::int as cents from payments where user_id = ${user.user.id}`)) as unknown as {
      rows: { transaction_id: string; status: string; cents: number }[];
    };
    expect(payments.rows).toEqual([{ transaction_id: reported.json().transaction.transactionId, status: 'Confirmed', cents: 9800 }]);
    expect((await figures(t, user)).balance).toBe('98.00');
    // Staff cannot credit it a second time.
    const again = await t.app.inject({ method: 'PATCH', url: '/api/payments/confirmPayment', headers: staff.headers, payload: { transactionId: reported.json().transaction.transactionId } });
    expect(again.statusCode).toBe(409);
  });

  it('a report after the chain credited it is refused, naming the deposit', async () => {
    const user = await t.createUser();
    const hash = await node.mint(usdt, await addressOf(t, user), usd(30));
    await node.mine(CONFIRMATIONS);
    await watcher.tick();
    const late = await report(user, hash);
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toMatch(/detected on chain and is already your deposit DEP-/);
    expect((await figures(t, user)).balance).toBe('30.00');
  });

  it('staff confirming a report before the chain does is not doubled when the chain confirms it', async () => {
    const user = await t.createUser();
    const hash = await node.mint(usdt, await addressOf(t, user), usd(70));
    const reported = await report(user, hash, '70.00');
    const confirmed = await t.app.inject({ method: 'PATCH', url: '/api/payments/confirmPayment', headers: staff.headers, payload: { transactionId: reported.json().transaction.transactionId } });
    expect(confirmed.statusCode).toBe(200);
    await node.mine(CONFIRMATIONS);
    await watcher.tick();
    expect((await figures(t, user)).balance).toBe('70.00');
    expect((await onchain(t, user))[0]).toMatchObject({ status: 'Credited', transactionId: reported.json().transaction.transactionId });
  });

  it('the same hash cannot be reported twice, nor by another user', async () => {
    const user = await t.createUser();
    const other = await t.createUser();
    const hash = `0x${'ab'.repeat(32)}`;
    expect((await report(user, hash)).statusCode).toBe(201);
    const twice = await report(user, hash);
    expect(twice.statusCode).toBe(409);
    expect(twice.json().message).toMatch(/already been reported as your deposit DEP-/);
    const stranger = await report(other, hash);
    expect(stranger.statusCode).toBe(409);
    expect(stranger.json().message).toBe('This transaction hash has already been reported');
    expect((await verifyLedger(t.database.db)).ok).toBe(true);
  });
});

describe('a backlog, restarts and several instances', () => {
  it('catches up a backlog in ranges and resumes after a restart from the saved cursor', { timeout: 120_000 }, async () => {
    const database = await openTestDatabase();
    const first = await chainApp({ database, extra: { EVM_SCAN_RANGE: '4' } });
    const users = await Promise.all(Array.from({ length: 3 }, () => first.createUser()));
    const addresses = await Promise.all(users.map((user) => addressOf(first, user)));
    // 90 blocks with a transfer each: more than one tick's 20 ranges of 4 blocks.
    for (let i = 0; i < 90; i += 1) await node.mint(usdt, addresses[i % 3]!, usd(1));
    await node.mine(CONFIRMATIONS);
    const report = await createEvmWatcher(first.app.deps).tick();
    expect(report).toMatchObject({ scanned: 80, caughtUp: false });
    await first.app.close();
    // A new process on the same database: another watcher, the cursor where the first stopped.
    const second = await chainApp({ database, extra: { EVM_SCAN_RANGE: '4' } });
    const rest = await createEvmWatcher(second.app.deps).tick();
    expect(rest!.caughtUp).toBe(true);
    for (const user of users) expect((await figures(second, user)).balance).toBe('30.00');
    const counts = (await database.db.execute(sql`select count(*)::int as deposits, count(distinct tx_hash)::int as hashes from onchain_deposits where status = 'Confirmed'`)) as unknown as {
      rows: { deposits: number; hashes: number }[];
    };
    expect(counts.rows[0]).toEqual({ deposits: 90, hashes: 90 });
    expect((await verifyLedger(database.db)).ok).toBe(true);
    await second.close();
    await database.close();
  });

  it('two instances watching at once credit every transfer exactly once', { ...needsPostgres, timeout: 120_000 }, async () => {
    const database = await openTestDatabase({ postgres: true });
    const a = await chainApp({ database, extra: { EVM_SCAN_RANGE: '3' } });
    const b = await buildTestApp({ database, config: { chain: a.app.deps.chain.config } });
    const users = await Promise.all(Array.from({ length: 4 }, () => a.createUser()));
    const addresses = await Promise.all(users.map((user) => addressOf(a, user)));
    const watchers = [createEvmWatcher(a.app.deps), createEvmWatcher(b.app.deps), createEvmWatcher(a.app.deps), createEvmWatcher(b.app.deps)];
    let sending = true;
    let heldElsewhere = 0;
    const loops = watchers.map(async (watcher) => {
      while (sending) {
        if ((await watcher.tick()) === null) heldElsewhere += 1;
        await new Promise((resolve) => setTimeout(resolve, 5));
      }
    });
    for (let i = 0; i < 40; i += 1) await node.mint(usdt, addresses[i % 4]!, usd(5));
    await node.mine(CONFIRMATIONS);
    for (let settled = false; !settled; ) {
      const pending = (await database.db.execute(sql`select count(*)::int as n from onchain_deposits where status = 'Confirming'`)) as unknown as { rows: { n: number }[] };
      const total = (await database.db.execute(sql`select count(*)::int as n from onchain_deposits`)) as unknown as { rows: { n: number }[] };
      settled = pending.rows[0]!.n === 0 && total.rows[0]!.n === 40;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    sending = false;
    await Promise.all(loops);
    // The lease was contended: ticks found the chain held by another watcher.
    expect(heldElsewhere).toBeGreaterThan(0);
    for (const user of users) expect((await figures(a, user)).balance).toBe('50.00');
    const journals = (await database.db.execute(sql`select count(*)::int as n from ledger_journals where kind = 'deposit'`)) as unknown as { rows: { n: number }[] };
    expect(journals.rows[0]!.n).toBe(40);
    expect((await verifyLedger(database.db)).ok).toBe(true);
    await b.close();
    await a.close();
    await database.close();
  });
});
