import { afterEach, beforeEach } from 'vitest';
import { changeLanguage } from '../i18n';
import type { Language } from '@app/shared';

/** For suites that switch language: back to English, and this browser's pick forgotten, after each test. */
export function resetLanguageAfterEach() {
  afterEach(async () => {
    await changeLanguage('en');
    localStorage.clear();
  });
}

/** For a suite whose every test runs in `language`: switched to it before each test, back to English after. */
export function inLanguageForEachTest(language: Language) {
  beforeEach(async () => {
    await changeLanguage(language);
  });
  resetLanguageAfterEach();
}
