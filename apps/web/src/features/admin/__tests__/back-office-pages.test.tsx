import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AuditListResponse, OutboxListResponse, SolvencyReport } from '@app/shared';
import { renderApp, testUser } from '../../../test/render';
import { bodyOf, resolveRelativeRequests } from './admin-test-utils';

// Lazy pages load slowly when the machine is busy; wait longer than the 1 s default.
configure({ asyncUtilTimeout: 5000 });

type Reply = { status: number; body: unknown };
let routes: Record<string, (method: string, body: unknown, search: string) => Reply>;
let calls: Array<{ method: string; path: string; search: string; body: unknown }>;

beforeEach(() => {
  resolveRelativeRequests();
  calls = [];
  routes = {
    '/api/users/loginStatus': () => ({ status: 200, body: true }),
    '/api/admin/pending-counts': () => ({ status: 200, body: { deposits: 1, investments: 0, withdrawals: 2, kyc: 0, approvals: 0 } }),
  };
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL(typeof input === 'string' ? input : input instanceof URL ? input.toString() : input.url, 'http://localhost');
      const method = (init?.method ?? (input instanceof Request ? input.method : 'GET')).toUpperCase();
      const body = await bodyOf(input, init);
      calls.push({ method, path: url.pathname, search: url.search, body });
      const handler = routes[url.pathname];
      const reply = handler ? handler(method, body, url.search) : { status: 404, body: { message: 'Not found' } };
      return new Response(JSON.stringify(reply.body), { status: reply.status, headers: { 'content-type': 'application/json' } });
    }),
  );
});
afterEach(() => {
  vi.restoreAllMocks();
});

const author = () => testUser({ _id: 'staff-1', role: 'author', name: 'Sam Staff' });
const admin = () => testUser({ _id: 'staff-2', role: 'admin', name: 'Ada Admin' });

describe('/compose-email', () => {
  it('requires every field and valid emails', async () => {
    const user = userEvent.setup();
    renderApp('/compose-email', { user: author() });
    await user.click(await screen.findByRole('button', { name: 'Send email' }));
    expect(await screen.findAllByText('All fields are required')).toHaveLength(4);
    await user.type(screen.getByLabelText('Send to'), 'not-an-email');
    await user.click(screen.getByRole('button', { name: 'Send email' }));
    expect(await screen.findByText('Please enter a valid email')).toBeInTheDocument();
    expect(calls.some((call) => call.path === '/api/users/sendComposedEmail')).toBe(false);
  });

  it("sends and says 'Email sent successfully!'; a failure says 'Failed to send email. Please try again.'", async () => {
    const user = userEvent.setup();
    let fail = false;
    routes['/api/users/sendComposedEmail'] = () => (fail ? { status: 500, body: { message: 'Something went wrong. Please try again.' } } : { status: 200, body: { message: 'ok', id: 1 } });
    renderApp('/compose-email?to=client%40example.com', { user: author() });
    expect(await screen.findByLabelText('Send to')).toHaveValue('client@example.com');
    await user.type(screen.getByLabelText('Reply to'), 'desk@example.com');
    await user.type(screen.getByLabelText('Subject'), 'Hello');
    await user.type(screen.getByLabelText('Message'), 'Body text');
    await user.click(screen.getByRole('button', { name: 'Send email' }));
    expect(await screen.findByText('Email sent successfully!')).toBeInTheDocument();
    expect(calls.find((call) => call.path === '/api/users/sendComposedEmail')?.body).toEqual({
      send_to: 'client@example.com',
      reply_to: 'desk@example.com',
      subject: 'Hello',
      message: 'Body text',
    });

    fail = true;
    await user.type(screen.getByLabelText('Send to'), 'again@example.com');
    await user.type(screen.getByLabelText('Subject'), 'Again');
    await user.type(screen.getByLabelText('Message'), 'More');
    await user.click(screen.getByRole('button', { name: 'Send email' }));
    expect(await screen.findByText('Failed to send email. Please try again.')).toBeInTheDocument();
  });
});

describe('/admin/outbox', () => {
  it('lists sent, pending and failed emails with counts, and retries a failed one', async () => {
    const user = userEvent.setup();
    const list: OutboxListResponse = {
      items: [
        { id: 3, to: 'a@example.com', replyTo: null, subject: 'Role changed', kind: 'role-changed', status: 'failed', attempts: 8, lastError: 'connection refused', createdAt: '2026-02-01T10:00:00Z', sentAt: null, nextAttemptAt: '2026-02-01T11:00:00Z', text: 'Your role changed' },
        { id: 2, to: 'b@example.com', replyTo: null, subject: 'Reset your password', kind: 'password-reset', status: 'sent', attempts: 1, lastError: null, createdAt: '2026-02-01T09:00:00Z', sentAt: '2026-02-01T09:00:01Z', nextAttemptAt: '2026-02-01T09:00:00Z', text: null },
        { id: 1, to: 'c@example.com', replyTo: null, subject: 'Welcome', kind: 'verification', status: 'pending', attempts: 0, lastError: null, createdAt: '2026-02-01T08:00:00Z', sentAt: null, nextAttemptAt: '2026-02-01T08:00:00Z', text: null },
      ],
      page: 1,
      pages: 1,
      total: 3,
      counts: { pending: 1, sent: 1, failed: 1, stored: 0, restored: 0 },
      delivering: true,
    };
    routes['/api/admin/outbox'] = () => ({ status: 200, body: list });
    routes['/api/admin/outbox/3/retry'] = () => ({ status: 200, body: { message: 'Email queued for another attempt' } });
    renderApp('/admin/outbox', { user: author() });
    expect(await screen.findByText('Role changed')).toBeInTheDocument();
    expect(screen.getByText('Last error: connection refused')).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: /Failed 1/ })).toBeInTheDocument();
    expect(screen.getAllByText(/Content hidden/)).toHaveLength(2);
    await user.click(screen.getByRole('button', { name: 'View' }));
    expect(screen.getByText('Your role changed')).toBeInTheDocument();
    const retryButtons = screen.getAllByRole('button', { name: /Retry/ });
    expect(retryButtons).toHaveLength(2);
    await user.click(retryButtons[0]!);
    expect(await screen.findByText('Email queued for another attempt')).toBeInTheDocument();
    await user.click(screen.getByRole('tab', { name: /Failed/ }));
    await waitFor(() => expect(calls.some((call) => call.path === '/api/admin/outbox' && call.search.includes('status=failed'))).toBe(true));
  });
});

describe('/admin/outbox after a restore', () => {
  it('shows an email that was waiting when the backup was taken as restored, with a note, and sends it when staff click Send', async () => {
    const user = userEvent.setup();
    const list: OutboxListResponse = {
      items: [
        { id: 7, to: 'd@example.com', replyTo: null, subject: 'Your deposit was confirmed', kind: 'deposit-confirmed', status: 'restored', attempts: 0, lastError: null, createdAt: '2026-02-01T08:00:00Z', sentAt: null, nextAttemptAt: '2026-02-01T08:00:00Z', text: 'Confirmed' },
      ],
      page: 1,
      pages: 1,
      total: 1,
      counts: { pending: 0, sent: 0, failed: 0, stored: 0, restored: 1 },
      delivering: true,
    };
    routes['/api/admin/outbox'] = () => ({ status: 200, body: list });
    routes['/api/admin/outbox/7/retry'] = () => ({ status: 200, body: { message: 'Email queued for another attempt' } });
    renderApp('/admin/outbox', { user: author() });
    expect(await screen.findByText('Your deposit was confirmed')).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: /Restored 1/ })).toBeInTheDocument();
    expect(screen.getByText(/a restored install does not send it by itself/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Retry/ })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByText('Email queued for another attempt')).toBeInTheDocument();
    expect(calls.some((call) => call.path === '/api/admin/outbox/7/retry')).toBe(true);
  });
});

describe('/admin/audit', () => {
  it('lists entries read-only as sentences with the impersonator, the changes and the reason, and filters by action', async () => {
    const user = userEvent.setup();
    const log: AuditListResponse = {
      items: [
        { id: 2, at: '2026-02-01T10:00:00Z', action: 'user.role_change', actorId: 'staff-2', actorName: 'Ada Admin', actorEmail: 'ada@example.com', impersonatorId: null, impersonatorName: null, targetType: 'user', targetId: 'u-9', targetName: 'Nina Target', targetEmail: 'nina@example.com', subjectName: null, subjectEmail: null, before: { role: 'subscriber' }, after: { role: 'author' }, reason: null, ip: '10.0.0.1' },
        { id: 1, at: '2026-02-01T09:00:00Z', action: 'balance.adjust', actorId: 'staff-3', actorName: 'Sam Staff', actorEmail: 'sam@example.com', impersonatorId: 'staff-2', impersonatorName: 'Ada Admin', targetType: 'user', targetId: 'u-8', targetName: null, targetEmail: null, subjectName: null, subjectEmail: null, before: null, after: { amount: '5.00' }, reason: 'goodwill', ip: null },
      ],
      page: 1,
      pages: 1,
      total: 2,
      actions: ['balance.adjust', 'user.role_change'],
    };
    routes['/api/admin/audit'] = () => ({ status: 200, body: log });
    renderApp('/admin/audit?targetId=u-9', { user: author() });
    const [roleChange, unknown] = await screen.findAllByTestId('audit-entry');
    expect(roleChange).toHaveTextContent('Ada Admin changed the role of Nina Target from subscriber to author');
    expect(unknown).toHaveTextContent('Sam Staff did balance.adjust on user (while impersonated by Ada Admin)');
    expect(within(unknown!).getByText('Reason: goodwill')).toBeInTheDocument();
    expect(within(unknown!).getByText('$5.00')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Delete|Edit/ })).not.toBeInTheDocument();
    expect(calls.find((call) => call.path === '/api/admin/audit')?.search).toContain('targetId=u-9');
    await user.selectOptions(screen.getByLabelText('Action'), 'user.role_change');
    await user.click(screen.getByRole('button', { name: 'Filter' }));
    await waitFor(() => expect(calls.some((call) => call.path === '/api/admin/audit' && call.search.includes('action=user.role_change'))).toBe(true));
  });
});

describe('/admin/settings', () => {
  const settings = {
    depositAddresses: { BTC: 'bc1qexample' },
    withdrawalFee: { flatCents: 150, basisPoints: 50 },
    referralBonus: { basisPoints: 500, capCents: 500 },
    support: { phone: '+1 555 0100', email: 'help@example.com', chatEmbedUrl: '', hours: '' },
    chartServiceUrl: '',
    riskNotice: 'Investing involves risk.',
    requireStaffTwoFactor: false,
    watchKeys: {},
    evmTokens: [],
    explorerTxUrl: '',
    fourEyesThresholdCents: 100_000,
  };

  it('admins edit and save settings (amounts in dollars and percent, sent as cents and basis points)', async () => {
    const user = userEvent.setup();
    routes['/api/admin/settings'] = (method, body) => ({ status: 200, body: method === 'PUT' ? { ...settings, ...(body as object) } : settings });
    renderApp('/admin/settings', { user: admin() });
    const flat = await screen.findByLabelText('Flat fee (USD)');
    expect(flat).toHaveValue('1.50');
    expect(screen.getByLabelText('Rate (%)')).toHaveValue('0.50');
    expect(screen.getByLabelText('BTC receiving address')).toHaveValue('bc1qexample');
    await user.clear(flat);
    await user.type(flat, '2.25');
    await user.type(screen.getByLabelText('ETH receiving address'), '0xabc');
    await user.type(screen.getByLabelText('EVM key (xpub)'), 'xpub6Ce9NcJv');
    await user.click(screen.getByRole('button', { name: /Add a token/ }));
    await user.type(screen.getByLabelText('Symbol'), 'usdc');
    await user.type(screen.getByLabelText('Contract'), '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48');
    // With a token configured, its symbol replaces the default USDT among the assets.
    expect(await screen.findByLabelText('USDC receiving address')).toBeInTheDocument();
    expect(screen.queryByLabelText('USDT receiving address')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Save settings' }));
    expect(await screen.findByText('Settings saved')).toBeInTheDocument();
    const put = calls.find((call) => call.path === '/api/admin/settings' && call.method === 'PUT')!.body as typeof settings;
    expect(put.withdrawalFee).toEqual({ flatCents: 225, basisPoints: 50 });
    expect(put.depositAddresses).toEqual({ BTC: 'bc1qexample', ETH: '0xabc' });
    expect(put.watchKeys).toEqual({ evm: 'xpub6Ce9NcJv' });
    expect(put.fourEyesThresholdCents).toBe(100_000);
    expect(put.evmTokens).toEqual([{ symbol: 'USDC', contract: '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48', decimals: 6, usd: true }]);
  });

  it('tells authors the page is for admins', async () => {
    renderApp('/admin/settings', { user: author() });
    expect(await screen.findByText('Only an admin can view or change settings.')).toBeInTheDocument();
    expect(calls.some((call) => call.path === '/api/admin/settings')).toBe(false);
  });
});

describe('/admin/solvency', () => {
  it('shows what users are owed against what was received and paid, and the ledger check', async () => {
    const report: SolvencyReport = {
      owed: { balances: '810.00', available: '710.00', held: '100.00', investedPrincipal: '200.00', profitDueAtMaturity: '16.00', total: '1026.00' },
      flows: { received: '1200.00', paidOut: '195.00', feeIncome: '5.00', profitPaid: '0.00', adjustments: '10.00', net: '1005.00' },
      surplus: '-21.00',
      activeInvestments: 1,
      ledger: { ok: true, checkedAt: '2026-02-01T10:00:00Z', journals: 5, postings: 12, accounts: 6, problems: [] },
      onchain: {
        network: 'Ethereum',
        chainId: 1,
        addresses: 3,
        assets: [
          { asset: 'ETH', amount: '0.25', usdValue: null },
          { asset: 'USDT', amount: '900.5', usdValue: '900.50' },
        ],
        checkedAt: '2026-02-01T10:00:00Z',
        message: null,
      },
    };
    routes['/api/admin/solvency'] = () => ({ status: 200, body: report });
    renderApp('/admin/solvency', { user: author() });
    // One sign convention with the staff home (issue 40.7): the word and the colour say it, no minus.
    expect(await screen.findByText('Shortfall')).toBeInTheDocument();
    expect(screen.getByText('$21.00')).toHaveClass('text-red-700');
    expect(screen.queryByText('-$21.00')).not.toBeInTheDocument();
    expect(screen.getAllByText('$1,026.00').length).toBeGreaterThan(0);
    expect(screen.getByText('$16.00')).toBeInTheDocument();
    expect(screen.getByText('Ledger verified')).toBeInTheDocument();
    expect(screen.getByText("On chain at the users' deposit addresses")).toBeInTheDocument();
    expect(screen.getByText('900.5 USDT', { exact: false })).toBeInTheDocument();
    expect(screen.getByText('$900.50')).toBeInTheDocument();
  });
});

describe('/my-account for staff', () => {
  const HOME = {
    queues: [
      { queue: 'deposits', count: 3, oldestAt: '2026-03-06T10:00:00.000Z', oldestAgeHours: 122, overdue: 1 },
      { queue: 'investments', count: 0, oldestAt: null, oldestAgeHours: null, overdue: 0 },
      { queue: 'withdrawals', count: 1, oldestAt: '2026-03-11T07:00:00.000Z', oldestAgeHours: 5, overdue: 0 },
      { queue: 'kyc', count: 2, oldestAt: '2026-03-11T11:30:00.000Z', oldestAgeHours: 0, overdue: 0 },
      { queue: 'approvals', count: 0, oldestAt: null, oldestAgeHours: null, overdue: 0 },
    ],
    overdueAfterBusinessDays: 2,
    solvency: { owed: '1026.00', netReceived: '1005.00', surplus: '-21.00', activeInvestments: 4 },
    recentAudit: [{ id: 9, at: '2026-03-11T11:00:00.000Z', action: 'payment.confirm', actorName: 'Ada Admin', targetType: 'user', targetId: 'u-7', targetName: 'Grace Hopper', reason: null }],
    at: '2026-03-11T12:00:00.000Z',
  };

  it('shows first what waits: each queue with its count, oldest age and overdue flag, solvency and recent audit; then their own figures', async () => {
    routes['/api/admin/home'] = () => ({ status: 200, body: HOME });
    routes['/api/money/dashboard'] = () => ({
      status: 200,
      body: { balance: '0.00', availableBalance: '0.00', investmentBalance: '0.00', totalMaturityAmount: '0.00', fees: '0.00', hasFees: false, pendingDeposits: { count: 0, amount: '0.00' }, series: { from: '2026-02-10', to: '2026-03-11', changes: [{ date: '2026-02-10', balance: '0.00' }] } },
    });
    routes['/api/invest/investment-history'] = () => ({ status: 200, body: [] });
    renderApp('/my-account', { user: author() });
    const home = await screen.findByRole('region', { name: 'Waiting for you' });
    expect(await within(home).findByText('6 requests waiting, 1 overdue.')).toBeInTheDocument();
    const deposits = within(home).getByTestId('queue-deposits');
    expect(deposits).toHaveAttribute('href', '/admin-pending-deposit');
    expect(deposits).toHaveTextContent('Deposits3Oldest waiting 5 days 2 h1 overdue (over 2 business days)');
    expect(within(home).getByTestId('queue-investments')).toHaveTextContent('Nothing waiting');
    expect(within(home).getByTestId('queue-kyc')).toHaveTextContent('Oldest waiting under 1 h');
    expect(within(home).getByText('Shortfall', { selector: 'dt' })).toBeInTheDocument();
    expect(within(home).getByText('$21.00')).toHaveClass('text-red-700');
    expect(within(home).getByRole('list', { name: 'Recent audit entries' })).toHaveTextContent('payment.confirmby Ada Admin on Grace Hopper');
    // Their own figures follow, under their own heading.
    expect(await screen.findByRole('heading', { name: 'Your account' })).toBeInTheDocument();
    expect(await screen.findByRole('region', { name: 'Balances' })).toBeInTheDocument();
    expect(home.compareDocumentPosition(screen.getByRole('region', { name: 'Balances' })) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });

  it('shows subscribers no staff home', async () => {
    routes['/api/money/dashboard'] = () => ({
      status: 200,
      body: { balance: '0.00', availableBalance: '0.00', investmentBalance: '0.00', totalMaturityAmount: '0.00', fees: '0.00', hasFees: false, pendingDeposits: { count: 0, amount: '0.00' }, series: { from: '2026-02-10', to: '2026-03-11', changes: [{ date: '2026-02-10', balance: '0.00' }] } },
    });
    routes['/api/invest/investment-history'] = () => ({ status: 200, body: [] });
    renderApp('/my-account', { user: testUser() });
    expect(await screen.findByRole('region', { name: 'Balances' })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Waiting for you' })).not.toBeInTheDocument();
    expect(calls.some((call) => call.path === '/api/admin/home')).toBe(false);
  });
});

describe('navigation', () => {
  it('shows staff the pending count and the queues', async () => {
    const user = userEvent.setup();
    routes['/api/users/getUsers'] = () => ({ status: 200, body: { users: [], nextCursor: null, total: 0, counts: { all: 0, verified: 0, suspended: 0 } } });
    renderApp('/admin/users', { user: author() });
    const nav = await screen.findByRole('navigation', { name: 'Main' });
    const [menu] = await within(nav).findAllByRole('button', { name: 'Back office: 3 pending' });
    await user.click(menu!);
    expect(within(nav).getByRole('link', { name: /Withdrawals\s*2/ })).toHaveAttribute('href', '/admin-pending-wallet');
    expect(within(nav).getByRole('link', { name: /Deposits\s*1/ })).toHaveAttribute('href', '/admin-pending-deposit');
    // The back office's pages are in the menu, not in the bar; Settings for admins only.
    expect(within(nav).getByRole('link', { name: 'Send Email' })).toHaveAttribute('href', '/compose-email');
    expect(within(nav).getByRole('link', { name: 'Audit log' })).toHaveAttribute('href', '/admin/audit');
    expect(within(nav).queryByRole('link', { name: 'Settings' })).not.toBeInTheDocument();
  });

  it('shows subscribers no queues', async () => {
    renderApp('/no-such-page', { user: testUser() });
    const nav = await screen.findByRole('navigation', { name: 'Main' });
    expect(within(nav).queryByRole('button', { name: /Back office/ })).not.toBeInTheDocument();
  });
});

describe('/admin/approvals', () => {
  const request = (id: string, requestedBy: { _id: string; name: string }, kind: 'balance' | 'withdrawal' = 'balance') => ({
    _id: id,
    kind,
    user: { _id: 'u-7', name: 'Grace Hopper', email: 'grace@example.com' },
    withdrawalId: kind === 'withdrawal' ? 'w-9' : null,
    operation: kind === 'withdrawal' ? null : 'add',
    role: null,
    amount: '1500.00',
    reason: kind === 'withdrawal' ? null : 'Goodwill credit',
    status: 'Pending',
    requestedBy,
    requestedAt: '2026-02-01T10:00:00Z',
    decidedBy: null,
    decidedAt: null,
    decisionNote: null,
  });

  it("lists what waits for a second approver, approves another's request and never offers to approve one's own", async () => {
    const user = userEvent.setup();
    routes['/api/admin/approvals'] = () => ({
      status: 200,
      body: { approvals: [request('r1', { _id: 'staff-1', name: 'Sam Staff' }), request('r2', { _id: 'staff-2', name: 'Ada Admin' }), request('r3', { _id: 'staff-1', name: 'Sam Staff' }, 'withdrawal')] },
    });
    routes['/api/admin/approvals/r1/approve'] = () => ({ status: 200, body: { message: 'Approved and carried out', approval: { ...request('r1', { _id: 'staff-1', name: 'Sam Staff' }), status: 'Approved' } } });
    renderApp('/admin/approvals', { user: admin() });
    const list = await screen.findByRole('list', { name: 'Requests waiting for a second approval' });
    const items = within(list).getAllByRole('listitem');
    expect(items).toHaveLength(3);
    expect(within(items[1]!).queryByRole('button', { name: 'Approve' })).not.toBeInTheDocument();
    expect(within(items[1]!).getByRole('button', { name: 'Withdraw my request' })).toBeInTheDocument();
    expect(within(items[2]!).getByRole('link', { name: 'Review and pay out' })).toHaveAttribute('href', '/withdrawal/w-9');
    await user.type(within(items[0]!).getByLabelText('Note (optional)'), 'Ticket 42');
    await user.click(within(items[0]!).getByRole('button', { name: 'Approve' }));
    expect(await screen.findByText('Approved and carried out')).toBeInTheDocument();
    expect(calls.find((call) => call.path === '/api/admin/approvals/r1/approve')?.body).toEqual({ note: 'Ticket 42' });
  });

  it("shows a cancelled request with its reason and nothing to decide; an admin's role change is not decided by the admin it changes", async () => {
    const cancelled = { ...request('r4', { _id: 'staff-1', name: 'Sam Staff' }), status: 'Cancelled', decisionNote: 'Cancelled because the requester was suspended' };
    const aboutMe = { ...request('r5', { _id: 'staff-3', name: 'Max Admin' }), kind: 'role', operation: null, role: 'author', amount: '0.00', reason: null, user: { _id: 'staff-2', name: 'Ada Admin', email: 'ada@example.com' } };
    routes['/api/admin/approvals'] = () => ({ status: 200, body: { approvals: [aboutMe, cancelled] } });
    renderApp('/admin/approvals', { user: admin() });
    const list = await screen.findByRole('list', { name: 'Requests waiting for a second approval' });
    const [role, gone] = within(list).getAllByRole('listitem');
    expect(within(role!).getByText('Change to author')).toBeInTheDocument();
    expect(within(role!).getByText('Only an admin other than the one whose role changes can decide this request.')).toBeInTheDocument();
    expect(within(role!).queryByRole('button')).not.toBeInTheDocument();
    expect(within(gone!).getByText('Cancelled')).toBeInTheDocument();
    expect(within(gone!).getByText('Cancelled because the requester was suspended')).toBeInTheDocument();
    expect(within(gone!).queryByRole('button')).not.toBeInTheDocument();
  });
});
