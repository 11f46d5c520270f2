import { beforeAll, describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import { renderApp, testUser } from '../../../test/render';
import { changeLanguage } from '../../../i18n';
import { resetLanguageAfterEach } from '../../../test/language';
import { stubApi, warmPages } from './money-test-utils';

const owner = { _id: 'u9', name: 'Grace Hopper', email: 'grace@example.com' };
const overdue = {
  _id: 'w1',
  user: owner,
  amount: '1200.00',
  fee: '3.00',
  netAmount: '1197.00',
  asset: 'BTC',
  walletAddress: '1BvBMSEYstWetqTFn5Au4m4GFg7xJaNVN2',
  status: 'Pending',
  notes: null,
  requestDate: '2026-01-01T10:00:00Z',
  decidedAt: null,
  ageHours: 80,
  overdue: true,
  payout: null,
  payoutOnChain: false,
  needsTwoApprovers: false,
  secondApproval: null,
};

beforeAll(async () => {
  await warmPages();
}, 30_000);

resetLanguageAfterEach();

describe('the staff queue and review pages in German', () => {
  it('the withdrawals queue: title, overdue count, age and amounts in German', async () => {
    await changeLanguage('de');
    stubApi((call) => (call.path === '/api/withDraw/pending' ? { body: { withdrawals: [overdue] } } : undefined));
    renderApp('/admin-pending-wallet', { user: testUser({ _id: 'admin', role: 'admin', language: 'de' }) });
    expect(await screen.findByRole('heading', { name: 'Offene Auszahlungen' })).toBeInTheDocument();
    expect(await screen.findByText('1 Antrag ist älter als zwei Werktage')).toBeInTheDocument();
    expect(screen.getByText(/Überfällig · 3 Tage 8 Std\./)).toBeInTheDocument();
    expect(screen.getByText('1.200,00 $')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Prüfen' })).toHaveAttribute('href', '/withdrawal/w1');
  });

  it('the withdrawal review: facts, decision and the way back in German', async () => {
    await changeLanguage('de');
    stubApi((call) => (call.path === '/api/withDraw/get-withdrawal/w1' ? { body: overdue } : undefined));
    renderApp('/withdrawal/w1', { user: testUser({ _id: 'admin', role: 'admin', language: 'de' }) });
    expect(await screen.findByRole('button', { name: 'Auszahlung genehmigen' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Auszahlung prüfen' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Zurück zu den offenen Auszahlungen' })).toHaveAttribute('href', '/admin-pending-wallet');
    const facts = screen.getByText('Zu senden').closest('div')!;
    expect(within(facts).getByText('1.197,00 $')).toBeInTheDocument();
    expect(screen.getByText('BTC-Adresse')).toBeInTheDocument();
    expect(screen.getByLabelText(/Notizen \(optional\)/)).toBeInTheDocument();
  });
});
