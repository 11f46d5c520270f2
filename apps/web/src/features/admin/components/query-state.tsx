import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ADMIN_MESSAGES } from '@app/shared';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import { useTranslateMessage } from '../../../i18n/messages';
import { errorMessage } from '../../../lib/api';

/** What QueryState reads of an RTK Query hook's result. */
export interface QueryView<T> {
  data?: T;
  isLoading: boolean;
  isError: boolean;
  error?: unknown;
  refetch?: () => unknown;
}

/**
 * A back-office read in its four states: a spinner while it loads, the server's reason (with
 * Try again) when it failed, `empty` when `isEmpty` says there is nothing, else `children(data)`.
 */
export function QueryState<T>({
  query,
  loading,
  failed,
  isEmpty,
  empty,
  children,
}: {
  query: QueryView<T>;
  /** The spinner's label, e.g. "Loading the audit log". */
  loading: string;
  /** The error's title, e.g. "Could not load the audit log". */
  failed: string;
  isEmpty?: (data: T) => boolean;
  empty?: ReactNode;
  children: (data: T) => ReactNode;
}) {
  const { t } = useTranslation('staff');
  const translate = useTranslateMessage();
  const { data, isLoading, isError, error, refetch } = query;
  if (isLoading) return <Spinner label={loading} />;
  if (isError || data === undefined) {
    return (
      <Alert
        tone="danger"
        title={failed}
        action={
          refetch && (
            <Button size="sm" variant="outline" onClick={() => refetch()}>
              {t('staffList.tryAgain')}
            </Button>
          )
        }
      >
        {translate(errorMessage(error, ADMIN_MESSAGES.somethingWrong))}
      </Alert>
    );
  }
  if (isEmpty?.(data)) return <>{empty}</>;
  return <>{children(data)}</>;
}
