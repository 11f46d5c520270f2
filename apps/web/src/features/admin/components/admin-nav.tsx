import { NavLink } from 'react-router';
import { useTranslation } from 'react-i18next';
import { cn } from '../../../lib/cn';
import { useCurrentUser } from '../../../lib/hooks';

/** The back office's pages; each label is `adminNav.<label>` in the staff messages. */
export const BACK_OFFICE_PAGES: { to: string; label: 'users' | 'approvals' | 'sendEmail' | 'outbox' | 'audit' | 'solvency' | 'settings'; adminOnly?: boolean }[] = [
  { to: '/admin/users', label: 'users' },
  { to: '/admin/approvals', label: 'approvals' },
  { to: '/compose-email', label: 'sendEmail' },
  { to: '/admin/outbox', label: 'outbox' },
  { to: '/admin/audit', label: 'audit' },
  { to: '/admin/solvency', label: 'solvency' },
  { to: '/admin/settings', label: 'settings', adminOnly: true },
];

/** The back office's own navigation, shown on its pages. */
export function AdminNav() {
  const { t } = useTranslation('staff');
  const user = useCurrentUser();
  const links = BACK_OFFICE_PAGES.filter((link) => !link.adminOnly || user?.role === 'admin');
  return (
    <nav aria-label={t('adminNav.label')} className="-mx-1 mb-6 flex gap-1 overflow-x-auto border-b border-slate-200 pb-px dark:border-slate-800">
      {links.map((link) => (
        <NavLink
          key={link.to}
          to={link.to}
          className={({ isActive }) =>
            cn(
              'shrink-0 border-b-2 px-3 py-2 text-sm font-medium',
              isActive
                ? 'border-brand-600 text-brand-800 dark:text-brand-200'
                : 'border-transparent text-slate-600 hover:border-slate-300 hover:text-slate-900 dark:text-slate-400 dark:hover:text-white',
            )
          }
        >
          {t(`adminNav.${link.label}`)}
        </NavLink>
      ))}
    </nav>
  );
}
