import type { RouteObject } from 'react-router';

/**
 * Pages that show parts of several features. Features never import each other, so the app
 * composes them here: each feature exports the pieces others may place (its index.ts).
 */
export const composedUserRoutes: RouteObject[] = [
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
        Component: () => (
          <DashboardPage
            banners={
              <>
                <auth.UnverifiedEmailBanner />
                <kyc.KycStatusBanner />
              </>
            }
            widgets={<invest.ActiveInvestments />}
          />
        ),
      };
    },
  },
  {
    path: '/user-profile',
    lazy: async () => {
      const [{ UserProfilePage }, admin] = await Promise.all([import('../features/auth/pages/user-profile-page'), import('../features/admin')]);
      return { Component: () => <UserProfilePage usersTabSlot={<admin.UsersTab />} /> };
    },
  },
];
