import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { Alert } from '../../../components/ui/alert';
import { Card, PageHeader } from '../../../components/ui/card';
import { Spinner } from '../../../components/ui/spinner';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useMoneyUserQuery } from '../api/money-api';
import { AdjustForm } from '../components/adjust-form';
import { UserFigures } from '../components/user-figures';

const PATHS = { profit: 'updateDepositBalance', balance: 'editDepositBalance' } as const;

/** /edit-balance/:id (total profit) and /edit-user-balance/:id (wallet balance). */
export function AdjustPage({ kind }: { kind: keyof typeof PATHS }) {
  const { t } = useTranslation('staff');
  const title = t(`adjustPage.${kind}.title`);
  const description = t(`adjustPage.${kind}.description`);
  useDocumentTitle(title, description);
  const { id = '' } = useParams();
  const { data, isLoading, isError } = useMoneyUserQuery(id, { skip: !id });
  return (
    <div className="space-y-6">
      <PageHeader title={title} description={description} />
      {isLoading ? (
        <Spinner label={t('adjustPage.loading')} />
      ) : isError || !data ? (
        <Alert tone="danger" title={t('adjustPage.failed')} />
      ) : (
        <>
          <UserFigures user={data} />
          <Card>
            <AdjustForm userId={id} path={PATHS[kind]} failure={t('adjustPage.failed')} labels={{ add: t(`adjustPage.${kind}.add`), deduct: t(`adjustPage.${kind}.deduct`) }} />
          </Card>
        </>
      )}
    </div>
  );
}

export const EditProfitPage = () => <AdjustPage kind="profit" />;
export const EditBalancePage = () => <AdjustPage kind="balance" />;
