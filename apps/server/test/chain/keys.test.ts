import { describe, expect, it } from 'vitest';
import { HDKey } from '@scure/bip32';
import { mnemonicToSeedSync } from '@scure/bip39';
import { NETWORK, TEST_NETWORK, p2wpkh } from '@scure/btc-signer';
import { bytesToHex } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { deriveAddress, findSecret, parseWatchKey, WatchKeyError } from '../../src/chain';
import { DEPOSIT_MNEMONIC, evmAccountXpub, FUNDER_KEY } from '../helpers/evm-node';

const seed = mnemonicToSeedSync(DEPOSIT_MNEMONIC);
const refusal = (network: 'evm' | 'btc', key: string) => {
  try {
    parseWatchKey(network, key);
  } catch (error) {
    expect(error).toBeInstanceOf(WatchKeyError);
    return (error as Error).message;
  }
  throw new Error('expected a refusal');
};

describe('watch-only keys and derived deposit addresses', () => {
  it('derives public children as BIP32 test vector 1 gives them', () => {
    // m/0H/1/2H/2 and its public child 1000000000 (BIP32, test vector 1).
    const parent = parseWatchKey('btc', 'xpub6FHa3pjLCk84BayeJxFW2SP4XRrFd1JYnxeLeU8EqN3vDfZmbqBqaGJAyiLjTAwm6ZLRQUMv1ZACTj37sR62cfN7fe5JnJ7dh8zL4fiyLHV');
    expect(parent.node.deriveChild(1000000000).publicExtendedKey).toBe(
      'xpub6H1LXWLaKsWFhvm6RVpEL9P4KfRZSW7abD2ttkWP3SSQvnyA8FSVqNTEcYFgJS2UaFcxupHiYkro49S8yGasTvXEYBVPamhGW6cFJodrTHy',
    );
  });

  it('derives BIP84 native segwit receive addresses from a zpub (BIP84 test vectors)', () => {
    const key = parseWatchKey('btc', 'zpub6rFR7y4Q2AijBEqTUquhVz398htDFrtymD9xYYfG1m4wAcvPhXNfE3EfH1r1ADqtfSdVCToUG868RvUUkgDKf31mGDtKsAYz2oz2AGutZYs');
    expect(key.prefix).toBe('zpub');
    expect(deriveAddress(key, 0)).toBe('bc1qcr8te4kr609gcawutmrza0j4xv80jy8z306fyu');
    expect(deriveAddress(key, 1)).toBe('bc1qnjg0jd8228aq7egyzacy8cys3knf9xvrerkf9g');
  });

  it('derives testnet (vpub, tpub) addresses as tb1, matching the private derivation', () => {
    const versions = { private: 0x045f18bc, public: 0x045f1cf6 };
    const account = HDKey.fromMasterSeed(seed, versions).derive("m/84'/1'/0'");
    const key = parseWatchKey('btc', account.publicExtendedKey);
    expect(key.prefix).toBe('vpub');
    const expected = p2wpkh(account.deriveChild(0).deriveChild(7).publicKey!, TEST_NETWORK).address;
    expect(deriveAddress(key, 7)).toBe(expected);
    expect(expected).toMatch(/^tb1q/);
    const tpub = HDKey.fromMasterSeed(seed, { private: 0x04358394, public: 0x043587cf }).derive("m/84'/1'/0'").publicExtendedKey;
    expect(deriveAddress(parseWatchKey('btc', tpub), 0)).toMatch(/^tb1q/);
    expect(p2wpkh(HDKey.fromMasterSeed(seed).derive("m/84'/0'/0'/0/0").publicKey!, NETWORK).address).toBe('bc1qcr8te4kr609gcawutmrza0j4xv80jy8z306fyu');
  });

  it('derives EIP-55 EVM addresses at <xpub>/0/i as wallets do (m/44\'/60\'/0\'/0/i)', () => {
    const key = parseWatchKey('evm', evmAccountXpub());
    // The widely published first address of the "abandon … about" mnemonic.
    expect(deriveAddress(key, 0)).toBe('0x9858EfFD232B4033E47d90003D41EC34EcaEda94');
    // Hardhat's funded account 0 from its own mnemonic.
    expect(deriveAddress(parseWatchKey('evm', evmAccountXpub('test test test test test test test test test test test junk')), 0)).toBe(
      '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266',
    );
    const byPrivate = HDKey.fromMasterSeed(seed).derive("m/44'/60'/0'/0/5");
    expect(deriveAddress(key, 5)).toBe(privateKeyToAccount(bytesToHex(byPrivate.privateKey!)).address);
    expect(key.fingerprint).toMatch(/^[0-9a-f]{16}$/);
  });

  it('refuses private keys, seed phrases and xprv with a message that never repeats them', () => {
    const account = HDKey.fromMasterSeed(seed).derive("m/44'/60'/0'");
    const xprv = account.privateExtendedKey;
    const zprv = HDKey.fromMasterSeed(seed, { private: 0x04b2430c, public: 0x04b24746 }).derive("m/84'/0'/0'").privateExtendedKey;
    for (const [network, secret] of [
      ['evm', xprv],
      ['btc', xprv],
      ['btc', zprv],
      ['evm', DEPOSIT_MNEMONIC],
      ['evm', FUNDER_KEY],
      ['evm', FUNDER_KEY.slice(2)],
    ] as const) {
      const message = refusal(network, secret);
      expect(message).toMatch(/Never share it/);
      expect(message).not.toContain(secret);
      expect(message).not.toContain(secret.slice(4, 20));
    }
    expect(findSecret(`my words: ${DEPOSIT_MNEMONIC}`)).toBe('seed-phrase');
    expect(findSecret(`key ${xprv} here`)).toBe('extended-private-key');
    // A transaction hash has the shape of a private key: only key fields treat it as one.
    expect(findSecret(FUNDER_KEY)).toBeNull();
    expect(findSecret('Please send the withdrawal to my usual wallet address, thank you very much for the help')).toBeNull();
  });

  it('refuses malformed keys and keys of the wrong network with a clear message', () => {
    const xpub = evmAccountXpub();
    expect(refusal('evm', `${xpub.slice(0, -1)}${xpub.endsWith('a') ? 'b' : 'a'}`)).toBe('The EVM key is not a valid extended public key (xpub).');
    expect(refusal('evm', 'hello')).toBe('The EVM key is not a valid extended public key (xpub).');
    const zpub = 'zpub6rFR7y4Q2AijBEqTUquhVz398htDFrtymD9xYYfG1m4wAcvPhXNfE3EfH1r1ADqtfSdVCToUG868RvUUkgDKf31mGDtKsAYz2oz2AGutZYs';
    expect(refusal('evm', zpub)).toBe('A zpub is a Bitcoin key; the EVM network takes an xpub.');
    const ypub = HDKey.fromMasterSeed(seed, { private: 0x049d7878, public: 0x049d7cb2 }).derive("m/49'/0'/0'").publicExtendedKey;
    expect(refusal('btc', ypub)).toBe('A ypub key is not supported for Bitcoin: enter one of xpub, zpub, tpub, vpub.');
  });
});
