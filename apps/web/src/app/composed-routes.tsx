import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import type { RouteObject } from 'react-router';
import { isStaff } from '@app/shared';
import { Spinner } from '../components/ui/spinner';
import { useCurrentUser } from '../lib/hooks';
import { withNamespaces } from '../i18n';

// Only staff load the back office's part of the dashboard.
const StaffHome = lazy(() => import('../features/admin').then((module) => ({ default: module.StaffHome })));

/**
 * Pages that show parts of several features. Features never import each other, so the app
 * composes them here: each feature exports the pieces others may place (its index.ts).
 */
export const composedUserRoutes: RouteObject[] = [
  ...withNamespaces(['app', 'auth', 'account'], [
  {
    path: '/my-account',
    lazy: async () => {
      const [{ DashboardPage }, auth, kyc, invest] = await Promise.all([
        import('../features/money/pages/dashboard-page'),
        import('../features/auth'),
        import('../features/kyc'),
        import('../features/invest'),
      ]);
      return {
        Component: function MyAccount() {
          const { t } = useTranslation('auth');
          const user = useCurrentUser();
          return (
            <DashboardPage
              banners={
                <>
                  <auth.UnverifiedEmailBanner />
                  <kyc.KycStatusBanner />
                </>
              }
              widgets={<invest.ActiveInvestments />}
              staffHome={
                isStaff(user?.role) ? (
                  <Suspense fallback={<Spinner label={t('myAccount.loadingStaff')} />}>
                    <StaffHome />
                  </Suspense>
                ) : undefined
              }
            />
          );
        },
      };
    },
  },
  ]),
  ...withNamespaces(['auth', 'app', 'account'], [
  {
    path: '/user-profile',
    lazy: async () => {
      const [{ UserProfilePage }, admin] = await Promise.all([import('../features/auth/pages/user-profile-page'), import('../features/admin')]);
      return { Component: () => <UserProfilePage usersTabSlot={<admin.UsersTab />} /> };
    },
  },
  ]),
];
