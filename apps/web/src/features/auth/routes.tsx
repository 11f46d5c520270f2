import type { RouteObject } from 'react-router';

/** Routes anyone can open. */
export const publicRoutes: RouteObject[] = [];
/** Routes behind the login guard. */
export const userRoutes: RouteObject[] = [];
/** Back-office routes (author and admin). */
export const staffRoutes: RouteObject[] = [];
