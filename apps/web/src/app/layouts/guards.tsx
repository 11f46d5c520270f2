import { useTranslation } from 'react-i18next';
import { Navigate, Outlet, useLocation } from 'react-router';
import { isStaff } from '@app/shared';
import { useAppSelector } from '../../lib/hooks';
import { Spinner } from '../../components/ui/spinner';
import { PageContainer } from './root-layout';

/**
 * SPEC §2: pages with a login guard redirect to /login when the login status check fails;
 * `staffOnly` pages also send a signed-in user who is not staff to their account.
 */
function SignedInOutlet({ staffOnly }: { staffOnly: boolean }) {
  const { t } = useTranslation();
  const { statusChecked, isLoggedIn, user } = useAppSelector((state) => state.auth);
  const location = useLocation();
  if (!statusChecked) return <Spinner label={t('shell.checkingSession')} />;
  if (!isLoggedIn) return <Navigate to="/login" replace state={{ from: location.pathname }} />;
  if (!user) return <Spinner label={t('shell.loadingAccount')} />;
  if (staffOnly && !isStaff(user.role)) return <Navigate to="/my-account" replace />;
  return (
    <PageContainer>
      <Outlet />
    </PageContainer>
  );
}

export function RequireAuth() {
  return <SignedInOutlet staffOnly={false} />;
}

/** Back-office pages: authors and admins only. */
export function RequireStaff() {
  return <SignedInOutlet staffOnly />;
}
