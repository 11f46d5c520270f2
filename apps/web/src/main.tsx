import { startTransition, StrictMode } from 'react';
import type { Router } from './app/router';
import './styles.css';

/**
 * Start-up in steps, one task each: React DOM, then the store, then the router with the
 * layouts and the page. Evaluated in one go they made one long task (30-40 ms on a busy
 * machine, four times that on a slow phone) during which the page could not respond; in
 * steps the browser can paint and handle input between them. All the chunks download at once
 * (modulepreload links in index.html, vite.config.ts); only their evaluation is spread out.
 */
const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

/**
 * The built index.html links the stylesheet with media="print" (vite.config.ts, defer-stylesheets)
 * so that it does not hold back the boot screen's first paint; it applies to the screen once loaded.
 */
function stylesheetsApplied(): Promise<unknown> {
  const links = [...document.querySelectorAll<HTMLLinkElement>('link[data-deferred-style]')];
  return Promise.all(
    links.map(
      (link) =>
        new Promise<void>((resolve) => {
          const apply = () => {
            link.media = 'all';
            resolve();
          };
          if (link.sheet) apply();
          else {
            link.addEventListener('load', apply, { once: true });
            link.addEventListener('error', apply, { once: true });
          }
        }),
    ),
  );
}

/** Resolves once the router has loaded the lazy route of the address being opened. */
function routerInitialized(router: Router): Promise<void> {
  if (router.state.initialized) return Promise.resolve();
  return new Promise((resolve) => {
    const unsubscribe = router.subscribe((state) => {
      if (!state.initialized) return;
      unsubscribe();
      resolve();
    });
  });
}

async function start() {
  const { createRoot } = await import('react-dom/client');
  await nextTask();
  const { makeStore, Provider } = await import('./app/store');
  const store = makeStore();
  await nextTask();
  const { createAppRouter, RouterProvider } = await import('./app/router');
  await nextTask();
  const router = createAppRouter();
  await nextTask();
  router.initialize();
  // The boot screen of index.html stays until the page's lazy route and the stylesheet have
  // loaded: rendering before that would replace it with an empty router for a moment (a blank
  // flash before the splash), or with unstyled content.
  await Promise.all([routerInitialized(router), stylesheetsApplied()]);
  const root = createRoot(document.getElementById('root')!);
  // A transition: React renders the first screen in short slices instead of one long task.
  startTransition(() => {
    root.render(
      <StrictMode>
        <Provider store={store}>
          <RouterProvider router={router} />
        </Provider>
      </StrictMode>,
    );
  });
}

void start();
