import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { configure, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { SETTINGS_MESSAGES, settingsSchema, type AuditListResponse, type Settings } from '@app/shared';
import { renderApp, stubFetch, testUser } from '../../../test/render';
import { changeLanguage } from '../../../i18n';
import { resolveRelativeRequests } from './admin-test-utils';

// Lazy pages, and the French messages (loaded on demand), come slowly when the machine is busy.
configure({ asyncUtilTimeout: 10_000 });

// The defaults, with a fee and the bonus cap at its $5.00 limit.
const settings: Settings = settingsSchema.parse({ withdrawalFee: { flatCents: 150, basisPoints: 50 } });

const log: AuditListResponse = {
  items: [
    { id: 1, at: '2026-02-01T09:00:00Z', action: 'user.adjust_balance', actorId: 'staff-3', actorName: 'Sam Staff', actorEmail: 'sam@example.com', impersonatorId: 'staff-2', impersonatorName: 'Ada Admin', targetType: 'user', targetId: 'u-8', targetName: 'Nina Target', targetEmail: 'nina@example.com', subjectName: null, subjectEmail: null, before: { operation: 'add', amount: '0.00' }, after: { operation: 'add', amount: '5.00' }, reason: 'goodwill', ip: null },
  ],
  page: 1,
  pages: 3,
  total: 41,
  actions: ['user.adjust_balance'],
};

const admin = (language: 'en' | 'fr' = 'en') => testUser({ _id: 'staff-2', role: 'admin', name: 'Ada Admin', language });

function stubApi() {
  return stubFetch((url) => {
    const path = new URL(url, 'http://localhost').pathname;
    if (path === '/api/users/loginStatus') return { body: true };
    if (path === '/api/admin/pending-counts') return { body: { deposits: 0, investments: 0, withdrawals: 0, kyc: 0, approvals: 0 } };
    if (path === '/api/admin/settings') return { body: settings };
    if (path === '/api/admin/audit') return { body: log };
    return undefined;
  });
}

// RTK Query's middleware registers itself on the first action it sees. Loaded with the first page,
// that action would be the page's own query, dispatched while rendering (React warns, on main too
// for a file's first query page): loaded before, it sees the sign-in check's actions first.
beforeAll(async () => {
  await import('../../../lib/query');
});
beforeEach(() => {
  resolveRelativeRequests();
});
afterEach(async () => {
  vi.unstubAllGlobals();
  await changeLanguage('en');
  localStorage.clear();
});

describe('the back office in French', () => {
  it('shows the audit log, its navigation and pager in French', async () => {
    stubApi();
    renderApp('/admin/audit', { user: admin('fr') });
    expect(await screen.findByRole('heading', { name: 'Journal d’audit' })).toBeInTheDocument();
    const nav = screen.getByRole('navigation', { name: 'Back-office' });
    expect(within(nav).getByRole('link', { name: 'Paramètres' })).toHaveAttribute('href', '/admin/settings');
    expect(await screen.findByText('41 entrées')).toBeInTheDocument();
    expect(screen.getByTestId('audit-entry')).toHaveTextContent('Sam Staff a ajouté 5,00 $US au solde du portefeuille de Nina Target (pendant l’emprunt d’identité par Ada Admin)');
    expect(screen.getByRole('link', { name: 'Nina Target' })).toHaveAttribute('href', '/admin/users?search=nina%40example.com');
    expect(screen.getByText('Enregistrement brut')).toBeInTheDocument();
    expect(screen.getByText('Motif : goodwill')).toBeInTheDocument();
    expect(screen.getByText('Page 1 sur 3')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Filtrer' })).toBeInTheDocument();
    expect(screen.getByText('1 févr. 2026', { exact: false })).toBeInTheDocument();
    expect(document.documentElement.lang).toBe('fr');
  });
});

describe('the settings form (react-hook-form, settingsFormSchema)', () => {
  it('shows the error on the field and sends nothing for a bad or out-of-range value', async () => {
    const user = userEvent.setup();
    const { calls } = stubApi();
    renderApp('/admin/settings', { user: admin() });
    const flat = await screen.findByLabelText('Flat fee (USD)');
    await user.clear(flat);
    await user.type(flat, '12,5');
    const cap = screen.getByLabelText('Cap (USD)');
    await user.clear(cap);
    await user.type(cap, '9.00');
    await user.click(screen.getByRole('button', { name: 'Save settings' }));

    expect(await screen.findByText(SETTINGS_MESSAGES.hundredths)).toBeInTheDocument();
    expect(flat).toHaveAttribute('aria-invalid', 'true');
    expect(flat).toHaveAccessibleDescription(SETTINGS_MESSAGES.hundredths);
    await user.clear(flat);
    await user.type(flat, '2.25');
    await user.click(screen.getByRole('button', { name: 'Save settings' }));
    // The cap is the server's own rule (at most $5.00), shown on its field.
    expect(await screen.findByText(SETTINGS_MESSAGES.bonusCap)).toBeInTheDocument();
    expect(cap).toHaveAttribute('aria-invalid', 'true');
    // Only the GET went out: an invalid form is never sent.
    expect(calls.filter((call) => call.url.includes('/api/admin/settings'))).toHaveLength(1);
  });
});

describe('the settings form’s addresses', () => {
  it('refuses a javascript: or relative address on its field with the server’s message, and sends nothing', async () => {
    const user = userEvent.setup();
    const { calls } = stubApi();
    renderApp('/admin/settings', { user: admin() });
    const chart = await screen.findByLabelText('Chart service URL');
    await user.type(chart, 'javascript:alert(1)');
    const chat = screen.getByLabelText('Live chat embed URL');
    await user.type(chat, '/support');
    const facebook = screen.getByLabelText('Facebook page');
    await user.type(facebook, 'http://facebook.com/vaultline');
    await user.click(screen.getByRole('button', { name: 'Save settings' }));
    expect(await screen.findByText(SETTINGS_MESSAGES.chartUrl)).toBeInTheDocument();
    expect(chart).toHaveAttribute('aria-invalid', 'true');
    // Each field's hint, then its error.
    expect(chart).toHaveAccessibleDescription(expect.stringMatching(/ The chart service address must be an https:\/\/ URL$/));
    expect(chat).toHaveAccessibleDescription(expect.stringMatching(/ The live chat link must be an https:\/\/ URL$/));
    expect(facebook).toHaveAccessibleDescription('The Facebook link must be an https:// URL');
    expect(calls.filter((call) => call.url.includes('/api/admin/settings'))).toHaveLength(1);
  });

  it('shows the refusal in the admin’s language', async () => {
    stubApi();
    await changeLanguage('fr');
    const user = userEvent.setup();
    renderApp('/admin/settings', { user: admin('fr') });
    const chart = await screen.findByLabelText('URL du service de graphiques');
    await user.type(chart, 'data:text/html,x');
    await user.click(screen.getByRole('button', { name: 'Enregistrer les paramètres' }));
    expect(await screen.findByText('L’adresse du service de graphiques doit être une URL https://')).toBeInTheDocument();
  });
});
