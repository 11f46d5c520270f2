import { useTranslation } from 'react-i18next';
import { Card } from '../../../components/ui/card';
import { AdjustForm } from '../components/adjust-form';
import { UserMoneyPage } from '../components/user-money-page';

const PATHS = { profit: 'updateDepositBalance', balance: 'editDepositBalance' } as const;

/** /edit-balance/:id (total profit) and /edit-user-balance/:id (wallet balance). */
export function AdjustPage({ kind }: { kind: keyof typeof PATHS }) {
  const { t } = useTranslation('staff');
  return (
    <UserMoneyPage title={t(`adjustPage.${kind}.title`)} description={t(`adjustPage.${kind}.description`)} loading={t('adjustPage.loading')} failed={t('adjustPage.failed')}>
      {(_user, id) => (
        <Card>
          <AdjustForm userId={id} path={PATHS[kind]} failure={t('adjustPage.failed')} labels={{ add: t(`adjustPage.${kind}.add`), deduct: t(`adjustPage.${kind}.deduct`) }} />
        </Card>
      )}
    </UserMoneyPage>
  );
}

export const EditProfitPage = () => <AdjustPage kind="profit" />;
export const EditBalancePage = () => <AdjustPage kind="balance" />;
