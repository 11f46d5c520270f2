import { Card } from '../../../components/ui/card';
import { Money } from '../../../components/ui/money';
import type { MoneyUser } from '../api/money-api';

export function UserFigures({ user }: { user: MoneyUser }) {
  const figures: [string, string][] = [
    ['Balance', user.balance],
    ['Available', user.availableBalance],
    ['Invested', user.investmentBalance],
    ['Total profit', user.totalMaturityAmount],
    ['Fees', user.fees],
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
