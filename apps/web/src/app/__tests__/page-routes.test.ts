import { describe, expect, it } from 'vitest';
import type { RouteObject } from 'react-router';
import { isPageRoute, PAGE_ROUTES } from '@app/shared';
import { publicRoutes } from '../../features/public/routes';
import { storeRoutes } from '../store-routes';

/** Every page path of a route table, nested routes included. */
function pathsOf(routes: RouteObject[]): string[] {
  return routes.flatMap((route) => [...(route.path ? [route.path] : []), ...pathsOf(route.children ?? [])]);
}

describe('the page routes', () => {
  it('are exactly the shared list the server answers 200 for (PAGE_ROUTES), so the two cannot drift', () => {
    const routed = pathsOf([...publicRoutes, ...storeRoutes]);
    expect(new Set(routed).size).toBe(routed.length);
    expect([...routed].sort()).toEqual([...PAGE_ROUTES].sort());
  });

  it('match addresses as the router does: parameters one segment, case and a trailing slash ignored', () => {
    expect(isPageRoute('/Hierarchy')).toBe(true);
    expect(isPageRoute('/hierarchy/')).toBe(true);
    expect(isPageRoute('/verify/abc')).toBe(true);
    expect(isPageRoute('/verify/')).toBe(false);
    expect(isPageRoute('/verify/a/b')).toBe(false);
    expect(isPageRoute('/nothing-here')).toBe(false);
  });
});
