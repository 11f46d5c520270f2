import '@testing-library/jest-dom/vitest';
import { afterEach, vi } from 'vitest';
import { cleanup, configure } from '@testing-library/react';
import { initI18n } from '../i18n';
import en from '../i18n/locales/en.json';

initI18n('en', en);

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
