import { afterEach } from 'vitest';
import { changeLanguage } from '../i18n';

/** For suites that switch language: back to English, and this browser's pick forgotten, after each test. */
export function resetLanguageAfterEach() {
  afterEach(async () => {
    await changeLanguage('en');
    localStorage.clear();
  });
}
