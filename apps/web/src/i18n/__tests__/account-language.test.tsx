import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import { renderApp, stubFetch, testUser } from '../../test/render';
import { changeLanguage } from '..';
import { resetLanguageAfterEach } from '../../test/language';

resetLanguageAfterEach();

describe("the signed-in account's language", () => {
  it("wins over this browser's pick: the app switches to it and <html lang> follows", async () => {
    await changeLanguage('fr');
    stubFetch((url) => (url.endsWith('/api/users/loginStatus') ? { body: true } : undefined));
    renderApp('/no-such-page', { user: testUser({ language: 'de' }) });
    const nav = await screen.findByRole('navigation', { name: 'Hauptmenü' });
    expect(within(nav).getByRole('link', { name: 'Hilfe-Center' })).toBeInTheDocument();
    expect(document.documentElement.lang).toBe('de');
    expect(localStorage.getItem('vaultline.language')).toBe('de');
    // For the server, which links the page's messages in this language (apps/server/src/plugins/page-html.ts).
    expect(document.cookie).toBe('language=de');
  });
});
