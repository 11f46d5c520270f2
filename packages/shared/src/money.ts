/**
 * Money crosses the API as a decimal string with two places and is stored as integer cents.
 * These helpers are the only place that converts between the two; no float arithmetic
 * ever touches an amount.
 */

/** Largest single amount the API accepts: $1,000,000,000.00. */
export const MAX_AMOUNT_CENTS = 100_000_000_000;

const DECIMAL = /^(\d{1,12})(?:\.(\d{1,2}))?$/;

export type ParsedAmount = { ok: true; cents: number } | { ok: false; message: string };

/**
 * Parses a request amount (a JSON number or a decimal string) into integer cents.
 * Rejects NaN, infinities, negatives, zero, more than two decimals, exponents and
 * anything over MAX_AMOUNT_CENTS.
 */
export function parseAmount(input: unknown): ParsedAmount {
  let text: string;
  if (typeof input === 'number') {
    if (!Number.isFinite(input)) return { ok: false, message: 'Amount must be a number' };
    // String(number) gives the shortest round-trip form, so 150.1 stays "150.1".
    text = String(input);
  } else if (typeof input === 'string') {
    text = input.trim();
  } else {
    return { ok: false, message: 'Amount is required' };
  }
  if (text === '') return { ok: false, message: 'Amount is required' };
  if (text.startsWith('-')) return { ok: false, message: 'Amount must be greater than zero' };
  const cents = hundredthsFromDecimal(text);
  if (cents === undefined) return { ok: false, message: 'Amount must be a number with at most two decimals' };
  if (cents <= 0) return { ok: false, message: 'Amount must be greater than zero' };
  if (cents > MAX_AMOUNT_CENTS) return { ok: false, message: 'Amount is too large' };
  return { ok: true, cents };
}

/**
 * A non-negative decimal with at most two places ("12.5") as a whole number of hundredths
 * (1250: cents of dollars, basis points of a percent), in integer arithmetic; undefined for
 * anything else.
 */
export function hundredthsFromDecimal(text: string): number | undefined {
  const match = DECIMAL.exec(text);
  if (!match) return undefined;
  return Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
}

/** Formats integer cents as "1234.50" (no grouping), the API's money shape. */
export function formatCents(cents: number | bigint): string {
  if (typeof cents === 'number' && Number.isSafeInteger(cents)) {
    // Integer arithmetic without BigInt (a dashboard formats 30 of these per request); both steps are exact.
    const abs = Math.abs(cents);
    const fraction = abs % 100;
    return `${cents < 0 ? '-' : ''}${(abs - fraction) / 100}.${fraction < 10 ? '0' : ''}${fraction}`;
  }
  const value = BigInt(cents);
  const negative = value < 0n;
  const abs = negative ? -value : value;
  const whole = abs / 100n;
  const fraction = (abs % 100n).toString().padStart(2, '0');
  return `${negative ? '-' : ''}${whole}.${fraction}`;
}

/** Converts an API money string ("1234.50") back to cents; throws on anything else. */
export function centsFromDecimal(text: string): number {
  const negative = text.startsWith('-');
  const parsed = parseAmount(negative ? text.slice(1) : text);
  if (parsed.ok) return negative ? -parsed.cents : parsed.cents;
  if (/^-?0+(\.0{1,2})?$/.test(text)) return 0;
  throw new Error(`Not a money string: ${text}`);
}

/** Formats cents for people: "$1,234.50". */
export function formatUsd(cents: number | bigint): string {
  const text = formatCents(cents);
  const negative = text.startsWith('-');
  const [whole = '0', fraction = '00'] = (negative ? text.slice(1) : text).split('.');
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${negative ? '-' : ''}$${grouped}.${fraction}`;
}

/** Formats an API money string for people: "1234.5" -> "$1,234.50". */
export function formatMoney(decimal: string): string {
  return formatUsd(centsFromDecimal(decimal));
}

/**
 * Multiplies cents by a rate given in basis points (1/100 of a percent), rounding half to
 * even, in integer arithmetic. 8% is 800 bp.
 */
export function applyBasisPoints(cents: number, basisPoints: number): number {
  if (!Number.isInteger(cents) || !Number.isInteger(basisPoints)) {
    throw new Error('applyBasisPoints takes integers');
  }
  return divideRoundHalfEven(BigInt(cents) * BigInt(basisPoints), 10_000n);
}

/** Integer division of a non-negative numerator, rounding half to even. */
export function divideRoundHalfEven(numerator: bigint, denominator: bigint): number {
  if (numerator < 0n || denominator <= 0n) throw new Error('divideRoundHalfEven takes a non-negative numerator');
  const quotient = numerator / denominator;
  const remainder = numerator % denominator;
  const twice = remainder * 2n;
  let rounded = quotient;
  if (twice > denominator || (twice === denominator && quotient % 2n === 1n)) rounded += 1n;
  return Number(rounded);
}
