import { parseAmount } from '@app/shared';

/** Client check of an amount field with the server's rules and messages (SPEC §5: amount required). */
export function amountError(text: string): string | undefined {
  if (!text.trim()) return 'Amount is required';
  const parsed = parseAmount(text);
  return parsed.ok ? undefined : parsed.message;
}
