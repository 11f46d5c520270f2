import { useTranslation } from 'react-i18next';
import { centsFromDecimal } from '@app/shared';
import { Money } from '../../../components/ui/money';
import { cn } from '../../../lib/cn';

/**
 * The one way staff pages show the solvency margin (issue 40.7): a word and a colour, never a
 * minus on one page only. "Shortfall" in red when users are owed more than was received, else
 * "Surplus" in green; the amount is always unsigned.
 */
export function surplusStanding(surplus: string) {
  const short = centsFromDecimal(surplus) < 0;
  return { short, amount: surplus.replace(/^-/, ''), labelKey: short ? 'staffHome.shortfall' : 'staffHome.surplus' } as const;
}

export function useSurplusLabel(surplus: string): string {
  const { t } = useTranslation('staff');
  return t(surplusStanding(surplus).labelKey);
}

export function SurplusAmount({ surplus, className }: { surplus: string; className?: string }) {
  const { short, amount } = surplusStanding(surplus);
  return <Money value={amount} className={cn(short ? 'text-red-700 dark:text-red-300' : 'text-emerald-700 dark:text-emerald-300', className)} />;
}
