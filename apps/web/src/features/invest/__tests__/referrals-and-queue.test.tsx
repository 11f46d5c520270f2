import { describe, expect, it, vi } from 'vitest';
import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { INVEST_MESSAGES, REFERRAL_MESSAGES } from '@app/shared';
import { renderApp, testUser } from '../../../test/render';
import { investment, serveApi } from './invest-test-utils';

// The referrals page and the staff's pending-investment queue (split from invest-pages.test.tsx).
// A loaded CI machine renders lazy pages slowly: wait longer than the defaults.
configure({ asyncUtilTimeout: 8000 });
vi.setConfig({ testTimeout: 30_000 });

describe('/referrals', () => {
  function setup(body: unknown) {
    serveApi((request) => (request.path === '/api/users/referrals' ? { body } : undefined));
    renderApp('/referrals', { user: testUser({ referralCode: 'ABCD2345' }) });
    return userEvent.setup();
  }
  const empty = { referrals: [], message: 'No referrals', referralCode: 'ABCD2345', referralPath: '/register?ref=ABCD2345', bonusPercent: 5, bonusCap: '5.00', totalBonus: '0.00' };

  it("shows the code, the /register?ref= link, the $5 promise and 'No referrals'", async () => {
    setup(empty);
    expect(await screen.findByText(REFERRAL_MESSAGES.none)).toBeInTheDocument();
    expect(screen.getByTestId('referral-code')).toHaveTextContent('ABCD2345');
    expect(screen.getByLabelText('Referral link')).toHaveValue(`${window.location.origin}/register?ref=ABCD2345`);
    expect(screen.getAllByText(/earn up to \$5 per referral/).length).toBeGreaterThan(0);
  });

  it('copies the code and says so, or says it failed', async () => {
    const user = setup(empty);
    const writeText = vi.fn().mockResolvedValueOnce(undefined).mockRejectedValueOnce(new Error('denied'));
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    await user.click(await screen.findByRole('button', { name: 'Copy code' }));
    expect(writeText).toHaveBeenCalledWith('ABCD2345');
    expect(await screen.findByText(REFERRAL_MESSAGES.copied)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Copy code' }));
    expect(await screen.findByText(REFERRAL_MESSAGES.copyFailed)).toBeInTheDocument();
  });

  it('copies the link with its own toast, never the code\'s', async () => {
    const user = setup(empty);
    const writeText = vi.fn().mockResolvedValueOnce(undefined).mockRejectedValueOnce(new Error('denied'));
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    await user.click(await screen.findByRole('button', { name: 'Copy link' }));
    expect(writeText).toHaveBeenCalledWith(`${window.location.origin}/register?ref=ABCD2345`);
    expect(await screen.findByText('Referral link copied to clipboard!')).toBeInTheDocument();
    expect(screen.queryByText(REFERRAL_MESSAGES.copied)).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Copy link' }));
    expect(await screen.findByText('Failed to copy referral link.')).toBeInTheDocument();
  });

  it('lists referred users with name, email and photo or initials', async () => {
    setup({
      ...empty,
      message: undefined,
      totalBonus: '5.00',
      referrals: [
        { _id: 'r1', name: 'Grace Hopper', email: 'grace@example.com', photo: null, joinedAt: '2026-01-01T00:00:00Z', bonus: '5.00' },
        { _id: 'r2', name: 'Alan Turing', email: 'alan@example.com', photo: 'https://img.example/alan.png', joinedAt: '2026-01-02T00:00:00Z', bonus: null },
      ],
    });
    expect(await screen.findByText('Grace Hopper')).toBeInTheDocument();
    expect(screen.getByText('grace@example.com')).toBeInTheDocument();
    expect(screen.getByText('GH')).toBeInTheDocument();
    expect(screen.getByText('Waiting for first deposit')).toBeInTheDocument();
    expect(screen.queryByText(REFERRAL_MESSAGES.none)).toBeNull();
  });
});

describe('/admin-pending-investment', () => {
  function setup(options: { fail?: boolean } = {}) {
    let queue = [
      investment({ _id: 'inv-1', status: 'Pending', startDate: null, endDate: null, user: { _id: 'u9', name: 'Grace Hopper', email: 'grace@example.com', balance: '500.00', availableBalance: '350.00' } }),
      investment({ _id: 'inv-2', investmentId: 'INV-2', status: 'Pending', kind: 'upgrade', topUp: '50.00', startDate: null, endDate: null }),
    ];
    const api = serveApi((request) => {
      if (request.path === '/api/invest/adminPendingInvestment') return { body: { pendingInvestments: queue } };
      const match = /^\/api\/invest\/([^/]+)\/(approve|reject)$/.exec(request.path);
      if (match) {
        if (options.fail) return { status: 500, body: 'nope' };
        queue = queue.filter((item) => item._id !== match[1]);
        return { body: { message: 'ok', investment: investment({ _id: match[1] }) } };
      }
      return undefined;
    });
    renderApp('/admin-pending-investment', { user: testUser({ role: 'admin' }) });
    return { ...api, user: userEvent.setup() };
  }

  it('approves with the SPEC toast', async () => {
    const { user, seen } = setup();
    expect(await screen.findByText('Grace Hopper')).toBeInTheDocument();
    expect(screen.getByText('Upgrade')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Approve INV-ABCD2345' }));
    expect(await screen.findByText(INVEST_MESSAGES.approved)).toBeInTheDocument();
    expect(seen.find((request) => request.path === '/api/invest/inv-1/approve')?.method).toBe('PUT');
    await waitFor(() => expect(screen.queryByText('Grace Hopper')).toBeNull());
  });

  it('rejects with an optional note and the SPEC toast', async () => {
    const { user, seen } = setup();
    await user.click(await screen.findByRole('button', { name: 'Reject INV-2' }));
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByLabelText(/Note to the user/), 'Source of funds unclear');
    await user.click(within(dialog).getByRole('button', { name: 'Reject investment' }));
    expect(await screen.findByText(INVEST_MESSAGES.rejected)).toBeInTheDocument();
    expect(seen.find((request) => request.path === '/api/invest/inv-2/reject')?.body).toEqual({ notes: 'Source of funds unclear' });
  });

  it('says approving or rejecting failed', async () => {
    const { user } = setup({ fail: true });
    await user.click(await screen.findByRole('button', { name: 'Approve INV-ABCD2345' }));
    expect((await screen.findAllByText(INVEST_MESSAGES.approveFailed)).length).toBeGreaterThan(0);
    await user.click(screen.getByRole('button', { name: 'Reject INV-2' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Reject investment' }));
    expect((await screen.findAllByText(INVEST_MESSAGES.rejectFailed)).length).toBeGreaterThan(0);
  });
});
