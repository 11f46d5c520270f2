/**
 * Payout proof against a real EVM node: approving a withdrawal takes the payout transaction,
 * which must send the net amount of the withdrawal's asset to the user's address on this chain.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseEther } from 'viem';
import { loadChainConfig } from '../../src/config';
import { putSettings } from '../../src/services/platform/settings';
import { buildTestApp, type TestApp, type TestUser } from '../helpers/build-test-app';
import { evmAccountXpub, startEvmNode, type EvmNode } from '../helpers/evm-node';
import { BTC, fund } from '../money/helpers';

let node: EvmNode;
let usdt: `0x${string}`;
let usdc: `0x${string}`;
let t: TestApp;
let staff: TestUser;
const FUNDER = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266';

beforeAll(async () => {
  node = await startEvmNode();
  usdt = await node.deployToken('USDT', 6);
  usdc = await node.deployToken('USDC', 6);
  await node.mint(usdt, FUNDER, 1_000_000_000_000n);
  await node.mint(usdc, FUNDER, 1_000_000_000_000n);
  t = await buildTestApp({
    config: {
      chain: loadChainConfig({ EVM_RPC_URL: node.url, EVM_TOKENS: `USDT:${usdt}:6:usd,USDC:${usdc}:6:usd`, DEPOSIT_XPUB_EVM: evmAccountXpub(), EVM_EXPLORER_URL: 'https://explorer.example/tx/{hash}' }),
    },
  });
  await putSettings(t.database.db, { withdrawalFee: { flatCents: 200, basisPoints: 0 } }, null);
  staff = await t.createUser({ role: 'admin' });
}, 90_000);
afterAll(async () => {
  await t?.close();
  await node?.stop();
});

let addressCounter = 0;
/** A fresh external wallet address of the user's. */
function externalAddress(): `0x${string}` {
  addressCounter += 1;
  return `0x${(0xabc000 + addressCounter).toString(16).padStart(40, '0')}`;
}

async function withdrawal(asset: string, walletAddress: string, amount = '100.00') {
  const user = await t.createUser();
  await fund(t, user, staff, amount);
  const created = await t.app.inject({ method: 'POST', url: '/api/withDraw/create', headers: user.headers, payload: { amount, asset, walletAddress } });
  expect(created.statusCode, created.body).toBe(201);
  return { user, id: created.json().withdrawal._id as string };
}

const approve = (id: string, body: Record<string, unknown>) => t.app.inject({ method: 'PUT', url: `/api/withDraw/approve/${id}`, headers: staff.headers, payload: body });

describe('payout proof', () => {
  it('requires the payout hash where the network is watched, and accepts the transaction that pays the net amount', async () => {
    const to = externalAddress();
    const { user, id } = await withdrawal('USDT', to);
    const missing = await approve(id, {});
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toBe('Enter the payout transaction hash: payouts on this network are checked on chain');
    const hash = await node.transferToken(usdt, to, 98_000_000n);
    const approved = await approve(id, { txHash: hash });
    expect(approved.statusCode, approved.body).toBe(200);
    const { withdrawal: view } = approved.json();
    expect(view).toMatchObject({ status: 'Approved', netAmount: '98.00', payout: { txHash: hash, verified: true, chainId: 31337, explorerUrl: `https://explorer.example/tx/${hash}` } });
    expect(view.payout.blockNumber).toBeGreaterThan(0);
    const history = await t.app.inject({ method: 'GET', url: '/api/invest/getTransactionHistory?type=Withdrawal', headers: user.headers });
    expect(history.json().history[0]).toMatchObject({ status: 'Approved', payoutTxHash: hash, payoutVerified: true, payoutExplorerUrl: `https://explorer.example/tx/${hash}` });
    // One transaction pays one withdrawal.
    const other = await withdrawal('USDT', to);
    const reused = await approve(other.id, { txHash: hash });
    expect(reused.statusCode).toBe(409);
    expect(reused.json().message).toBe('That transaction is already the payout of another withdrawal');
  });

  it('refuses a wrong amount, address, token or chain, saying what differs, and changes nothing', async () => {
    const to = externalAddress();
    const { id } = await withdrawal('USDT', to);
    const cases: Array<[string, RegExp]> = [
      [await node.transferToken(usdt, to, 95_000_000n), /sends 95 USDT; the net amount is 98 USDT/],
      [await node.transferToken(usdt, externalAddress(), 98_000_000n), /pays USDT to 0x000000…[0-9a-f]{6}, not the user's address/],
      [await node.transferToken(usdc, to, 98_000_000n), /moves the token at 0x[0-9a-f]{6}…[0-9a-f]{6}, not USDT/],
      [await node.sendEth(to, parseEther('1')), /moves no USDT/],
      [`0x${'12'.repeat(32)}`, /was not found on Hardhat \(local\) \(chain id 31337\): check that it was sent on this network/],
    ];
    for (const [txHash, message] of cases) {
      const refused = await approve(id, { txHash });
      expect(refused.statusCode, txHash).toBe(400);
      expect(refused.json().message).toMatch(message);
    }
    const still = await t.app.inject({ method: 'GET', url: `/api/withDraw/get-withdrawal/${id}`, headers: staff.headers });
    expect(still.json()).toMatchObject({ status: 'Pending', payout: null });
    const bad = await approve(id, { txHash: 'not-a-hash' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('Please enter a valid transaction hash');
  });

  it('checks native ETH payouts by recipient, and keeps a Bitcoin payout hash unverified (no Bitcoin node)', async () => {
    const to = externalAddress();
    const eth = await withdrawal('ETH', to);
    const elsewhere = await approve(eth.id, { txHash: await node.sendEth(externalAddress(), parseEther('0.01')) });
    expect(elsewhere.statusCode).toBe(400);
    expect(elsewhere.json().message).toMatch(/pays 0x000000…[0-9a-f]{6}, not the user's address/);
    const paid = await approve(eth.id, { txHash: await node.sendEth(to, parseEther('0.03')) });
    expect(paid.statusCode).toBe(200);
    expect(paid.json().withdrawal.payout).toMatchObject({ verified: true, chainId: 31337 });

    const btc = await withdrawal('BTC', BTC);
    const hash = 'ab'.repeat(32);
    const kept = await approve(btc.id, { txHash: hash });
    expect(kept.statusCode).toBe(200);
    expect(kept.json().withdrawal.payout).toEqual({ txHash: hash, verified: false, chainId: null, blockNumber: null, explorerUrl: null });
  });
});
