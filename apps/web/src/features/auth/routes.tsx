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

/** Routes behind the login guard (/user-profile is composed with the staff Users tab in app/composed-routes.tsx). */
export const userRoutes: RouteObject[] = [];

/** Back-office routes (author and admin). */
export const staffRoutes: RouteObject[] = [];
