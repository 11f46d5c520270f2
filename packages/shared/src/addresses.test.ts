import { describe, expect, it } from 'vitest';
import { assetsForAddress, isValidAddress, isValidBitcoinAddress, isValidEthereumAddress, toChecksumAddress } from './addresses';

describe('crypto addresses', () => {
  // Base58check (P2PKH, P2SH), bech32 (v0) and bech32m (v1): mainnet, testnet, and refusals.
  it.each([
    ['1BvBMSEYstWetqTFn5Au4m4GFg7xJaNVN2', true],
    ['3J98t1WpEZ73CNmQviecrnyiWrnqRhWNLy', true],
    ['1BvBMSEYstWetqTFn5Au4m4GFg7xJaNVN3', false],
    ['bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq', true],
    ['BC1QAR0SRRR7XFKVY5L643LYDNW9RE59GTZZWF5MDQ', true],
    ['bc1p5d7rjq7g6rdk2yhzks9smlaqtedr4dekq08ge8ztwac72sfr9rusxg3297', true],
    ['bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdr', false],
    ['bc1qAr0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq', false],
    ['hello', false],
    ['tb1qw508d6qejxtdg4y5r3zarvary0c5xw7kxpjzsx', true],
    ['mipcBbFg9gMiCh81Kj8tqqdgoZub1ZJRfn', true],
    // BIP350 invalid vector: a v1 program with a bech32 (not bech32m) checksum.
    ['bc1p0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7vqh2y7hd', false],
    ['ltc1qw508d6qejxtdg4y5r3zarvary0c5xw7kgmn4n9', false],
  ])('bitcoin address %s is valid: %s', (address, valid) => {
    expect(isValidBitcoinAddress(address)).toBe(valid);
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

describe('edge cases', () => {
  it('treats every asset but BTC as an EVM asset (configured tokens)', () => {
    expect(isValidAddress('USDC', '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed')).toBe(true);
    expect(isValidAddress('USDC', 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq')).toBe(false);
  });
});
