import { applyBasisPoints, centsFromDecimal, parseAmount } from '@app/shared';

/** A rate in percent (at most two decimals) in basis points, for integer money arithmetic. */
export function basisPoints(percent: number): number {
  return Math.round(percent * 100);
}

/**
 * Profit for an amount typed by the user (decimal text) at a term rate: integer cents,
 * rounded half-even like the server. Null while the text is not an amount.
 */
export function profitFor(amountText: string, roiPercent: number): { amountCents: number; profitCents: number } | null {
  const parsed = parseAmount(amountText);
  if (!parsed.ok) return null;
  return { amountCents: parsed.cents, profitCents: applyBasisPoints(parsed.cents, basisPoints(roiPercent)) };
}

export function cents(decimal: string): number {
  return centsFromDecimal(decimal);
}

/** Elapsed share of a term in [0, 1]. */
export function termProgress(startDate: string | null, endDate: string | null, now: number): number {
  if (!startDate || !endDate) return 0;
  const start = Date.parse(startDate);
  const end = Date.parse(endDate);
  if (end <= start) return 1;
  return Math.min(1, Math.max(0, (now - start) / (end - start)));
}
