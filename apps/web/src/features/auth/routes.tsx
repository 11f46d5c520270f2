import type { RouteObject } from 'react-router';

/** Routes anyone can open. */
export const publicRoutes: RouteObject[] = [
  { path: '/login', lazy: () => import('./pages/login-page').then((m) => ({ Component: m.LoginPage })) },
  { path: '/register', lazy: () => import('./pages/register-page').then((m) => ({ Component: m.RegisterPage })) },
  { path: '/forgot', lazy: () => import('./pages/forgot-page').then((m) => ({ Component: m.ForgotPage })) },
  {
    path: '/resetPassword/:resetToken',
    lazy: () => import('./pages/reset-password-page').then((m) => ({ Component: m.ResetPasswordPage })),
  },
  {
    path: '/loginWithCode/:email',
    lazy: () => import('./pages/login-with-code-page').then((m) => ({ Component: m.LoginWithCodePage })),
  },
  { path: '/verify/:verificationToken', lazy: () => import('./pages/verify-page').then((m) => ({ Component: m.VerifyPage })) },
];

/** Routes behind the login guard. */
export const userRoutes: RouteObject[] = [
  {
    path: '/user-profile',
    // The staff Users tab comes from the back office and fills the page's usersTabSlot.
    lazy: async () => {
      const [{ UserProfilePage }, admin] = await Promise.all([import('./pages/user-profile-page'), import('../admin')]);
      return { Component: () => <UserProfilePage usersTabSlot={<admin.UsersTab />} /> };
    },
  },
];

/** Back-office routes (author and admin). */
export const staffRoutes: RouteObject[] = [];
