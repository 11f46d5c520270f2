import { useState } from 'react';
import { Link, NavLink, useNavigate } from 'react-router';
import { Menu, X } from 'lucide-react';
import { isStaff, PROFILE_NAME_TRUNCATE } from '@app/shared';
import { useAppDispatch, useAppSelector } from '../../lib/hooks';
import { logout } from '../../features/auth/auth-slice';
import { cn } from '../../lib/cn';
import { toast } from 'react-toastify';

interface NavItem {
  to: string;
  label: string;
  show: 'always' | 'loggedIn' | 'staff';
}

/** SPEC §2 navigation items, in order. */
const ITEMS: NavItem[] = [
  { to: '/my-account', label: 'Dashboard', show: 'loggedIn' },
  { to: '/investment-plans', label: 'Portfolio Plans', show: 'always' },
  { to: '/our-story', label: 'About Us', show: 'always' },
  { to: '/support', label: 'Help Center', show: 'always' },
  { to: '/how-it-works', label: 'How It Works', show: 'always' },
  { to: '/market-rates', label: 'Current Rates', show: 'always' },
  { to: '/compose-email', label: 'Send Email', show: 'staff' },
  { to: '/user-profile', label: 'Profile', show: 'loggedIn' },
];

export function truncate(text: string, length: number): string {
  return text.length > length ? `${text.slice(0, length)}…` : text;
}

export function Navbar() {
  const [open, setOpen] = useState(false);
  const { isLoggedIn, user } = useAppSelector((state) => state.auth);
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const staff = isStaff(user?.role);
  const items = ITEMS.filter((item) => item.show === 'always' || (item.show === 'loggedIn' && isLoggedIn) || (item.show === 'staff' && staff));

  async function onLogout() {
    setOpen(false);
    const result = await dispatch(logout());
    if (logout.fulfilled.match(result)) {
      toast.success(result.payload.message || 'Logged out');
      navigate('/login');
    } else {
      toast.error(result.payload ?? 'Logout failed');
    }
  }

  const linkClass = ({ isActive }: { isActive: boolean }) =>
    cn(
      'rounded-md px-3 py-2 text-sm font-medium transition-colors',
      isActive ? 'text-brand-700 dark:text-brand-300' : 'text-slate-700 hover:text-brand-700 dark:text-slate-200 dark:hover:text-brand-300',
    );

  return (
    <header className="sticky top-0 z-40 border-b border-slate-200/80 bg-white/90 backdrop-blur dark:border-slate-800 dark:bg-slate-950/90">
      <nav className="mx-auto flex h-16 max-w-7xl items-center justify-between px-4 sm:px-6" aria-label="Main">
        <Link to="/" className="flex items-center gap-2 font-bold text-slate-900 dark:text-white" onClick={() => setOpen(false)}>
          <svg viewBox="0 0 32 32" className="size-8" aria-hidden>
            <rect width="32" height="32" rx="8" fill="#0b3d2e" />
            <path d="M8 9l8 15 8-15" fill="none" stroke="#6ee7b7" strokeWidth="3.5" strokeLinecap="round" strokeLinejoin="round" />
          </svg>
          <span className="text-lg">Vaultline</span>
        </Link>
        <div className="hidden items-center gap-1 lg:flex">
          {items.map((item) => (
            <NavLink key={item.to} to={item.to} className={linkClass}>
              {item.label}
            </NavLink>
          ))}
        </div>
        <div className="hidden items-center gap-3 lg:flex">
          {isLoggedIn ? (
            <>
              {user && <span className="text-sm text-slate-600 dark:text-slate-300" title={user.name}>Hi, {truncate(user.name, PROFILE_NAME_TRUNCATE)}</span>}
              <button type="button" onClick={onLogout} className="rounded-lg border border-slate-300 px-4 py-2 text-sm font-semibold hover:bg-slate-50 dark:border-slate-700 dark:hover:bg-slate-800">
                Logout
              </button>
            </>
          ) : (
            <Link to="/login" className="rounded-lg bg-brand-700 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-800">
              Sign In
            </Link>
          )}
        </div>
        <button
          type="button"
          className="rounded-md p-2 text-slate-700 lg:hidden dark:text-slate-200"
          aria-expanded={open}
          aria-controls="mobile-menu"
          aria-label={open ? 'Close menu' : 'Open menu'}
          onClick={() => setOpen((value) => !value)}
        >
          {open ? <X className="size-6" aria-hidden /> : <Menu className="size-6" aria-hidden />}
        </button>
      </nav>
      {open && (
        <div id="mobile-menu" className="border-t border-slate-200 bg-white px-4 pb-4 pt-2 lg:hidden dark:border-slate-800 dark:bg-slate-950">
          <div className="flex flex-col">
            {items.map((item) => (
              <NavLink key={item.to} to={item.to} className={linkClass} onClick={() => setOpen(false)}>
                {item.label}
              </NavLink>
            ))}
            {isLoggedIn ? (
              <button type="button" onClick={onLogout} className="mt-2 rounded-lg border border-slate-300 px-4 py-2 text-left text-sm font-semibold dark:border-slate-700">
                Logout
              </button>
            ) : (
              <Link to="/login" onClick={() => setOpen(false)} className="mt-2 rounded-lg bg-brand-700 px-4 py-2 text-center text-sm font-semibold text-white">
                Sign In
              </Link>
            )}
          </div>
        </div>
      )}
    </header>
  );
}
