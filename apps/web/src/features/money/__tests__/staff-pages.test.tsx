import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderApp, testUser } from '../../../test/render';
import { prepareMoneyPages, stubApi } from './money-test-utils';

const admin = () => testUser({ _id: 'admin', role: 'admin' });
const owner = { _id: 'u9', name: 'Grace Hopper', email: 'grace@example.com' };

function payment(status: 'Pending' | 'Confirmed' = 'Pending') {
  return {
    _id: 'p1',
    transactionId: 'DEP-ABCDEFGH',
    amount: '150.00',
    asset: 'BTC',
    txHash: null,
    status,
    notes: null,
    createdAt: '2026-01-01T10:00:00Z',
    decidedAt: null,
    user: owner,
    source: 'reported',
    chain: null,
    explorerUrl: null,
  };
}

function withdrawal(status: 'Pending' | 'Approved' = 'Pending', overdue = false) {
  return {
    _id: 'w1',
    user: owner,
    amount: '200.00',
    fee: '3.00',
    netAmount: '197.00',
    asset: 'BTC',
    walletAddress: '1BvBMSEYstWetqTFn5Au4m4GFg7xJaNVN2',
    status,
    notes: null,
    requestDate: '2026-01-01T10:00:00Z',
    decidedAt: null,
    ageHours: overdue ? 80 : 5,
    overdue,
    payout: null,
    payoutOnChain: false,
    needsTwoApprovers: false,
    secondApproval: null as null | Record<string, unknown>,
  };
}

prepareMoneyPages();

describe('deposits on chain, for staff', () => {
  const hash = `0x${'ef'.repeat(32)}`;
  const detected = {
    ...payment(),
    amount: '0.00',
    asset: 'ETH',
    txHash: hash,
    source: 'chain',
    chain: { status: 'confirmed', confirmations: 14, confirmationsRequired: 12, amount: '0.5', asset: 'ETH', blockNumber: 1234, explorerUrl: `https://etherscan.io/tx/${hash}` },
  };

  it('shows in the queue whether the chain confirms each deposit', async () => {
    const reported = { ...payment(), _id: 'p2', transactionId: 'DEP-REPORTED', txHash: `0x${'12'.repeat(32)}`, chain: { status: 'not-seen', confirmations: null, confirmationsRequired: 12, amount: null, asset: null, blockNumber: null, explorerUrl: null } };
    stubApi((call) => (call.path === '/api/payments/pending-deposit' ? { body: [detected, reported] } : undefined));
    renderApp('/admin-pending-deposit', { user: admin() });
    expect(await screen.findByText('Detected on chain')).toBeInTheDocument();
    expect(screen.getByText('Confirmed on chain')).toBeInTheDocument();
    expect(screen.getByText('0.5 ETH in block 1234 · 14 confirmations')).toBeInTheDocument();
    expect(screen.getByText('To price')).toBeInTheDocument();
    expect(screen.getByText('Reported by user')).toBeInTheDocument();
    expect(screen.getByText('Not seen')).toBeInTheDocument();
  });

  it('asks for the US dollar value of an ETH deposit detected on chain and sends it with the confirmation', async () => {
    const { calls } = stubApi((call) => {
      if (call.path === '/api/payments/viewPaymentStatus/DEP-ABCDEFGH') return { body: detected };
      if (call.path === '/api/payments/confirmPayment') return { body: { message: 'Payment successfully confirmed!', transaction: { ...detected, status: 'Confirmed', amount: '1500.00' } } };
      return undefined;
    });
    const user = userEvent.setup();
    renderApp('/transaction/DEP-ABCDEFGH', { user: admin() });
    await user.click(await screen.findByRole('button', { name: 'Confirm payment' }));
    expect(await screen.findByText('Amount is required')).toBeInTheDocument();
    expect(calls.some((call) => call.path === '/api/payments/confirmPayment')).toBe(false);
    await user.type(screen.getByLabelText('US dollar value (USD)'), '1500');
    await user.click(screen.getByRole('button', { name: 'Confirm payment' }));
    await waitFor(() => expect(calls.find((call) => call.path === '/api/payments/confirmPayment')?.body).toEqual({ transactionId: 'DEP-ABCDEFGH', status: 'Confirmed', amount: '1500' }));
  });
});

describe('withdrawal payout proof', () => {
  it('requires the payout hash where the chain checks it, sends it, and shows the verified payout', async () => {
    const hash = `0x${'9a'.repeat(32)}`;
    let approved = false;
    const pending = { ...withdrawal(), asset: 'USDT', walletAddress: '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed', payoutOnChain: true };
    const done = { ...pending, status: 'Approved', payout: { txHash: hash, verified: true, chainId: 1, blockNumber: 777, explorerUrl: `https://etherscan.io/tx/${hash}` } };
    const { calls } = stubApi((call) => {
      if (call.path === '/api/withDraw/get-withdrawal/w1') return { body: approved ? done : pending };
      if (call.path === '/api/withDraw/approve/w1') {
        approved = true;
        return { body: { message: 'Withdrawal approved!', withdrawal: done } };
      }
      return undefined;
    });
    const user = userEvent.setup();
    renderApp('/withdrawal/w1', { user: admin() });
    await user.click(await screen.findByRole('button', { name: 'Approve withdrawal' }));
    expect(await screen.findByText('Enter the payout transaction hash')).toBeInTheDocument();
    await user.type(screen.getByLabelText('Payout transaction hash'), 'nope');
    await user.click(screen.getByRole('button', { name: 'Approve withdrawal' }));
    expect(await screen.findByText('Please enter a valid transaction hash')).toBeInTheDocument();
    expect(calls.some((call) => call.path === '/api/withDraw/approve/w1')).toBe(false);
    await user.clear(screen.getByLabelText('Payout transaction hash'));
    await user.type(screen.getByLabelText('Payout transaction hash'), hash);
    await user.click(screen.getByRole('button', { name: 'Approve withdrawal' }));
    expect(await screen.findByText('Verified on chain')).toBeInTheDocument();
    expect(screen.getByText('block 777')).toBeInTheDocument();
    expect(calls.find((call) => call.path === '/api/withDraw/approve/w1')?.body).toEqual({ txHash: hash });
  });
});

describe('withdrawal four eyes', () => {
  it('the first approver records the request (no payout hash asked); the requester cannot give the second approval', async () => {
    const big = { ...withdrawal(), amount: '2000.00', netAmount: '1997.00', asset: 'USDT', walletAddress: '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed', payoutOnChain: true, needsTwoApprovers: true };
    const request = { _id: 'r1', kind: 'withdrawal', user: owner, withdrawalId: 'w1', operation: null, amount: '2000.00', reason: null, status: 'Pending', requestedBy: { _id: 'admin', name: 'Ada Lovelace' }, requestedAt: '2026-01-01T11:00:00Z', decidedBy: null, decidedAt: null, decisionNote: null };
    let recorded = false;
    const { calls } = stubApi((call) => {
      if (call.path === '/api/withDraw/get-withdrawal/w1') return { body: recorded ? { ...big, secondApproval: request } : big };
      if (call.path === '/api/withDraw/approve/w1') {
        recorded = true;
        return { status: 202, body: { message: 'Recorded: a second staff member must approve this withdrawal of $2,000.00', withdrawal: { ...big, secondApproval: request }, pendingApproval: request } };
      }
      return undefined;
    });
    const user = userEvent.setup();
    renderApp('/withdrawal/w1', { user: admin() });
    expect(await screen.findByText('It is above the second-approval threshold: your approval is recorded, and another staff member pays it out.')).toBeInTheDocument();
    expect(screen.queryByLabelText(/Payout transaction hash/)).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Approve withdrawal' }));
    expect(await screen.findByText('Recorded: a second staff member must approve this withdrawal of $2,000.00')).toBeInTheDocument();
    expect(calls.find((call) => call.path === '/api/withDraw/approve/w1')?.body).toEqual({});
    expect(await screen.findByText('You approved this withdrawal first: another staff member must approve it and pay it out.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Approve withdrawal' })).toBeDisabled();
  });
});

describe('staff deposits', () => {
  it('lists pending deposits and links each to its review page', async () => {
    stubApi((call) => (call.path === '/api/payments/pending-deposit' ? { body: [payment()] } : undefined));
    renderApp('/admin-pending-deposit', { user: admin() });
    expect(await screen.findByText(/Grace Hopper/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Review' })).toHaveAttribute('href', '/transaction/DEP-ABCDEFGH');
  });

  it('says "Failed to fetch pending deposits." when the list fails', async () => {
    stubApi((call) => (call.path === '/api/payments/pending-deposit' ? { status: 500, body: {} } : undefined));
    renderApp('/admin-pending-deposit', { user: admin() });
    expect(await screen.findByText('Failed to fetch pending deposits.')).toBeInTheDocument();
  });

  it('confirms with notes, toasts, and hides the buttons once decided', async () => {
    let decided = false;
    const { calls } = stubApi((call) => {
      if (call.path === '/api/payments/viewPaymentStatus/DEP-ABCDEFGH') return { body: payment(decided ? 'Confirmed' : 'Pending') };
      if (call.path === '/api/payments/confirmPayment') {
        if (decided) return { status: 409, body: { message: 'This payment has already been confirmed' } };
        decided = true;
        return { body: { message: 'Payment successfully confirmed!', transaction: payment('Confirmed') } };
      }
      return undefined;
    });
    const user = userEvent.setup();
    renderApp('/transaction/DEP-ABCDEFGH', { user: admin() });
    await user.type(await screen.findByLabelText(/Notes/), 'Seen on chain');
    await user.click(screen.getByRole('button', { name: 'Confirm payment' }));
    expect(await screen.findByText('Payment successfully confirmed!')).toBeInTheDocument();
    const confirm = calls.find((call) => call.path === '/api/payments/confirmPayment')!;
    expect(confirm.method).toBe('PATCH');
    expect(confirm.body).toEqual({ transactionId: 'DEP-ABCDEFGH', status: 'Confirmed', notes: 'Seen on chain' });
    // Decided: the buttons are gone.
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Confirm payment' })).not.toBeInTheDocument());
  });

  it('falls back to "Failed to reject payment." without a server message', async () => {
    stubApi((call) => {
      if (call.path === '/api/payments/viewPaymentStatus/DEP-ABCDEFGH') return { body: payment() };
      if (call.path === '/api/payments/rejectPayment') return { status: 500, body: 'nope' };
      return undefined;
    });
    const user = userEvent.setup();
    renderApp('/transaction/DEP-ABCDEFGH', { user: admin() });
    await user.click(await screen.findByRole('button', { name: 'Reject payment' }));
    expect(await screen.findByText('Failed to reject payment.')).toBeInTheDocument();
  });

  it('says "Error fetching payment status." when the payment cannot be read', async () => {
    stubApi(() => ({ status: 404, body: { message: 'Transaction not found' } }));
    renderApp('/transaction/DEP-NOPE', { user: admin() });
    expect(await screen.findByText('Error fetching payment status.')).toBeInTheDocument();
  });
});

describe('staff withdrawals', () => {
  it('shows the age and flags overdue requests', async () => {
    stubApi((call) => (call.path === '/api/withDraw/pending' ? { body: { withdrawals: [withdrawal('Pending', true)] } } : undefined));
    renderApp('/admin-pending-wallet', { user: admin() });
    expect(await screen.findByText(/Overdue · 3 days 8 h/)).toBeInTheDocument();
    expect(screen.getByText('1 request is older than two business days')).toBeInTheDocument();
  });

  it('approves a pending withdrawal; buttons only while Pending', async () => {
    let approved = false;
    stubApi((call) => {
      if (call.path === '/api/withDraw/get-withdrawal/w1') return { body: withdrawal(approved ? 'Approved' : 'Pending') };
      if (call.path === '/api/withDraw/approve/w1' && call.method === 'PUT') {
        approved = true;
        return { body: { message: 'Withdrawal approved!', withdrawal: withdrawal('Approved') } };
      }
      return undefined;
    });
    const user = userEvent.setup();
    renderApp('/withdrawal/w1', { user: admin() });
    expect(await screen.findByText('$197.00')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Approve withdrawal' }));
    expect(await screen.findByText('Withdrawal approved!')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Reject withdrawal' })).not.toBeInTheDocument());
  });

  it('says "Failed to fetch withdrawal details." on error', async () => {
    stubApi(() => ({ status: 500, body: {} }));
    renderApp('/withdrawal/w1', { user: admin() });
    expect(await screen.findByText('Failed to fetch withdrawal details.')).toBeInTheDocument();
  });
});

describe('staff balance and fee edits', () => {
  const summary = { _id: 'u9', name: 'Grace Hopper', email: 'grace@example.com', role: 'subscriber', hasFees: false, balance: '10.00', availableBalance: '10.00', investmentBalance: '0.00', totalMaturityAmount: '0.00', fees: '0.00' };

  it('needs a reason, then posts the adjustment and shows the server answer', async () => {
    const { calls } = stubApi((call) => {
      if (call.path === '/api/money/users/u9') return { body: summary };
      if (call.path === '/api/users/editDepositBalance/u9') return { body: { message: 'Balance updated: added $25.00', user: { ...summary, balance: '35.00' } } };
      return undefined;
    });
    const user = userEvent.setup();
    renderApp('/edit-user-balance/u9', { user: admin() });
    await user.type(await screen.findByLabelText('Amount (USD)'), '25');
    await user.click(screen.getByRole('button', { name: 'Save adjustment' }));
    expect(await screen.findByText('A reason is required')).toBeInTheDocument();
    await user.type(screen.getByLabelText('Reason'), 'Goodwill');
    await user.click(screen.getByRole('button', { name: 'Save adjustment' }));
    expect(await screen.findByText('Balance updated: added $25.00')).toBeInTheDocument();
    expect(calls.find((call) => call.path === '/api/users/editDepositBalance/u9')!.body).toEqual({ operation: 'add', amount: '25', reason: 'Goodwill' });
  });

  it('edits total profit on /edit-balance and falls back to "Something went wrong."', async () => {
    stubApi((call) => {
      if (call.path === '/api/money/users/u9') return { body: summary };
      if (call.path === '/api/users/updateDepositBalance/u9') return { status: 500, body: 'x' };
      return undefined;
    });
    const user = userEvent.setup();
    renderApp('/edit-balance/u9', { user: admin() });
    expect(await screen.findByRole('heading', { name: 'Edit total profit' })).toBeInTheDocument();
    await user.selectOptions(await screen.findByLabelText('Operation'), 'deduct');
    await user.type(screen.getByLabelText('Amount (USD)'), '5');
    await user.type(screen.getByLabelText('Reason'), 'Correction');
    await user.click(screen.getByRole('button', { name: 'Save adjustment' }));
    expect(await screen.findByText('Something went wrong.')).toBeInTheDocument();
  });

  it('toggles the fees card and says "Toggle failed" when it fails', async () => {
    let fail = false;
    stubApi((call) => {
      if (call.path === '/api/money/users/u9') return { body: summary };
      if (call.path === '/api/users/fees-toggle/u9') {
        if (fail) return { status: 500, body: 'x' };
        return { body: { message: 'Fees are now shown to this user', user: { ...summary, hasFees: true } } };
      }
      return undefined;
    });
    const user = userEvent.setup();
    renderApp('/update-fee/u9', { user: admin() });
    const toggle = await screen.findByRole('switch', { name: 'Show fees on the dashboard' });
    await user.click(toggle);
    expect(await screen.findByText('Fees are now shown to this user')).toBeInTheDocument();
    fail = true;
    await waitFor(() => expect(toggle).toBeEnabled());
    await user.click(toggle);
    expect(await screen.findByText('Toggle failed')).toBeInTheDocument();
  });

  it('says "Failed to load user data" when the user cannot be read', async () => {
    stubApi(() => ({ status: 404, body: { message: 'User not found' } }));
    renderApp('/update-fee/u9', { user: admin() });
    expect(await screen.findByText('Failed to load user data')).toBeInTheDocument();
  });
});
