import { describe, expect, it } from 'vitest';
import { configure, screen, within } from '@testing-library/react';
import { renderApp, testUser } from '../../../test/render';
import { changeLanguage, loadNamespaces } from '../../../i18n';
import { serveApi } from '../../../test/api';
import { resetLanguageAfterEach } from '../../../test/language';
import { kase, stubObjectUrls } from './kyc-test-utils';

configure({ asyncUtilTimeout: 8000 });
resetLanguageAfterEach();

describe('/pending-kyc in French', { timeout: 30_000 }, () => {
  it('shows the queue, the case facts and both sides in French', async () => {
    await changeLanguage('fr');
    // The route loads its messages with its chunk; loaded up front, the first render is already French.
    await Promise.all([loadNamespaces(['staff']), import('../pages/pending-kyc-page')]);
    stubObjectUrls();
    serveApi((call) => {
      if (call.path === '/api/users/kyc/pending') return { body: { pendingUsers: [kase('u1', 'Ada Older', '2026-03-01T09:00:00.000Z')], nextCursor: null } };
      if (call.path.includes('/documents/')) return { body: { fake: 'bytes' } };
      return undefined;
    });
    renderApp('/pending-kyc', { user: testUser({ role: 'admin', language: 'fr' }) });
    expect(await screen.findByRole('heading', { name: 'KYC en attente' })).toBeInTheDocument();
    const nav = await screen.findByRole('navigation', { name: 'File KYC' });
    expect(within(nav).getByText('1 en attente')).toBeInTheDocument();
    const panel = screen.getByRole('region', { name: 'Ada Older' });
    expect(within(panel).getByText('Inscrit le')).toBeInTheDocument();
    expect(within(panel).getByText('Abonné')).toBeInTheDocument();
    expect(within(panel).getByRole('button', { name: 'Approuver' })).toBeInTheDocument();
    expect(await within(panel).findByRole('img', { name: 'Recto' })).toBeInTheDocument();
    expect(await within(panel).findByTitle('Verso (PDF)')).toBeInTheDocument();
  });
});
