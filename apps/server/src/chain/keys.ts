/**
 * Watch-only extended public keys and the deposit addresses derived from them (BIP32
 * receive path `<key>/0/i`). Only public keys ever reach this code: a private key, xprv or
 * seed phrase is refused with a message saying so (chain/secrets.ts).
 *
 * EVM: an `xpub` (usually the account key m/44'/60'/0'); addresses are EIP-55 checksummed.
 * Bitcoin: `xpub`/`zpub` (mainnet) or `tpub`/`vpub` (testnet); addresses are native segwit
 * (P2WPKH, bech32), as BIP84 wallets derive them.
 */
import { createHash } from 'node:crypto';
import { HDKey } from '@scure/bip32';
import { createBase58check } from '@scure/base';
import { sha256 } from '@noble/hashes/sha2.js';
import { secp256k1 } from '@noble/curves/secp256k1.js';
import { NETWORK as BITCOIN_MAINNET, TEST_NETWORK as BITCOIN_TESTNET, p2wpkh } from '@scure/btc-signer';
import { bytesToHex } from 'viem';
import { publicKeyToAddress } from 'viem/accounts';
import type { ChainNetwork } from '@app/shared';
import { findSecret, SECRET_REFUSAL } from './secrets';

/** BIP32 / SLIP-132 version bytes of the public keys we accept. */
const PUBLIC_VERSIONS = {
  xpub: 0x0488b21e,
  tpub: 0x043587cf,
  zpub: 0x04b24746,
  vpub: 0x045f1cf6,
} as const;
type PublicPrefix = keyof typeof PUBLIC_VERSIONS;

/** Version bytes of the other SLIP-132 kinds, so the refusal can name what was pasted. */
const OTHER_VERSIONS: Record<number, string> = {
  0x0488ade4: 'xprv',
  0x04358394: 'tprv',
  0x04b2430c: 'zprv',
  0x045f18bc: 'vprv',
  0x049d7878: 'yprv',
  0x044a4e28: 'uprv',
  0x049d7cb2: 'ypub',
  0x044a5262: 'upub',
  0x0295b43f: 'Ypub',
  0x02aa7ed3: 'Zpub',
};

const ACCEPTED: Record<ChainNetwork, readonly PublicPrefix[]> = {
  evm: ['xpub'],
  btc: ['xpub', 'zpub', 'tpub', 'vpub'],
};

const NETWORK_LABEL: Record<ChainNetwork, string> = { evm: 'EVM', btc: 'Bitcoin' };

const base58check = createBase58check(sha256);

/** A refusal of a key setting; its message is safe to show and never contains the key. */
export class WatchKeyError extends Error {}

export interface WatchKey {
  network: ChainNetwork;
  /** The key as entered (trimmed): public, safe to store and show. */
  text: string;
  prefix: PublicPrefix;
  /** Bitcoin testnet keys (tpub, vpub) derive tb1 addresses. */
  testnet: boolean;
  /** Short stable id of the key: address indexes are allocated per key. */
  fingerprint: string;
  node: HDKey;
}

function versionOf(text: string): number | null {
  try {
    const bytes = base58check.decode(text);
    if (bytes.length !== 78) return null;
    return ((bytes[0]! << 24) | (bytes[1]! << 16) | (bytes[2]! << 8) | bytes[3]!) >>> 0;
  } catch {
    return null;
  }
}

/** Parses a watch-only key for `network`, or throws WatchKeyError saying what is wrong. */
export function parseWatchKey(network: ChainNetwork, input: string): WatchKey {
  const text = input.trim();
  const label = NETWORK_LABEL[network];
  const accepted = ACCEPTED[network].join(', ');
  const secret = findSecret(text, { keyField: true });
  if (secret) throw new WatchKeyError(`${SECRET_REFUSAL[secret]} Enter the watch-only extended public key (${accepted}) instead.`);
  const version = versionOf(text);
  if (version === null) throw new WatchKeyError(`The ${label} key is not a valid extended public key (${accepted}).`);
  const prefix = (Object.keys(PUBLIC_VERSIONS) as PublicPrefix[]).find((name) => PUBLIC_VERSIONS[name] === version);
  if (!prefix) {
    const other = OTHER_VERSIONS[version];
    if (other?.endsWith('prv')) throw new WatchKeyError(`${SECRET_REFUSAL['extended-private-key']} Enter the watch-only extended public key (${accepted}) instead.`);
    throw new WatchKeyError(`${other ? `A ${other} key` : 'That key'} is not supported for ${label}: enter ${accepted.includes(',') ? `one of ${accepted}` : `an ${accepted}`}.`);
  }
  if (!ACCEPTED[network].includes(prefix)) {
    throw new WatchKeyError(`A ${prefix} is a Bitcoin key; the ${label} network takes an ${accepted}.`);
  }
  let node: HDKey;
  try {
    node = HDKey.fromExtendedKey(text, { public: version, private: 0 });
  } catch {
    throw new WatchKeyError(`The ${label} key is not a valid extended public key (${accepted}).`);
  }
  return {
    network,
    text,
    prefix,
    testnet: prefix === 'tpub' || prefix === 'vpub',
    fingerprint: createHash('sha256').update(`${network}:${text}`).digest('hex').slice(0, 16),
    node,
  };
}

/** The receive address at `<key>/0/index`. */
export function deriveAddress(key: WatchKey, index: number): string {
  if (!Number.isInteger(index) || index < 0 || index >= 0x80000000) throw new RangeError('address index out of range');
  const publicKey = key.node.deriveChild(0).deriveChild(index).publicKey!;
  if (key.network === 'evm') {
    const uncompressed = secp256k1.Point.fromBytes(publicKey).toBytes(false);
    return publicKeyToAddress(bytesToHex(uncompressed));
  }
  return p2wpkh(publicKey, key.testnet ? BITCOIN_TESTNET : BITCOIN_MAINNET).address!;
}
