import { describe, expect, it } from 'vitest';
import { assetsForAddress, isValidAddress, isValidBitcoinAddress, isValidEthereumAddress, toChecksumAddress } from './addresses';

describe('crypto addresses', () => {
  it('checks bitcoin base58check and bech32/bech32m', () => {
    expect(isValidBitcoinAddress('1BvBMSEYstWetqTFn5Au4m4GFg7xJaNVN2')).toBe(true);
    expect(isValidBitcoinAddress('3J98t1WpEZ73CNmQviecrnyiWrnqRhWNLy')).toBe(true);
    expect(isValidBitcoinAddress('1BvBMSEYstWetqTFn5Au4m4GFg7xJaNVN3')).toBe(false);
    expect(isValidBitcoinAddress('bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq')).toBe(true);
    expect(isValidBitcoinAddress('BC1QAR0SRRR7XFKVY5L643LYDNW9RE59GTZZWF5MDQ')).toBe(true);
    expect(isValidBitcoinAddress('bc1p5d7rjq7g6rdk2yhzks9smlaqtedr4dekq08ge8ztwac72sfr9rusxg3297')).toBe(true);
    expect(isValidBitcoinAddress('bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdr')).toBe(false);
    expect(isValidBitcoinAddress('bc1qAr0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq')).toBe(false);
    expect(isValidBitcoinAddress('hello')).toBe(false);
  });

  it('checks EIP-55 when mixed case', () => {
    const good = '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed';
    expect(isValidEthereumAddress(good)).toBe(true);
    expect(isValidEthereumAddress(good.toLowerCase())).toBe(true);
    expect(isValidEthereumAddress('0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAeD')).toBe(false);
    expect(isValidEthereumAddress('0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAe')).toBe(false);
    expect(toChecksumAddress(good.toLowerCase())).toBe(good);
    expect(isValidAddress('USDT', good)).toBe(true);
    expect(isValidAddress('BTC', good)).toBe(false);
    expect(assetsForAddress(good)).toEqual(['ETH', 'USDT']);
    expect(assetsForAddress('1BvBMSEYstWetqTFn5Au4m4GFg7xJaNVN2')).toEqual(['BTC']);
  });
});

describe('testnet and edge cases', () => {
  it('accepts Bitcoin testnet addresses and refuses a bech32m checksum on a version 0 program', () => {
    expect(isValidBitcoinAddress('tb1qw508d6qejxtdg4y5r3zarvary0c5xw7kxpjzsx')).toBe(true);
    expect(isValidBitcoinAddress('mipcBbFg9gMiCh81Kj8tqqdgoZub1ZJRfn')).toBe(true);
    // BIP350 invalid vector: a v1 program with a bech32 (not bech32m) checksum.
    expect(isValidBitcoinAddress('bc1p0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7vqh2y7hd')).toBe(false);
    expect(isValidBitcoinAddress('ltc1qw508d6qejxtdg4y5r3zarvary0c5xw7kgmn4n9')).toBe(false);
  });

  it('treats every asset but BTC as an EVM asset (configured tokens)', () => {
    expect(isValidAddress('USDC', '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed')).toBe(true);
    expect(isValidAddress('USDC', 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq')).toBe(false);
  });
});
