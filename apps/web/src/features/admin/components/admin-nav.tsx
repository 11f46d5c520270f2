import { NavLink } from 'react-router';
import { cn } from '../../../lib/cn';
import { useCurrentUser } from '../../../lib/hooks';

const LINKS = [
  { to: '/admin/users', label: 'Users' },
  { to: '/admin/approvals', label: 'Second approvals' },
  { to: '/compose-email', label: 'Send Email' },
  { to: '/admin/outbox', label: 'Outbox' },
  { to: '/admin/audit', label: 'Audit log' },
  { to: '/admin/solvency', label: 'Solvency' },
  { to: '/admin/settings', label: 'Settings', adminOnly: true },
];

/** The back office's own navigation, shown on its pages. */
export function AdminNav() {
  const user = useCurrentUser();
  const links = LINKS.filter((link) => !link.adminOnly || user?.role === 'admin');
  return (
    <nav aria-label="Back office" className="-mx-1 mb-6 flex gap-1 overflow-x-auto border-b border-slate-200 pb-px dark:border-slate-800">
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
          {link.label}
        </NavLink>
      ))}
    </nav>
  );
}
