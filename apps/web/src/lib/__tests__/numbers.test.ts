import { describe, expect, it } from 'vitest';
import { formatNumber } from '../numbers';

describe('formatNumber', () => {
  it('groups digits and rounds like Intl.NumberFormat en-US', () => {
    const whole = new Intl.NumberFormat('en-US');
    const twoDecimals = new Intl.NumberFormat('en-US', { maximumFractionDigits: 2 });
    for (const value of [0, 7, 999, 1000, 1234, 17, 250000, 1234567, 987654321, -1234]) {
      expect(formatNumber(value)).toBe(whole.format(value));
    }
    for (const value of [0, 8, 10, 12.5, 12.345, 3650, 365.25, 1825.5, 0.01, 4380.004]) {
      expect(formatNumber(value, 2)).toBe(twoDecimals.format(value));
    }
  });
});
