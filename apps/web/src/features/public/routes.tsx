import type { RouteObject } from 'react-router';
import { withNamespaces } from '../../i18n';

/**
 * Routes anyone can open. Each page is its own chunk. `/` shows its first screen from `public`
 * (the router loads it for every public page); the other pages' texts are in `publicText`.
 */
export const publicRoutes: RouteObject[] = [
  { path: '/', lazy: () => import('./pages/home-page').then((m) => ({ Component: m.HomePage })) },
  ...withNamespaces(['publicText'], [
    { path: '/investment-plans', lazy: () => import('./pages/plans-page').then((m) => ({ Component: m.PlansPage })) },
    { path: '/Hierarchy', lazy: () => import('./pages/hierarchy-page').then((m) => ({ Component: m.HierarchyPage })) },
    { path: '/how-it-works', lazy: () => import('./pages/how-it-works-page').then((m) => ({ Component: m.HowItWorksPage })) },
    { path: '/market-rates', lazy: () => import('./pages/market-rates-page').then((m) => ({ Component: m.MarketRatesPage })) },
    { path: '/support', lazy: () => import('./pages/support-page').then((m) => ({ Component: m.SupportPage })) },
    { path: '/our-story', lazy: () => import('./pages/story-page').then((m) => ({ Component: m.StoryPage })) },
    { path: '/privacy-policy', lazy: () => import('./pages/policy-pages').then((m) => ({ Component: m.PrivacyPolicyPage })) },
    { path: '/license', lazy: () => import('./pages/policy-pages').then((m) => ({ Component: m.LicensePage })) },
  ]),
];
/** Routes behind the login guard. */
export const userRoutes: RouteObject[] = [];
/** Back-office routes (author and admin). */
export const staffRoutes: RouteObject[] = [];
