/**
 * Withdrawal and receiving address checks, checksums included: Bitcoin base58check (P2PKH,
 * P2SH) and segwit bech32/bech32m (mainnet `bc`, testnet `tb`); EVM 0x addresses with the
 * EIP-55 checksum when mixed case. Every asset but BTC lives on the EVM network.
 */
import { bech32, bech32m, createBase58check } from '@scure/base';
import { sha256 } from '@noble/hashes/sha2.js';
import { keccak_256 } from '@noble/hashes/sha3.js';
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils.js';
import { SUPPORTED_ASSETS } from './constants';

const base58check = createBase58check(sha256);

function isBase58CheckBitcoin(address: string): boolean {
  if (address.length < 26 || address.length > 35) return false;
  try {
    const payload = base58check.decode(address);
    // 0x00 P2PKH, 0x05 P2SH (mainnet); 0x6f, 0xc4 on testnet.
    return payload.length === 21 && [0x00, 0x05, 0x6f, 0xc4].includes(payload[0]!);
  } catch {
    return false;
  }
}

function isSegwitBitcoin(input: string): boolean {
  if (input !== input.toLowerCase() && input !== input.toUpperCase()) return false;
  const address = input.toLowerCase() as `${string}1${string}`;
  if (address.length < 14 || address.length > 90) return false;
  // Witness version 0 uses bech32, versions 1-16 bech32m (BIP350).
  for (const codec of [bech32, bech32m]) {
    let decoded;
    try {
      decoded = codec.decode(address, 90);
    } catch {
      continue;
    }
    if (decoded.prefix !== 'bc' && decoded.prefix !== 'tb') return false;
    const [version, ...words] = decoded.words;
    if (version === undefined || version > 16 || (version === 0) !== (codec === bech32)) return false;
    const program = codec.fromWordsUnsafe(words);
    if (!program || program.length < 2 || program.length > 40) return false;
    return version !== 0 || program.length === 20 || program.length === 32;
  }
  return false;
}

export function isValidBitcoinAddress(address: string): boolean {
  if (/^(bc1|tb1)/i.test(address)) return isSegwitBitcoin(address);
  return isBase58CheckBitcoin(address);
}

/** The EIP-55 mixed-case form of a 0x address. */
export function toChecksumAddress(address: string): string {
  const lower = address.slice(2).toLowerCase();
  const hash = bytesToHex(keccak_256(utf8ToBytes(lower)));
  let out = '0x';
  for (let i = 0; i < lower.length; i += 1) out += parseInt(hash[i]!, 16) >= 8 ? lower[i]!.toUpperCase() : lower[i]!;
  return out;
}

/** 0x + 40 hex; all-lowercase or all-uppercase is accepted, mixed case must match EIP-55. */
export function isValidEthereumAddress(address: string): boolean {
  if (!/^0x[0-9a-fA-F]{40}$/.test(address)) return false;
  const body = address.slice(2);
  if (body === body.toLowerCase() || body === body.toUpperCase()) return true;
  return toChecksumAddress(address) === address;
}

/** Whether `address` can receive `asset`: a Bitcoin address for BTC, an EVM address for every other asset. */
export function isValidAddress(asset: string, address: string): boolean {
  return asset === 'BTC' ? isValidBitcoinAddress(address) : isValidEthereumAddress(address);
}

/** The default assets an address is valid for (an EVM address fits ETH and USDT). */
export function assetsForAddress(address: string): string[] {
  return SUPPORTED_ASSETS.filter((asset) => isValidAddress(asset, address));
}
