/**
 * A real EVM node for tests, the e2e suite and the bench: Hardhat 2 (`hardhat node`) in a
 * child process on a free port, a real ERC-20 compiled with the solc package, and the
 * calls tests make on it (send, mint, mine, snapshot and revert for reorganisations).
 * The deposit keys are made here from a test mnemonic; only their xpub reaches the server.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { HDKey } from '@scure/bip32';
import { mnemonicToSeedSync } from '@scure/bip39';
import {
  createPublicClient,
  createWalletClient,
  http,
  parseAbi,
  type Abi,
  type Hash,
  type Hex,
  type PublicClient,
  type WalletClient,
} from 'viem';
import { privateKeyToAccount } from 'viem/accounts';

const here = path.dirname(fileURLToPath(import.meta.url));
const require = createRequire(import.meta.url);

/** Hardhat's default funded account 0 (mnemonic "test test … junk"): deploys and sends. */
export const FUNDER_KEY: Hex = '0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80';

/** The operator's deposit wallet in tests (BIP39 test vector mnemonic); the server only ever sees its xpub. */
export const DEPOSIT_MNEMONIC = 'abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon about';

/** The account-level xpub (m/44'/60'/0') of a mnemonic: what an operator exports from a wallet. */
export function evmAccountXpub(mnemonic = DEPOSIT_MNEMONIC, account = 0): string {
  return HDKey.fromMasterSeed(mnemonicToSeedSync(mnemonic)).derive(`m/44'/60'/${account}'`).publicExtendedKey;
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
    server.on('error', reject);
  });
}

const TOKEN_SOURCE = path.join(here, 'contracts/TestToken.sol');

/** TestToken's ABI and bytecode, compiled once per source version (cached in the temp folder). */
export function compiledToken(): { abi: Abi; bytecode: Hex } {
  const source = readFileSync(TOKEN_SOURCE, 'utf8');
  const cacheDir = path.join(os.tmpdir(), 'vaultline-solc');
  const cacheFile = path.join(cacheDir, `${createHash('sha256').update(source).digest('hex').slice(0, 16)}.json`);
  if (existsSync(cacheFile)) return JSON.parse(readFileSync(cacheFile, 'utf8')) as { abi: Abi; bytecode: Hex };
  const solc = require('solc') as { compile(input: string): string };
  const output = JSON.parse(
    solc.compile(
      JSON.stringify({
        language: 'Solidity',
        sources: { 'TestToken.sol': { content: source } },
        settings: { optimizer: { enabled: true, runs: 200 }, outputSelection: { '*': { '*': ['abi', 'evm.bytecode.object'] } } },
      }),
    ),
  ) as { errors?: { severity: string; formattedMessage: string }[]; contracts: Record<string, Record<string, { abi: Abi; evm: { bytecode: { object: string } } }>> };
  const errors = (output.errors ?? []).filter((error) => error.severity === 'error');
  if (errors.length) throw new Error(errors.map((error) => error.formattedMessage).join('\n'));
  const contract = output.contracts['TestToken.sol']!.TestToken!;
  const compiled = { abi: contract.abi, bytecode: `0x${contract.evm.bytecode.object}` as Hex };
  mkdirSync(cacheDir, { recursive: true });
  writeFileSync(cacheFile, JSON.stringify(compiled));
  return compiled;
}

export const TOKEN_ABI = parseAbi([
  'function mint(address to, uint256 value)',
  'function transfer(address to, uint256 value) returns (bool)',
  'function batchTransfer(address[] to, uint256[] value)',
  'function balanceOf(address owner) view returns (uint256)',
]);

export interface EvmNode {
  url: string;
  port: number;
  publicClient: PublicClient;
  wallet: WalletClient;
  /** Deploys a TestToken; returns its address (lowercase is fine for EVM_TOKENS). */
  deployToken(symbol: string, decimals: number): Promise<`0x${string}`>;
  /** Mints `value` base units to `to` (one transaction, one block). */
  mint(token: `0x${string}`, to: string, value: bigint): Promise<Hash>;
  transferToken(token: `0x${string}`, to: string, value: bigint): Promise<Hash>;
  sendEth(to: string, value: bigint): Promise<Hash>;
  /** Mines `blocks` empty blocks. */
  mine(blocks: number): Promise<void>;
  blockNumber(): Promise<number>;
  snapshot(): Promise<Hex>;
  revert(id: Hex): Promise<void>;
  stop(): Promise<void>;
}

/** Starts `hardhat node` on a free port and waits until it answers JSON-RPC. */
export async function startEvmNode(): Promise<EvmNode> {
  const port = await freePort();
  const cli = require.resolve('hardhat/internal/cli/bootstrap.js');
  const child: ChildProcess = spawn(process.execPath, [cli, 'node', '--config', path.join(here, 'hardhat.config.cjs'), '--hostname', '127.0.0.1', '--port', String(port)], {
    cwd: here,
    env: { ...process.env, HARDHAT_DISABLE_TELEMETRY_PROMPT: 'true', DO_NOT_TRACK: '1' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let log = '';
  child.stdout!.on('data', (chunk: Buffer) => {
    if (log.length < 20_000) log += chunk.toString();
  });
  child.stderr!.on('data', (chunk: Buffer) => {
    if (log.length < 20_000) log += chunk.toString();
  });
  const url = `http://127.0.0.1:${port}`;
  const started = Date.now();
  const stop = async () => {
    if (child.exitCode !== null) return;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 5_000))]);
    if (child.exitCode === null) child.kill('SIGKILL');
  };
  for (;;) {
    if (child.exitCode !== null) throw new Error(`hardhat node exited (${child.exitCode}):\n${log}`);
    try {
      const response = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"jsonrpc":"2.0","id":1,"method":"eth_chainId","params":[]}' });
      if (response.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() - started > 60_000) {
      child.kill('SIGKILL');
      throw new Error(`hardhat node did not start within 60 s:\n${log}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return { ...connectEvmNode(url), port, stop };
}

/** The test calls on a node that is already running (the e2e suite's, started by its global setup). */
export function connectEvmNode(url: string): Omit<EvmNode, 'port' | 'stop'> {
  const transport = http(url);
  const publicClient = createPublicClient({ transport }) as PublicClient;
  const account = privateKeyToAccount(FUNDER_KEY);
  const wallet = createWalletClient({ account, transport });
  const chain = { id: 31337, name: 'Hardhat', nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 }, rpcUrls: { default: { http: [url] } } };
  const rpc = (method: string, params: unknown[] = []) => publicClient.request({ method: method as never, params: params as never });
  const mined = async (hash: Hash) => {
    await publicClient.waitForTransactionReceipt({ hash, pollingInterval: 50 });
    return hash;
  };
  const { abi, bytecode } = compiledToken();
  return {
    url,
    publicClient,
    wallet,
    async deployToken(symbol, decimals) {
      const hash = await wallet.deployContract({ abi, bytecode, args: [`Test ${symbol}`, symbol, decimals], account, chain });
      const receipt = await publicClient.waitForTransactionReceipt({ hash, pollingInterval: 50 });
      return receipt.contractAddress!;
    },
    mint: async (token, to, value) => mined(await wallet.writeContract({ address: token, abi: TOKEN_ABI, functionName: 'mint', args: [to as `0x${string}`, value], account, chain })),
    transferToken: async (token, to, value) =>
      mined(await wallet.writeContract({ address: token, abi: TOKEN_ABI, functionName: 'transfer', args: [to as `0x${string}`, value], account, chain })),
    sendEth: async (to, value) => mined(await wallet.sendTransaction({ to: to as `0x${string}`, value, account, chain })),
    async mine(blocks) {
      await rpc('hardhat_mine', [`0x${blocks.toString(16)}`]);
    },
    blockNumber: async () => Number(await publicClient.getBlockNumber({ cacheTime: 0 })),
    snapshot: async () => (await rpc('evm_snapshot')) as Hex,
    async revert(id) {
      await rpc('evm_revert', [id]);
    },
  };
}
