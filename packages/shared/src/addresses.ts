/**
 * Withdrawal address checks per asset, checksums included: BTC legacy base58check (P2PKH,
 * P2SH) and segwit bech32/bech32m; ETH and USDT (ERC-20) 0x addresses with the EIP-55
 * checksum when mixed case.
 */
import { sha256 } from '@noble/hashes/sha2.js';
import { keccak_256 } from '@noble/hashes/sha3.js';
import { SUPPORTED_ASSETS, type Asset } from './constants';

const BASE58 = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz';

function base58Decode(text: string): Uint8Array | null {
  let value = 0n;
  for (const char of text) {
    const digit = BASE58.indexOf(char);
    if (digit < 0) return null;
    value = value * 58n + BigInt(digit);
  }
  const bytes: number[] = [];
  while (value > 0n) {
    bytes.unshift(Number(value % 256n));
    value /= 256n;
  }
  for (const char of text) {
    if (char !== '1') break;
    bytes.unshift(0);
  }
  return Uint8Array.from(bytes);
}

function isBase58CheckBitcoin(address: string): boolean {
  if (address.length < 26 || address.length > 35) return false;
  const bytes = base58Decode(address);
  if (!bytes || bytes.length !== 25) return false;
  const version = bytes[0];
  if (version !== 0x00 && version !== 0x05) return false;
  const payload = bytes.slice(0, 21);
  const checksum = sha256(sha256(payload)).slice(0, 4);
  return checksum.every((byte, i) => byte === bytes[21 + i]);
}

const BECH32_CHARSET = 'qpzry9x8gf2tvdw0s3jn54khce6mua7l';
const BECH32_CONST = 1;
const BECH32M_CONST = 0x2bc830a3;

function polymod(values: number[]): number {
  const generator = [0x3b6a57b2, 0x26508e6d, 0x1ea119fa, 0x3d4233dd, 0x2a1462b3];
  let chk = 1;
  for (const value of values) {
    const top = chk >>> 25;
    chk = ((chk & 0x1ffffff) << 5) ^ value;
    for (let i = 0; i < 5; i += 1) if ((top >>> i) & 1) chk ^= generator[i]!;
  }
  return chk >>> 0;
}

function hrpExpand(hrp: string): number[] {
  const out: number[] = [];
  for (const char of hrp) out.push(char.charCodeAt(0) >> 5);
  out.push(0);
  for (const char of hrp) out.push(char.charCodeAt(0) & 31);
  return out;
}

function convertBits(data: number[], from: number, to: number): number[] | null {
  let acc = 0;
  let bits = 0;
  const out: number[] = [];
  const maxv = (1 << to) - 1;
  for (const value of data) {
    acc = (acc << from) | value;
    bits += from;
    while (bits >= to) {
      bits -= to;
      out.push((acc >> bits) & maxv);
    }
  }
  if (bits >= from || ((acc << (to - bits)) & maxv) !== 0) return null;
  return out;
}

function isSegwitBitcoin(input: string): boolean {
  if (input !== input.toLowerCase() && input !== input.toUpperCase()) return false;
  const address = input.toLowerCase();
  if (address.length < 14 || address.length > 90) return false;
  const separator = address.lastIndexOf('1');
  const hrp = address.slice(0, separator);
  if (hrp !== 'bc') return false;
  const data: number[] = [];
  for (const char of address.slice(separator + 1)) {
    const value = BECH32_CHARSET.indexOf(char);
    if (value < 0) return false;
    data.push(value);
  }
  if (data.length < 7) return false;
  const version = data[0]!;
  const check = polymod([...hrpExpand(hrp), ...data]);
  if (check !== (version === 0 ? BECH32_CONST : BECH32M_CONST)) return false;
  if (version > 16) return false;
  const program = convertBits(data.slice(1, -6), 5, 8);
  if (!program || program.length < 2 || program.length > 40) return false;
  if (version === 0 && program.length !== 20 && program.length !== 32) return false;
  return true;
}

export function isValidBitcoinAddress(address: string): boolean {
  if (/^(bc1|BC1)/.test(address)) return isSegwitBitcoin(address);
  return isBase58CheckBitcoin(address);
}

function hex(bytes: Uint8Array): string {
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/** The EIP-55 mixed-case form of a 0x address. */
export function toChecksumAddress(address: string): string {
  const lower = address.slice(2).toLowerCase();
  const hash = hex(keccak_256(new TextEncoder().encode(lower)));
  let out = '0x';
  for (let i = 0; i < lower.length; i += 1) {
    const char = lower[i]!;
    out += parseInt(hash[i]!, 16) >= 8 ? char.toUpperCase() : char;
  }
  return out;
}

/** 0x + 40 hex; all-lowercase or all-uppercase is accepted, mixed case must match EIP-55. */
export function isValidEthereumAddress(address: string): boolean {
  if (!/^0x[0-9a-fA-F]{40}$/.test(address)) return false;
  const body = address.slice(2);
  if (body === body.toLowerCase() || body === body.toUpperCase()) return true;
  return toChecksumAddress(address) === address;
}

export function isValidAddress(asset: Asset, address: string): boolean {
  switch (asset) {
    case 'BTC':
      return isValidBitcoinAddress(address);
    case 'ETH':
    case 'USDT':
      return isValidEthereumAddress(address);
    default:
      return false;
  }
}

/** The assets an address is valid for (an ERC-20 address fits ETH and USDT). */
export function assetsForAddress(address: string): Asset[] {
  return SUPPORTED_ASSETS.filter((asset) => isValidAddress(asset, address));
}
