import { afterEach, describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import type { RouteObject } from 'react-router';
import { renderApp, stubFetch } from '../../../test/render';
import { changeLanguage } from '../../../i18n';
import { LoginWithCodePage } from '../pages/login-with-code-page';
import { VerifyPage } from '../pages/verify-page';

const routes: RouteObject[] = [
  { path: '/loginWithCode/:email', element: <LoginWithCodePage /> },
  { path: '/verify/:verificationToken', element: <VerifyPage /> },
];

afterEach(async () => {
  await changeLanguage('en');
  localStorage.clear();
});

describe('the sign-in pages in another language', () => {
  it('shows the access-code page in German, the address kept in its sentence', async () => {
    await changeLanguage('de');
    stubFetch(() => undefined);
    renderApp('/loginWithCode/ada%40example.com', { routes });
    expect(await screen.findByRole('heading', { name: 'Bestätigen Sie, dass Sie es sind' })).toBeInTheDocument();
    expect(screen.getByText('ada@example.com').tagName).toBe('STRONG');
    expect(screen.getByText(/aus Ihrer E-Mail\.$/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Code zusenden' })).toBeInTheDocument();
    expect(screen.getByLabelText('Zugangscode')).toHaveAttribute('placeholder', 'ABC123');
    expect(document.title).toContain('Geben Sie Ihren Zugangscode ein');
  });

  it('shows the verification page in Spanish', async () => {
    await changeLanguage('es');
    stubFetch(() => undefined);
    renderApp('/verify/some-token', { routes });
    expect(await screen.findByRole('heading', { name: 'Verifica tu correo' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Verificar y continuar' })).toBeInTheDocument();
  });
});
