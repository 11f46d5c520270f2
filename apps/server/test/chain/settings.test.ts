/**
 * Watch-only keys and tokens in the back office, keys from the environment on a fresh
 * install, and secrets refused wherever they are pasted (never stored).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { HDKey } from '@scure/bip32';
import { mnemonicToSeedSync } from '@scure/bip39';
import { ConfigError, loadChainConfig } from '../../src/config';
import { buildTestApp, type TestApp, type TestUser } from '../helpers/build-test-app';
import { DEPOSIT_MNEMONIC, evmAccountXpub, FUNDER_KEY } from '../helpers/evm-node';

const ZPUB = 'zpub6rFR7y4Q2AijBEqTUquhVz398htDFrtymD9xYYfG1m4wAcvPhXNfE3EfH1r1ADqtfSdVCToUG868RvUUkgDKf31mGDtKsAYz2oz2AGutZYs';
const XPRV = HDKey.fromMasterSeed(mnemonicToSeedSync(DEPOSIT_MNEMONIC)).derive("m/44'/60'/0'").privateExtendedKey;

/** Every text the database holds, to prove a secret is nowhere in it. */
async function everything(t: TestApp): Promise<string> {
  const tables = ['settings', 'audit_log', 'users', 'withdrawals', 'saved_wallets', 'payments', 'email_outbox'];
  let all = '';
  for (const table of tables) {
    const result = (await t.database.db.execute(sql.raw(`select row_to_json(t)::text as row from ${table} t`))) as unknown as { rows: { row: string }[] };
    all += result.rows.map((row) => row.row).join('\n');
  }
  return all;
}

describe('watch-only keys in the back office', () => {
  let t: TestApp;
  let admin: TestUser;
  beforeAll(async () => {
    t = await buildTestApp();
    admin = await t.createUser({ role: 'admin' });
  });
  afterAll(async () => t.close());

  const put = (payload: Record<string, unknown>, user = admin) => t.app.inject({ method: 'PUT', url: '/api/admin/settings', headers: user.headers, payload });

  it('stores an EVM xpub and a Bitcoin zpub; users then get own addresses', async () => {
    const saved = await put({ watchKeys: { evm: evmAccountXpub(), btc: ZPUB } });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().watchKeys).toEqual({ evm: evmAccountXpub(), btc: ZPUB });
    const user = await t.createUser();
    const options = await t.app.inject({ method: 'GET', url: '/api/payments/deposit-addresses', headers: user.headers });
    expect(options.json().addresses).toEqual([
      { asset: 'BTC', network: 'Bitcoin', own: true, detection: false, address: null },
      { asset: 'ETH', network: 'Ethereum', own: true, detection: false, address: null },
      { asset: 'USDT', network: 'Ethereum', own: true, detection: false, address: null },
    ]);
    const btc = await t.app.inject({ method: 'GET', url: '/api/payments/deposit-address?asset=BTC', headers: user.headers });
    expect(btc.json()).toMatchObject({ asset: 'BTC', network: 'Bitcoin', own: true, detection: false, confirmationsRequired: 3, acceptedAssets: ['BTC'] });
    expect(btc.json().address).toMatch(/^bc1q/);
  });

  it('refuses an xprv, a seed phrase or a private key with a clear message, and keeps none of them', async () => {
    for (const [payload, message] of [
      [{ watchKeys: { evm: XPRV } }, /extended private key \(xprv\)\. Never share it/],
      [{ watchKeys: { btc: DEPOSIT_MNEMONIC } }, /seed\) phrase\. Never share it/],
      [{ watchKeys: { evm: FUNDER_KEY } }, /private key\. Never share it/],
      [{ watchKeys: { evm: ZPUB } }, /^A zpub is a Bitcoin key; the EVM network takes an xpub\.$/],
      [{ watchKeys: { evm: 'xpub123' } }, /^The EVM key is not a valid extended public key \(xpub\)\.$/],
    ] as const) {
      const refused = await put(payload);
      expect(refused.statusCode).toBe(400);
      expect(refused.json().message).toMatch(message);
    }
    const stored = await everything(t);
    expect(stored).not.toContain(XPRV);
    expect(stored).not.toContain('abandon abandon');
    expect(stored).not.toContain(FUNDER_KEY.slice(2));
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/settings', headers: admin.headers })).json().watchKeys.evm).toBe(evmAccountXpub());
  });

  it('refuses a seed phrase or xprv pasted into any other field, changing nothing', async () => {
    const user = await t.createUser();
    const attempts = [
      { method: 'PATCH', url: '/api/users/updateUser', payload: { bio: `my recovery words ${DEPOSIT_MNEMONIC}` } },
      { method: 'POST', url: '/api/withDraw/wallets', payload: { asset: 'ETH', address: XPRV } },
      { method: 'POST', url: '/api/contact', payload: { user_name: 'A', user_email: 'a@example.com', message: `please help ${DEPOSIT_MNEMONIC}` } },
    ] as const;
    for (const attempt of attempts) {
      const refused = await t.app.inject({ method: attempt.method, url: attempt.url, headers: user.headers, payload: attempt.payload });
      expect(refused.statusCode, attempt.url).toBe(400);
      expect(refused.json().message).toMatch(/Never share it with anyone, including us/);
    }
    expect(await everything(t)).not.toContain('abandon abandon');
  });

  it('edits the EVM tokens: each symbol becomes an asset for deposits and withdrawals', async () => {
    const contract = '0xdAC17F958D2ee523a2206206994597C13D831ec7';
    const bad = await put({ evmTokens: [{ symbol: 'USDT', contract: '0xdAC17F958D2ee523a2206206994597C13D831eC7', decimals: 6, usd: true }] });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toMatch(/EIP-55/);
    const saved = await put({ evmTokens: [{ symbol: 'USDT', contract, decimals: 6, usd: true }, { symbol: 'pyusd', contract: '0x6c3ea9036406852006290770BEdFcAbA0e23A0e8', decimals: 6, usd: true }] });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().evmTokens.map((token: { symbol: string }) => token.symbol)).toEqual(['USDT', 'PYUSD']);
    const user = await t.createUser();
    const address = await t.app.inject({ method: 'GET', url: '/api/payments/deposit-address?asset=PYUSD', headers: user.headers });
    expect(address.json().acceptedAssets).toEqual(['ETH', 'USDT', 'PYUSD']);
    const wallet = await t.app.inject({ method: 'POST', url: '/api/withDraw/wallets', headers: user.headers, payload: { asset: 'PYUSD', address: contract } });
    expect(wallet.statusCode).toBe(201);
    const assets = await t.app.inject({ method: 'GET', url: '/api/withDraw/assets', headers: user.headers });
    expect(assets.json().assets).toEqual([
      { asset: 'BTC', network: 'btc' },
      { asset: 'ETH', network: 'evm' },
      { asset: 'USDT', network: 'evm' },
      { asset: 'PYUSD', network: 'evm' },
    ]);
    const unknown = await t.app.inject({ method: 'POST', url: '/api/withDraw/wallets', headers: user.headers, payload: { asset: 'DOGE', address: contract } });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().message).toBe('Withdrawals in DOGE are not available');
  });
});

describe('keys and tokens from the environment', () => {
  it('a fresh install takes DEPOSIT_XPUB_EVM, DEPOSIT_XPUB_BTC and EVM_TOKENS once; admins’ edits then stand', async () => {
    const chain = loadChainConfig({ DEPOSIT_XPUB_EVM: evmAccountXpub(), DEPOSIT_XPUB_BTC: ZPUB, EVM_TOKENS: 'USDC:0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48:6:usd' });
    const t = await buildTestApp({ config: { chain } });
    const admin = await t.createUser({ role: 'admin' });
    const settings = (await t.app.inject({ method: 'GET', url: '/api/admin/settings', headers: admin.headers })).json();
    expect(settings.watchKeys).toEqual({ evm: evmAccountXpub(), btc: ZPUB });
    expect(settings.evmTokens).toEqual([{ symbol: 'USDC', contract: '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48', decimals: 6, usd: true }]);
    await t.app.inject({ method: 'PUT', url: '/api/admin/settings', headers: admin.headers, payload: { watchKeys: { btc: ZPUB } } });
    await t.app.close();
    const again = await buildTestApp({ database: t.database, config: { chain } });
    const after = (await again.app.inject({ method: 'GET', url: '/api/admin/settings', headers: admin.headers })).json();
    expect(after.watchKeys).toEqual({ btc: ZPUB, evm: evmAccountXpub() });
    await again.close();
    await t.database.close();
  });

  it('refuses bad chain settings with one line that never repeats a secret', () => {
    const refuse = (env: Record<string, string>) => {
      try {
        loadChainConfig(env);
      } catch (error) {
        expect(error).toBeInstanceOf(ConfigError);
        return (error as Error).message;
      }
      throw new Error('expected a ConfigError');
    };
    const xprvMessage = refuse({ DEPOSIT_XPUB_EVM: XPRV });
    expect(xprvMessage).toMatch(/^DEPOSIT_XPUB_EVM: That is an extended private key/);
    expect(xprvMessage).not.toContain(XPRV.slice(4, 30));
    expect(refuse({ DEPOSIT_XPUB_BTC: DEPOSIT_MNEMONIC })).not.toContain('abandon');
    expect(refuse({ EVM_RPC_URL: 'ftp://key-1234@example.com' })).toBe('EVM_RPC_URL must be an http:// or https:// JSON-RPC endpoint URL.');
    expect(refuse({ EVM_TOKENS: 'USDT:0x123:6' })).toMatch(/^EVM_TOKENS: Token contract must be a valid 0x address/);
    expect(refuse({ EVM_TOKENS: 'USDT:0xdAC17F958D2ee523a2206206994597C13D831ec7' })).toBe('EVM_TOKENS: "USDT:0xdAC17F958D2ee523a2206206994597C13D831ec7" is not of the form SYMBOL:contract:decimals[:usd].');
    expect(refuse({ EVM_CONFIRMATIONS: '0' })).toBe('EVM_CONFIRMATIONS must be a whole number from 1 to 10000, got "0".');
    expect(loadChainConfig({}).evmConfirmations).toBe(12);
  });
});
