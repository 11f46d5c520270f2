import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import type { RouteObject } from 'react-router';
import { renderApp, stubFetch } from '../../../test/render';
import type { Language } from '@app/shared';
import { changeLanguage } from '../../../i18n';
import { resetLanguageAfterEach } from '../../../test/language';
import { LoginWithCodePage } from '../pages/login-with-code-page';
import { VerifyPage } from '../pages/verify-page';

const routes: RouteObject[] = [
  { path: '/loginWithCode/:email', element: <LoginWithCodePage /> },
  { path: '/verify/:verificationToken', element: <VerifyPage /> },
];

resetLanguageAfterEach();

/** Opens a page in `language`, with no answers from the server. */
async function openIn(language: Language, path: string) {
  await changeLanguage(language);
  stubFetch(() => undefined);
  renderApp(path, { routes });
}

describe('the sign-in pages in another language', () => {
  it('shows the access-code page in German, the address kept in its sentence', async () => {
    await openIn('de', '/loginWithCode/ada%40example.com');
    expect(await screen.findByRole('heading', { name: 'Bestätigen Sie, dass Sie es sind' })).toBeInTheDocument();
    expect(screen.getByText('ada@example.com').tagName).toBe('STRONG');
    expect(screen.getByText(/aus Ihrer E-Mail\.$/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Code zusenden' })).toBeInTheDocument();
    expect(screen.getByLabelText('Zugangscode')).toHaveAttribute('placeholder', 'ABC123');
    await waitFor(() => expect(document.title).toContain('Geben Sie Ihren Zugangscode ein'));
  });

  it('shows the verification page in Spanish', async () => {
    await openIn('es', '/verify/some-token');
    expect(await screen.findByRole('heading', { name: 'Verifica tu correo' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Verificar y continuar' })).toBeInTheDocument();
  });
});
