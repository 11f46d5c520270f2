import { useParams } from 'react-router';
import { Alert } from '../../../components/ui/alert';
import { Card, PageHeader } from '../../../components/ui/card';
import { Spinner } from '../../../components/ui/spinner';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useMoneyUserQuery } from '../api/money-api';
import { AdjustForm } from '../components/adjust-form';
import { UserFigures } from '../components/user-figures';

const KINDS = {
  profit: {
    title: 'Edit total profit',
    description: 'Profit is money: adding credits the wallet and total profit, deducting takes from both (never below zero).',
    path: 'updateDepositBalance' as const,
    labels: { add: 'Add profit', deduct: 'Deduct profit' },
  },
  balance: {
    title: 'Edit wallet balance',
    description: 'Adds to or deducts from the wallet (never below zero). Each change is a visible, audited entry.',
    path: 'editDepositBalance' as const,
    labels: { add: 'Add to balance', deduct: 'Deduct from balance' },
  },
};

/** /edit-balance/:id (total profit) and /edit-user-balance/:id (wallet balance). */
export function AdjustPage({ kind }: { kind: keyof typeof KINDS }) {
  const config = KINDS[kind];
  useDocumentTitle(config.title, config.description);
  const { id = '' } = useParams();
  const { data, isLoading, isError } = useMoneyUserQuery(id, { skip: !id });
  return (
    <div className="space-y-6">
      <PageHeader title={config.title} description={config.description} />
      {isLoading ? (
        <Spinner label="Loading the user" />
      ) : isError || !data ? (
        <Alert tone="danger" title="Something went wrong." />
      ) : (
        <>
          <UserFigures user={data} />
          <Card>
            <AdjustForm userId={id} path={config.path} failure="Something went wrong." labels={config.labels} />
          </Card>
        </>
      )}
    </div>
  );
}

export const EditProfitPage = () => <AdjustPage kind="profit" />;
export const EditBalancePage = () => <AdjustPage kind="balance" />;
