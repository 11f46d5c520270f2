import { formatMoney } from '../../i18n/format';

/** An API money string ("1234.50") shown as "$1,234.50" with tabular digits. */
export function Money({ value, className }: { value: string | null | undefined; className?: string }) {
  return <span className={['tabular-nums', className].filter(Boolean).join(' ')}>{formatMoney(value ?? '0.00')}</span>;
}
