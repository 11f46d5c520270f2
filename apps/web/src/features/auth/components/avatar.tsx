import type { UserView } from '@app/shared';
import { cn } from '../../../lib/cn';

function initials(name: string) {
  return name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((part) => part[0]!.toUpperCase())
    .join('');
}

/** The user's photo, or their initials. */
export function Avatar({ user, size = 'md' }: { user: Pick<UserView, 'name' | 'photo'>; size?: 'md' | 'lg' }) {
  const box = size === 'lg' ? 'size-20 text-2xl' : 'size-10 text-sm';
  if (user.photo) return <img src={user.photo} alt="" className={cn('shrink-0 rounded-full object-cover ring-2 ring-white dark:ring-slate-900', box)} />;
  return (
    <span aria-hidden className={cn('inline-flex shrink-0 items-center justify-center rounded-full bg-brand-100 font-semibold text-brand-800 dark:bg-brand-900 dark:text-brand-100', box)}>
      {initials(user.name) || '?'}
    </span>
  );
}
