import { useSyncExternalStore } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { DropdownMenu } from 'radix-ui';
import { ArrowDown, ArrowUp, ArrowUpDown, Coins, Eye, History, Mail, MoreHorizontal, Percent, Trash2, TrendingUp, UserCog } from 'lucide-react';
import type { AdminUserView, SortOrder, UserSort } from '@app/shared';
import { Badge, statusTone } from '../../../components/ui/badge';
import { Money } from '../../../components/ui/money';
import { localeDateFormat } from '../../../i18n/format';
import { useCurrentUser } from '../../../lib/hooks';
import { ROLE_TONES } from './user-card';
import { useUserActions, userLinks } from './user-actions';

export interface UserSortState {
  sort: UserSort;
  order: SortOrder;
}

/** The list's first order: newest first, as the server sends it without parameters. */
export const DEFAULT_USER_SORT: UserSortState = { sort: 'joined', order: 'desc' };

/** A click on a column's header: the same column turns its order round; another starts ascending (joined and balance: highest first). */
export function nextSort(current: UserSortState, sort: UserSort): UserSortState {
  if (current.sort === sort) return { sort, order: current.order === 'asc' ? 'desc' : 'asc' };
  return { sort, order: sort === 'joined' || sort === 'balance' ? 'desc' : 'asc' };
}

const DESK_WIDTH = '(min-width: 1024px)';

function subscribe(onChange: () => void) {
  if (typeof window.matchMedia !== 'function') return () => {};
  const query = window.matchMedia(DESK_WIDTH);
  query.addEventListener('change', onChange);
  return () => query.removeEventListener('change', onChange);
}

/** From 1024 px wide the users list is a table; below, cards (phones and tablets held upright). */
export function useDeskWidth(): boolean {
  return useSyncExternalStore(subscribe, () => typeof window.matchMedia === 'function' && window.matchMedia(DESK_WIDTH).matches);
}

const joinedFormat = localeDateFormat({ dateStyle: 'medium' });

const COLUMNS: ReadonlyArray<{ sort: UserSort; numeric?: boolean }> = [
  { sort: 'name' },
  { sort: 'email' },
  { sort: 'role' },
  { sort: 'kyc' },
  { sort: 'balance', numeric: true },
  { sort: 'joined' },
];

const menuItem =
  'flex cursor-pointer select-none items-center gap-2 rounded-md px-2.5 py-2 text-sm text-slate-700 outline-none data-[disabled]:cursor-not-allowed data-[disabled]:opacity-50 data-[highlighted]:bg-slate-100 dark:text-slate-200 dark:data-[highlighted]:bg-slate-800';

/** A row's actions: the card's own (change role, figures, email, impersonate), with Delete last, set apart, behind its confirm dialog. */
function RowMenu({ user }: { user: AdminUserView }) {
  const { t } = useTranslation('staff');
  const actions = useUserActions(user, { pickRoleInDialog: true });
  const links = userLinks(user);
  const icon = 'size-4 shrink-0 text-slate-400';
  return (
    <>
      <DropdownMenu.Root modal={false}>
        <DropdownMenu.Trigger
          className="inline-flex size-8 items-center justify-center rounded-md text-slate-500 hover:bg-slate-100 hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-brand-600 data-[state=open]:bg-slate-100 dark:hover:bg-slate-800 dark:data-[state=open]:bg-slate-800"
          aria-label={t('usersTable.actionsFor', { name: user.name })}
        >
          <MoreHorizontal className="size-4" aria-hidden />
        </DropdownMenu.Trigger>
        <DropdownMenu.Portal>
          <DropdownMenu.Content align="end" sideOffset={4} className="z-40 min-w-52 rounded-lg border border-slate-200 bg-white p-1 shadow-lg dark:border-slate-700 dark:bg-slate-900">
            {actions.otherAdmin && (
              <DropdownMenu.Item className={menuItem} onSelect={actions.askRole}>
                <UserCog className={icon} aria-hidden /> {t('userCard.requestRoleChange')}
              </DropdownMenu.Item>
            )}
            {actions.manageable && (
              <>
                <DropdownMenu.Item className={menuItem} onSelect={actions.askRole}>
                  <UserCog className={icon} aria-hidden /> {t('usersTable.changeRole')}
                </DropdownMenu.Item>
                <DropdownMenu.Item className={menuItem} asChild>
                  <Link to={links.balance}>
                    <Coins className={icon} aria-hidden /> {t('userCard.editBalance')}
                  </Link>
                </DropdownMenu.Item>
                <DropdownMenu.Item className={menuItem} asChild>
                  <Link to={links.profit}>
                    <TrendingUp className={icon} aria-hidden /> {t('userCard.editProfit')}
                  </Link>
                </DropdownMenu.Item>
                <DropdownMenu.Item className={menuItem} asChild>
                  <Link to={links.fees}>
                    <Percent className={icon} aria-hidden /> {t('userCard.manageFees')}
                  </Link>
                </DropdownMenu.Item>
                <DropdownMenu.Item className={menuItem} asChild>
                  <Link to={links.email}>
                    <Mail className={icon} aria-hidden /> {t('usersTable.sendEmail')}
                  </Link>
                </DropdownMenu.Item>
                <DropdownMenu.Item className={menuItem} disabled={user.role === 'suspended' || actions.impersonating} onSelect={actions.startImpersonation}>
                  <Eye className={icon} aria-hidden /> {t('userCard.impersonate')}
                </DropdownMenu.Item>
              </>
            )}
            <DropdownMenu.Item className={menuItem} asChild>
              <Link to={links.audit}>
                <History className={icon} aria-hidden /> {t('userCard.auditTrail')}
              </Link>
            </DropdownMenu.Item>
            {actions.manageable && (
              <>
                <DropdownMenu.Separator className="my-1 h-px bg-slate-200 dark:bg-slate-700" />
                <DropdownMenu.Item className={`${menuItem} text-red-700 data-[highlighted]:bg-red-50 dark:text-red-400 dark:data-[highlighted]:bg-red-950`} onSelect={actions.askDelete}>
                  <Trash2 className="size-4 shrink-0" aria-hidden /> {t('usersTable.deleteUser')}
                </DropdownMenu.Item>
              </>
            )}
          </DropdownMenu.Content>
        </DropdownMenu.Portal>
      </DropdownMenu.Root>
      {actions.dialogs}
    </>
  );
}

function UserRow({ user }: { user: AdminUserView }) {
  const { t } = useTranslation('staff');
  const self = useCurrentUser()?._id === user._id;
  return (
    <tr className="border-t border-slate-100 hover:bg-slate-50/70 dark:border-slate-800 dark:hover:bg-slate-800/40" data-testid="user-row">
      <th scope="row" className="px-4 py-3 text-left font-medium text-slate-900 dark:text-white">
        {user.name}
        {self && (
          <Badge tone="info" className="ml-2 align-middle">
            {t('userCard.you')}
          </Badge>
        )}
      </th>
      <td className="max-w-72 truncate px-4 py-3 text-slate-600 dark:text-slate-400" title={user.email}>
        {user.email}
      </td>
      <td className="px-4 py-3">
        <Badge tone={ROLE_TONES[user.role]}>{t(`userCard.roles.${user.role}`)}</Badge>
      </td>
      <td className="px-4 py-3">
        <Badge tone={statusTone(user.kycStatus)}>{t(`account:kyc.status.${user.kycStatus}`)}</Badge>
      </td>
      <td className="px-4 py-3 text-right font-medium text-slate-900 dark:text-white">
        <Money value={user.balance} />
      </td>
      <td className="whitespace-nowrap px-4 py-3 text-slate-600 dark:text-slate-400">
        <time dateTime={user.createdAt}>{joinedFormat.format(new Date(user.createdAt))}</time>
      </td>
      <td className="px-2 py-2 text-right">
        <RowMenu user={user} />
      </td>
    </tr>
  );
}

/** The users list at desk width: full names, sortable columns (sorted by the server, over the whole list), each row's actions in its menu. */
export function UsersTable({ users, sort, onSort }: { users: AdminUserView[]; sort: UserSortState; onSort: (next: UserSortState) => void }) {
  const { t } = useTranslation('staff');
  return (
    <div className="overflow-x-auto rounded-xl border border-slate-200 bg-white shadow-sm dark:border-slate-800 dark:bg-slate-900">
      <table className="w-full text-sm">
        <caption className="sr-only">{t('usersTable.caption')}</caption>
        <thead className="bg-slate-50 text-xs uppercase tracking-wide text-slate-500 dark:bg-slate-800/60 dark:text-slate-400">
          <tr>
            {COLUMNS.map((column) => {
              const active = sort.sort === column.sort;
              const Arrow = !active ? ArrowUpDown : sort.order === 'asc' ? ArrowUp : ArrowDown;
              return (
                <th
                  key={column.sort}
                  scope="col"
                  aria-sort={active ? (sort.order === 'asc' ? 'ascending' : 'descending') : 'none'}
                  className={`px-4 py-2.5 font-semibold ${column.numeric ? 'text-right' : 'text-left'}`}
                >
                  <button
                    type="button"
                    onClick={() => onSort(nextSort(sort, column.sort))}
                    className={`inline-flex items-center gap-1 rounded uppercase hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-brand-600 dark:hover:text-white ${active ? 'text-slate-900 dark:text-white' : ''}`}
                  >
                    {t(`usersTable.columns.${column.sort}`)}
                    <Arrow className={`size-3.5 ${active ? '' : 'opacity-40'}`} aria-hidden />
                  </button>
                </th>
              );
            })}
            <th scope="col" className="w-12 px-2 py-2.5">
              <span className="sr-only">{t('usersTable.actions')}</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {users.map((user) => (
            <UserRow key={user._id} user={user} />
          ))}
        </tbody>
      </table>
    </div>
  );
}
