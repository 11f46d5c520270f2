import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { applyBasisPoints, formatCents, formatUsd, MAX_AMOUNT_CENTS, parseAmount, centsFromDecimal } from './money';

describe('parseAmount', () => {
  it.each([
    [150, 15_000],
    ['150', 15_000],
    ['150.5', 15_050],
    [150.25, 15_025],
    ['0.01', 1],
    [' 42.00 ', 4_200],
  ])('accepts %j', (input, cents) => {
    expect(parseAmount(input)).toEqual({ ok: true, cents });
  });

  it.each([0, -1, '-5', Number.NaN, Infinity, Number('1e309'), '1.234', 1.234, '1e3', 'abc', '', null, undefined, [], {}, [100], true, '0.00', 1e-7, '0x10'])(
    'rejects %j',
    (input) => {
      expect(parseAmount(input).ok).toBe(false);
    },
  );

  it('rejects amounts over the maximum', () => {
    expect(parseAmount(String(MAX_AMOUNT_CENTS / 100 + 1)).ok).toBe(false);
    expect(parseAmount(String(MAX_AMOUNT_CENTS / 100))).toEqual({ ok: true, cents: MAX_AMOUNT_CENTS });
  });

  it('round-trips every cent value through formatCents', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: MAX_AMOUNT_CENTS }), (cents) => {
        expect(parseAmount(formatCents(cents))).toEqual({ ok: true, cents });
        expect(centsFromDecimal(formatCents(cents))).toBe(cents);
      }),
    );
  });
});

describe('formatting', () => {
  it('formats cents', () => {
    expect(formatCents(15_000)).toBe('150.00');
    expect(formatCents(5)).toBe('0.05');
    expect(formatCents(-1234)).toBe('-12.34');
    expect(formatUsd(123_456_789)).toBe('$1,234,567.89');
    expect(centsFromDecimal('0.00')).toBe(0);
  });

  it('formats a number of cents exactly as the same BigInt, over the whole safe-integer range', () => {
    fc.assert(
      fc.property(fc.integer({ min: Number.MIN_SAFE_INTEGER, max: Number.MAX_SAFE_INTEGER }), (cents) => {
        expect(formatCents(cents)).toBe(formatCents(BigInt(cents)));
      }),
      { numRuns: 5_000 },
    );
    for (const cents of [0, -0, 99, -99, 100, -100, 101, Number.MAX_SAFE_INTEGER, Number.MIN_SAFE_INTEGER]) {
      expect(formatCents(cents)).toBe(formatCents(BigInt(cents)));
    }
    expect(() => formatCents(1.5)).toThrow();
  });
});

describe('applyBasisPoints', () => {
  it('rounds half to even', () => {
    expect(applyBasisPoints(10_000, 800)).toBe(800);
    expect(applyBasisPoints(1, 5_000)).toBe(0); // 0.5 -> 0
    expect(applyBasisPoints(3, 5_000)).toBe(2); // 1.5 -> 2
    expect(applyBasisPoints(12_345, 1_500)).toBe(1_852); // 1851.75 -> 1852
  });
});
