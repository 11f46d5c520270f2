import type { ReactNode } from 'react';
import { useParams } from 'react-router';
import { Alert } from '../../../components/ui/alert';
import { PageHeader } from '../../../components/ui/card';
import { Spinner } from '../../../components/ui/spinner';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useMoneyUserQuery, type MoneyUser } from '../api/money-api';
import { UserFigures } from './user-figures';

/** A staff page about the money of the user in the address (`:id`): the header, the user's figures, then `children` for that user. */
export function UserMoneyPage({
  title,
  description,
  docDescription = description,
  loading,
  failed,
  children,
}: {
  title: string;
  description: string;
  docDescription?: string;
  loading: string;
  failed: string;
  children: (user: MoneyUser, id: string) => ReactNode;
}) {
  useDocumentTitle(title, docDescription);
  const { id = '' } = useParams();
  const { data, isLoading, isError } = useMoneyUserQuery(id, { skip: !id });
  return (
    <div className="space-y-6">
      <PageHeader title={title} description={description} />
      {isLoading ? (
        <Spinner label={loading} />
      ) : isError || !data ? (
        <Alert tone="danger" title={failed} />
      ) : (
        <>
          <UserFigures user={data} />
          {children(data, id)}
        </>
      )}
    </div>
  );
}
