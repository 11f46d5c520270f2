import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { Link, NavLink, useLocation, useNavigate } from 'react-router';
import { Menu, X } from '../../components/ui/icons';
import { useTranslation } from 'react-i18next';
import { isStaff } from '@app/shared';
import { useAppDispatch, useAppSelector } from '../../lib/hooks';
import { cn } from '../../lib/cn';
import { buttonClasses } from '../../components/ui/button';
import { notify } from '../../lib/notify';
import { BrandMark } from './brand-mark';

// Staff only: the back-office menu (live queue counts) loads once a staff member is signed in, not on every visit.
const BackOfficeMenu = lazy(() => import('../../features/admin/live').then((module) => ({ default: module.BackOfficeMenu })));

interface NavItem {
  to: string;
  /** Key under nav. in the locale files. */
  label: 'dashboard' | 'plans' | 'about' | 'help' | 'howItWorks' | 'rates' | 'profile';
  show: 'always' | 'loggedIn';
}

/** SPEC §2 navigation items, in order; staff find Send Email in the back-office menu. */
const ITEMS: NavItem[] = [
  { to: '/my-account', label: 'dashboard', show: 'loggedIn' },
  { to: '/investment-plans', label: 'plans', show: 'always' },
  { to: '/our-story', label: 'about', show: 'always' },
  { to: '/support', label: 'help', show: 'always' },
  { to: '/how-it-works', label: 'howItWorks', show: 'always' },
  { to: '/market-rates', label: 'rates', show: 'always' },
  { to: '/user-profile', label: 'profile', show: 'loggedIn' },
];

export function Navbar() {
  const { t } = useTranslation();
  // The mobile menu remembers the page it was opened on, so navigating closes it.
  const [openOn, setOpenOn] = useState<string | null>(null);
  const isLoggedIn = useAppSelector((state) => state.auth.isLoggedIn);
  const user = useAppSelector((state) => state.auth.user);
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const open = openOn === pathname;
  const setOpen = (value: boolean | ((current: boolean) => boolean)) =>
    setOpenOn((current) => ((typeof value === 'function' ? value(current === pathname) : value) ? pathname : null));
  const toggleRef = useRef<HTMLButtonElement>(null);
  const staff = isStaff(user?.role);
  const items = ITEMS.filter((item) => item.show === 'always' || isLoggedIn);

  // Escape closes the mobile menu and returns focus to its toggle.
  useEffect(() => {
    if (!open) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setOpenOn(null);
      toggleRef.current?.focus();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [open]);

  async function onLogout() {
    setOpen(false);
    // Signed in: the auth slice has loaded (app/store.ts).
    const { logout } = await import('../../features/auth/auth-slice');
    const result = await dispatch(logout());
    if (logout.fulfilled.match(result)) {
      notify('success', result.payload.message || 'Logged out');
      navigate('/login');
    } else {
      notify('error', result.payload ?? 'Logout failed');
    }
  }

  const linkClass = ({ isActive }: { isActive: boolean }) =>
    cn(
      'whitespace-nowrap rounded-md px-3 py-2 text-sm font-medium transition-colors',
      isActive
        ? 'bg-brand-50 text-brand-800 dark:bg-brand-950 dark:text-brand-200'
        : 'text-slate-700 hover:bg-slate-100 hover:text-slate-900 dark:text-slate-300 dark:hover:bg-slate-800 dark:hover:text-white',
    );

  return (
    <header className="border-b border-slate-200/80 bg-white/85 backdrop-blur-md dark:border-slate-800/80 dark:bg-slate-950/85">
      <nav className="container-page flex h-16 items-center justify-between gap-4" aria-label={t('nav.main')}>
        <Link to="/" className="flex shrink-0 items-center gap-2 font-semibold text-slate-900 dark:text-white" onClick={() => setOpen(false)}>
          <BrandMark className="size-8" />
          <span className="text-lg">Vaultline</span>
        </Link>
        <div className="hidden items-center gap-0.5 xl:flex">
          {items.map((item) => (
            <NavLink key={item.to} to={item.to} className={linkClass}>
              {t(`nav.${item.label}`)}
            </NavLink>
          ))}
        </div>
        <div className="hidden items-center gap-3 xl:flex">
          {isLoggedIn ? (
            <>
              {staff && (
                <Suspense fallback={null}>
                  <BackOfficeMenu />
                </Suspense>
              )}
              {/* The whole name in the title; the bar keeps to one line (staff, with the back-office menu, see it from 1536 px). */}
              {user && (
                <span className={cn('max-w-40 truncate text-sm text-slate-600 dark:text-slate-300', staff && 'hidden 2xl:inline')} title={user.name} data-testid="nav-greeting">
                  {t('nav.greeting', { name: user.name })}
                </span>
              )}
              <button type="button" onClick={onLogout} className={buttonClasses('outline', 'md')}>
                {t('nav.logout')}
              </button>
            </>
          ) : (
            <Link to="/login" className={buttonClasses('primary', 'md')}>
              {t('nav.signIn')}
            </Link>
          )}
        </div>
        {staff && (
          <Suspense fallback={null}>
            <BackOfficeMenu compact className="ml-auto xl:hidden" />
          </Suspense>
        )}
        <button
          ref={toggleRef}
          type="button"
          className="-mr-2 inline-flex size-11 items-center justify-center rounded-lg text-slate-700 hover:bg-slate-100 xl:hidden dark:text-slate-200 dark:hover:bg-slate-800"
          aria-expanded={open}
          aria-controls="mobile-menu"
          aria-label={open ? t('nav.closeMenu') : t('nav.openMenu')}
          onClick={() => setOpen((value) => !value)}
        >
          {open ? <X className="size-6" aria-hidden /> : <Menu className="size-6" aria-hidden />}
        </button>
      </nav>
      {open && (
        <div id="mobile-menu" className="max-h-[calc(100dvh-4rem)] overflow-y-auto border-t border-slate-200 bg-white pb-5 pt-2 shadow-lg xl:hidden dark:border-slate-800 dark:bg-slate-950">
          <div className="container-page flex flex-col gap-0.5">
            {items.map((item) => (
              <NavLink key={item.to} to={item.to} className={linkClass} onClick={() => setOpen(false)}>
                {t(`nav.${item.label}`)}
              </NavLink>
            ))}
            {isLoggedIn ? (
              <button type="button" onClick={onLogout} className={buttonClasses('outline', 'lg', 'mt-3')}>
                {t('nav.logout')}
              </button>
            ) : (
              <Link to="/login" onClick={() => setOpen(false)} className={buttonClasses('primary', 'lg', 'mt-3')}>
                {t('nav.signIn')}
              </Link>
            )}
          </div>
        </div>
      )}
    </header>
  );
}
