import { useEffect, useState } from 'react';
import { Search } from 'lucide-react';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { StatCard } from '../../../components/ui/card';
import { Input } from '../../../components/ui/input';
import { LoadMore } from '../../../components/ui/load-more';
import { EmptyState, Spinner } from '../../../components/ui/spinner';
import { errorMessage } from '../../../lib/api';
import { useUsersInfiniteQuery } from '../api/admin-api';
import { UserCard } from './user-card';

const PAGE_SIZE = 12;

/** The /user-profile Users tab (staff): counts, search by name or email, user cards a page at a time (Load more). */
export function UsersTab() {
  const [text, setText] = useState('');
  const [search, setSearch] = useState('');

  useEffect(() => {
    const timer = setTimeout(() => {
      setSearch(text.trim());
    }, 300);
    return () => clearTimeout(timer);
  }, [text]);

  const list = useUsersInfiniteQuery({ search, limit: PAGE_SIZE });
  const { isLoading, isError, error, isFetching, refetch } = list;
  const data = list.data && { ...list.data.pages[0]!, users: list.data.pages.flatMap((page) => page.users) };

  return (
    <section aria-labelledby="users-heading" className="@container space-y-6">
      <h2 id="users-heading" className="sr-only">
        Users
      </h2>
      <div className="grid grid-cols-3 gap-3">
        <StatCard label="All users" value={data?.counts.all ?? '–'} />
        <StatCard label="Verified" value={data?.counts.verified ?? '–'} />
        <StatCard label="Suspended" value={data?.counts.suspended ?? '–'} />
      </div>
      <div className="relative">
        <Search className="pointer-events-none absolute left-3 top-1/2 size-4 -translate-y-1/2 text-slate-400" aria-hidden />
        <label htmlFor="user-search" className="sr-only">
          Search users by name or email
        </label>
        <Input
          id="user-search"
          type="search"
          placeholder="Search by name or email"
          value={text}
          onChange={(event) => setText(event.target.value)}
          className="pl-9"
        />
      </div>
      {isLoading ? (
        <Spinner label="Loading users" />
      ) : isError ? (
        <Alert tone="danger" title="Could not load users" action={<Button size="sm" variant="outline" onClick={() => refetch()}>Try again</Button>}>
          {errorMessage(error, 'Something went wrong.')}
        </Alert>
      ) : !data || data.users.length === 0 ? (
        <EmptyState title={search ? 'No users match your search' : 'No users yet'}>{search && `Nothing found for “${search}”.`}</EmptyState>
      ) : (
        <>
          <p className="text-sm text-slate-500 dark:text-slate-400" aria-live="polite">
            {data.total} {data.total === 1 ? 'user' : 'users'}
            {search ? ` matching “${search}”` : ''}
            {isFetching ? ' · updating…' : ''}
          </p>
          <ul className="grid gap-4 @xl:grid-cols-2 @5xl:grid-cols-3">
            {data.users.map((user) => (
              <li key={user._id} className="flex">
                <div className="flex w-full flex-col [&>*]:flex-1">
                  <UserCard user={user} />
                </div>
              </li>
            ))}
          </ul>
          <LoadMore hasMore={list.hasNextPage} loading={list.isFetchingNextPage} onLoad={() => void list.fetchNextPage()} />
        </>
      )}
    </section>
  );
}
