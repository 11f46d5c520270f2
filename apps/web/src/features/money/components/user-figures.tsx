import { useTranslation } from 'react-i18next';
import { Card } from '../../../components/ui/card';
import { Money } from '../../../components/ui/money';
import type { MoneyUser } from '../api/money-api';

export function UserFigures({ user }: { user: MoneyUser }) {
  const { t } = useTranslation('staff');
  const figures: [string, string][] = [
    [t('userFigures.balance'), user.balance],
    [t('userFigures.available'), user.availableBalance],
    [t('userFigures.invested'), user.investmentBalance],
    [t('userFigures.totalProfit'), user.totalMaturityAmount],
    [t('userFigures.fees'), user.fees],
  ];
  return (
    <Card className="p-4">
      <p className="font-semibold text-slate-900 dark:text-white">{user.name}</p>
      <p className="text-sm text-slate-500">{user.email}</p>
      <dl className="mt-3 grid grid-cols-2 gap-3 text-sm sm:grid-cols-5">
        {figures.map(([label, value]) => (
          <div key={label}>
            <dt className="text-slate-500">{label}</dt>
            <dd className="font-semibold tabular-nums">
              <Money value={value} />
            </dd>
          </div>
        ))}
      </dl>
    </Card>
  );
}
