import '@testing-library/jest-dom/vitest';
import { afterEach, vi } from 'vitest';
import { cleanup, configure } from '@testing-library/react';
import { initI18n, NAMESPACES, type Namespace } from '../i18n';

const english = import.meta.glob<Record<string, unknown>>('../i18n/locales/en/*.json', { import: 'default', eager: true });
initI18n('en', Object.fromEntries(NAMESPACES.map((namespace) => [namespace, english[`../i18n/locales/en/${namespace}.json`]!])) as Record<Namespace, Record<string, unknown>>);

// findBy*/waitFor give a loaded 2-core CI machine time to render lazy pages.
configure({ asyncUtilTimeout: 5000 });

// jsdom does not implement scrolling; routers call it on navigation.
window.scrollTo = () => {};

/** An unexpected console.error fails the test that caused it. */
const errors: unknown[][] = [];
const originalError = console.error;
console.error = (...args: unknown[]) => {
  errors.push(args);
  originalError(...args);
};

afterEach(() => {
  cleanup();
  vi.useRealTimers();
  if (errors.length > 0) {
    const first = errors.map((args) => args.map(String).join(' ')).join('\n');
    errors.length = 0;
    throw new Error(`console.error was called during the test:\n${first}`);
  }
});
