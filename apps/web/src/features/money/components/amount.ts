import { parseAmount } from '@app/shared';

/** Client check of an amount field with the server's rules and messages (SPEC §5: amount required). */
export function amountError(text: string): string | undefined {
  if (!text.trim()) return 'Amount is required';
  const parsed = parseAmount(text);
  return parsed.ok ? undefined : parsed.message;
}

/** The staff pages still import it from here; the user pages take it from the one formatting module. */
export { formatDateTime } from '../../../i18n/format';

/** "3 h", "2 days 4 h": the age of a request in the staff queues. */
export function formatAge(hours: number): string {
  if (hours < 1) return 'under 1 h';
  if (hours < 48) return `${hours} h`;
  const days = Math.floor(hours / 24);
  const rest = hours % 24;
  return rest ? `${days} days ${rest} h` : `${days} days`;
}
