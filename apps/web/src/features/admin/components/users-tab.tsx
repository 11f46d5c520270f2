import { useEffect, useState } from 'react';
import { Search } from 'lucide-react';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ADMIN_MESSAGES } from '@app/shared';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { StatCard } from '../../../components/ui/card';
import { Input } from '../../../components/ui/input';
import { LoadMore } from '../../../components/ui/load-more';
import { EmptyState, Spinner } from '../../../components/ui/spinner';
import { useTranslateMessage } from '../../../i18n/messages';
import { errorMessage } from '../../../lib/api';
import { useUsersInfiniteQuery } from '../api/admin-api';
import { UserCard } from './user-card';
import { DEFAULT_USER_SORT, UsersTable, useDeskWidth, type UserSortState } from './users-table';

const PAGE_SIZE = 12;

/** The /user-profile Users tab (staff): counts, search by name or email, users a page at a time (Load more): a sortable table from 1024 px, cards below. */
export function UsersTab() {
  const { t } = useTranslation('staff');
  const translate = useTranslateMessage();
  const [params] = useSearchParams();
  // The audit log links a person to the list searched for their email.
  const [text, setText] = useState(() => params.get('search') ?? '');
  const [search, setSearch] = useState(text.trim());
  const [sort, setSort] = useState<UserSortState>(DEFAULT_USER_SORT);
  const deskWidth = useDeskWidth();

  useEffect(() => {
    const timer = setTimeout(() => {
      setSearch(text.trim());
    }, 300);
    return () => clearTimeout(timer);
  }, [text]);

  // The server sorts the whole list (not the pages loaded so far); cards keep the newest first.
  const list = useUsersInfiniteQuery({ search, limit: PAGE_SIZE, ...(deskWidth ? sort : DEFAULT_USER_SORT) });
  const { isLoading, isError, error, isFetching, refetch } = list;
  const data = list.data && { ...list.data.pages[0]!, users: list.data.pages.flatMap((page) => page.users) };

  return (
    <section aria-labelledby="users-heading" className="@container space-y-6">
      <h2 id="users-heading" className="sr-only">
        {t('usersTab.heading')}
      </h2>
      <div className="grid grid-cols-3 gap-3">
        <StatCard label={t('usersTab.all')} value={data?.counts.all ?? '–'} />
        <StatCard label={t('usersTab.verified')} value={data?.counts.verified ?? '–'} />
        <StatCard label={t('usersTab.suspended')} value={data?.counts.suspended ?? '–'} />
      </div>
      <div className="relative">
        <Search className="pointer-events-none absolute left-3 top-1/2 size-4 -translate-y-1/2 text-slate-400" aria-hidden />
        <label htmlFor="user-search" className="sr-only">
          {t('usersTab.searchLabel')}
        </label>
        <Input
          id="user-search"
          type="search"
          placeholder={t('usersTab.searchPlaceholder')}
          value={text}
          onChange={(event) => setText(event.target.value)}
          className="pl-9"
        />
      </div>
      {isLoading ? (
        <Spinner label={t('usersTab.loading')} />
      ) : isError ? (
        <Alert tone="danger" title={t('usersTab.failed')} action={<Button size="sm" variant="outline" onClick={() => refetch()}>{t('staffList.tryAgain')}</Button>}>
          {translate(errorMessage(error, ADMIN_MESSAGES.somethingWrong))}
        </Alert>
      ) : !data || data.users.length === 0 ? (
        <EmptyState title={search ? t('usersTab.noMatch') : t('usersTab.none')}>{search && t('usersTab.nothingFound', { search })}</EmptyState>
      ) : (
        <>
          <p className="break-words text-sm text-slate-500 dark:text-slate-400" aria-live="polite">
            {search ? t('usersTab.countMatching', { count: data.total, search }) : t('usersTab.count', { count: data.total })}
            {isFetching && ` · ${t('usersTab.updating')}`}
          </p>
          {deskWidth ? (
            <UsersTable users={data.users} sort={sort} onSort={setSort} />
          ) : (
            <ul className="grid grid-cols-[minmax(0,1fr)] gap-4 @xl:grid-cols-2 @5xl:grid-cols-3">
              {data.users.map((user) => (
                <li key={user._id} className="flex min-w-0">
                  <div className="flex w-full min-w-0 flex-col [&>*]:flex-1">
                    <UserCard user={user} />
                  </div>
                </li>
              ))}
            </ul>
          )}
          <LoadMore hasMore={list.hasNextPage} loading={list.isFetchingNextPage} onLoad={() => void list.fetchNextPage()} />
        </>
      )}
    </section>
  );
}
