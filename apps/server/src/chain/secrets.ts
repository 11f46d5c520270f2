/**
 * Recognises secrets that must never be typed into this product: extended private keys
 * (xprv and its network/segwit variants), raw 32-byte private keys and BIP39 seed phrases.
 * The server refuses any request carrying one (plugins/secret-guard.ts) and never keeps or
 * logs it; watch-only key settings (chain/keys.ts) say what to enter instead.
 */
import { wordlist } from '@scure/bip39/wordlists/english.js';

const BIP39_WORDS = new Set(wordlist);
/** The shortest BIP39 phrase has 12 words. */
const SEED_PHRASE_MIN_WORDS = 12;
/** Base58 extended private keys: xprv, tprv, yprv, zprv, uprv, vprv and the multisig Yprv/Zprv/Uprv/Vprv. */
const EXTENDED_PRIVATE_KEY = /(?:^|[^1-9A-HJ-NP-Za-km-z])([xtyzuvYZUV]prv[1-9A-HJ-NP-Za-km-z]{100,112})(?![1-9A-HJ-NP-Za-km-z])/;
/** A bare 32-byte hex key, as wallets export private keys ("0x" optional). */
const HEX_PRIVATE_KEY = /^(?:0x)?[0-9a-fA-F]{64}$/;

export type SecretKind = 'extended-private-key' | 'private-key' | 'seed-phrase';

export const SECRET_REFUSAL: Record<SecretKind, string> = {
  'extended-private-key':
    'That is an extended private key (xprv). Never share it with anyone, including us: it controls the funds. Nothing was saved.',
  'private-key': 'That looks like a private key. Never share it with anyone, including us: it controls the funds. Nothing was saved.',
  'seed-phrase':
    'That looks like a wallet recovery (seed) phrase. Never share it with anyone, including us: it controls the funds. Nothing was saved.',
};

/** Twelve or more consecutive words that are all BIP39 words (a normal sentence has words outside the list). */
function containsSeedPhrase(text: string): boolean {
  let run = 0;
  for (const word of text.toLowerCase().split(/[^a-z]+/)) {
    if (!word) continue;
    if (BIP39_WORDS.has(word)) {
      run += 1;
      if (run >= SEED_PHRASE_MIN_WORDS) return true;
    } else {
      run = 0;
    }
  }
  return false;
}

/**
 * Which kind of secret `text` carries, if any. A bare 64-hex value is a private key only
 * where a key is expected (`keyField`): elsewhere it is as likely a transaction hash.
 */
export function findSecret(text: string, options: { keyField?: boolean } = {}): SecretKind | null {
  if (text.length >= 100 && EXTENDED_PRIVATE_KEY.test(text)) return 'extended-private-key';
  if (options.keyField && HEX_PRIVATE_KEY.test(text.trim())) return 'private-key';
  // Cheap gate before splitting: a 12-word phrase is at least 12 * 3 + 11 characters.
  if (text.length >= 47 && containsSeedPhrase(text)) return 'seed-phrase';
  return null;
}
