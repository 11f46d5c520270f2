import { startTransition, StrictMode, useEffect } from 'react';
import { afterPresented, holdOwnTasks, inOwnTask } from './lib/own-task';
import { isShowing as splashShowing } from './lib/splash';
import './styles.css';

/**
 * Start-up in steps, one task each: React DOM, then the store, then the routes with the
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

async function start() {
  // The language's messages download alongside the steps below (i18n/index.ts).
  const i18n = import('./i18n');
  const i18nReady = i18n.then(({ startI18n }) => startI18n());
  const { createRoot } = await import('react-dom/client');
  await nextTask();
  const { makeBootStore, Provider } = await import('./app/store');
  const store = makeBootStore();
  await nextTask();
  const { AppRoutes, BrowserRouter, loadRoute, loadStoreRoutes } = await import('./app/router');
  await nextTask();
  // The boot screen of index.html stays until the page's chunk, the stylesheet and the language's
  // messages have loaded: rendering before that would replace it with an empty layout for a moment
  // (a blank flash before the splash), or with unstyled content. A page that fails to load shows
  // the error page when it renders (app/router.tsx). Pages other than the public site's wait for
  // their routes and Redux Toolkit's part of the store too (app/router.tsx, app/store.ts).
  await Promise.all([loadRoute(location.pathname, store).catch(() => undefined), stylesheetsApplied(), i18nReady]);
  const root = createRoot(document.getElementById('root')!);
  // Once the first screen is committed (not while it renders, where their downloads and
  // evaluation competed with it): the other pages' routes and Redux Toolkit's part of the store
  // (the session check, sign-in; a failed load is tried again when an address needs them), and
  // the API's messages in the visitor's language, needed once they submit a form.
  const afterFirstScreen = () => {
    loadStoreRoutes(store).catch(() => undefined);
    void i18n.then(({ loadNamespaces }) => loadNamespaces(['messages']));
  };
  // Under the splash, the requests of the first screen's effects (session check, live figures,
  // settings; lib/own-task) and those above start once it is on screen: started between the
  // commit and then, they competed with it for nothing the visitor can see for 3 s, and
  // Lighthouse counted those that ended before it in the LCP (ADR 0018).
  const onScreen = splashShowing() ? holdOwnTasks() : undefined;
  // A transition: React renders the first screen in short slices instead of one long task.
  startTransition(() => {
    root.render(
      <StrictMode>
        <Provider store={store}>
          <BrowserRouter>
            <AppRoutes />
          </BrowserRouter>
        </Provider>
        <AfterCommit run={afterFirstScreen} onScreen={onScreen} />
      </StrictMode>,
    );
  });
}

/**
 * Runs `run` in a task of its own once the tree it is in has been committed (lib/own-task), and
 * `onScreen` once that commit is on screen.
 */
function AfterCommit({ run, onScreen }: { run: () => void; onScreen?: () => void }) {
  useEffect(() => {
    const cancel = inOwnTask(run);
    if (onScreen) afterPresented(onScreen);
    return cancel;
  }, [run, onScreen]);
  return null;
}

void start();
