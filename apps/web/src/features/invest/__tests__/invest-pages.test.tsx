import { describe, expect, it, vi } from 'vitest';
import { act, configure, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Provider } from 'react-redux';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { INVEST_MESSAGES } from '@app/shared';
import { makeStore } from '../../../app/store-toolkit';
import { inLanguageForEachTest } from '../../../test/language';
import { renderApp, testUser } from '../../../test/render';
import { ActiveInvestments } from '../index';
import { formatCountdown, formatDuration, formatPercent } from '../../../i18n/format';
import { profitFor, termProgress } from '../components/amounts';
import { investment, PLANS, serveApi } from './invest-test-utils';

// A loaded CI machine renders lazy pages slowly: wait longer than the defaults.
configure({ asyncUtilTimeout: 8000 });
vi.setConfig({ testTimeout: 30_000 });

// Globals stay stubbed between tests: a query still in flight from the previous test must not hit the real fetch.
const slow = { timeout: 5000 };

describe('format helpers', () => {
  it('formats terms, rates and countdowns', () => {
    expect(formatDuration(86_400)).toBe('1 day');
    expect(formatDuration(172_800)).toBe('2 days');
    expect(formatDuration(5_400)).toBe('1 hour 30 minutes');
    expect(formatDuration(60)).toBe('1 minute');
    expect(formatPercent(12.5)).toBe('12.5%');
    expect(formatPercent(2920)).toBe('2,920%');
    expect(formatCountdown(90_061_000)).toBe('1d 01:01:01');
    expect(formatCountdown(59_000)).toBe('00:00:59');
    expect(termProgress('2026-01-01T00:00:00Z', '2026-01-02T00:00:00Z', Date.parse('2026-01-01T06:00:00Z'))).toBe(0.25);
  });

  it('computes the expected profit in integer cents, half-even like the server', () => {
    expect(profitFor('200.15', 10)).toEqual({ amountCents: 20_015, profitCents: 2_002 });
    expect(profitFor('200.05', 10)).toEqual({ amountCents: 20_005, profitCents: 2_000 });
    expect(profitFor('abc', 10)).toBeNull();
  });
});

describe('/start-invest', () => {
  function setup(answer: { status?: number; body?: unknown } = { status: 201, body: { message: INVEST_MESSAGES.submitted, investment: investment({ status: 'Pending' }) } }) {
    const api = serveApi((request) => {
      if (request.path === '/api/invest/plans') return { body: PLANS };
      if (request.path === '/api/users/getUser') return { body: testUser({ availableBalance: '1200.00' }) };
      if (request.path === '/api/invest/start-invest') return answer;
      if (request.path === '/api/invest/investment-history') return { body: [] };
      return undefined;
    });
    const view = renderApp('/start-invest', { user: testUser() });
    return { ...api, ...view, user: userEvent.setup() };
  }

  it('shows each plan with its range, term and annual rate', async () => {
    setup();
    const basic = await screen.findByRole('radio', { name: /Basic/ }, slow);
    const card = basic.closest('label')!;
    expect(card).toHaveTextContent('8%');
    expect(card).toHaveTextContent('per 1 day');
    expect(card).toHaveTextContent('Equivalent annual rate 2,920%');
    expect(card).toHaveTextContent('$100.00 – $190.00');
    expect(screen.getByRole('radio', { name: /Executive/ }).closest('label')).toHaveTextContent('per 2 days');
  });

  it("says 'Please select an investment plan.' and requires an amount", async () => {
    const { user, seen } = setup();
    await screen.findByRole('radio', { name: /Basic/ }, slow);
    await user.click(screen.getByRole('button', { name: 'Invest now' }));
    expect((await screen.findAllByText(INVEST_MESSAGES.selectPlan)).length).toBeGreaterThan(0);
    expect(screen.getByText(INVEST_MESSAGES.amountRequired)).toBeInTheDocument();
    await user.click(screen.getByRole('radio', { name: /Standard/ }));
    expect(screen.getByText(/Standard accepts/)).toHaveTextContent('Standard accepts $200.00 to $290.00');
    expect(seen.some((request) => request.path === '/api/invest/start-invest')).toBe(false);
  });

  it('submits the plan and amount with an Idempotency-Key, toasts and goes to /invest-status after 2 s', async () => {
    const { user, seen, router } = setup();
    await user.click(await screen.findByRole('radio', { name: /Basic/ }, slow));
    await user.type(screen.getByLabelText('Amount (USD)'), '150');
    expect(screen.getByText('$12.00')).toBeInTheDocument(); // expected profit preview
    vi.useFakeTimers({ shouldAdvanceTime: true });
    await user.click(screen.getByRole('button', { name: 'Invest now' }));
    expect(await screen.findByText(INVEST_MESSAGES.submitted)).toBeInTheDocument();
    const request = seen.find((item) => item.path === '/api/invest/start-invest')!;
    expect(request.method).toBe('POST');
    expect(request.body).toEqual({ amount: '150.00', planId: 'p-basic', planName: 'Basic' });
    expect(request.headers.get('idempotency-key')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/start-invest');
    await act(async () => {
      vi.advanceTimersByTime(2000);
    });
    await waitFor(() => expect(router.state.location.pathname).toBe('/invest-status'));
  });

  it('checks the amount against the plan range and the available balance before sending', async () => {
    const { user, seen } = setup();
    await user.click(await screen.findByRole('radio', { name: /Executive/ }, slow));
    await user.type(screen.getByLabelText('Amount (USD)'), '650');
    await user.click(screen.getByRole('button', { name: 'Invest now' }));
    expect(await screen.findByText('The Executive plan accepts $700.00 to $1,000.00')).toBeInTheDocument();
    expect(seen.some((request) => request.path === '/api/invest/start-invest')).toBe(false);
    // Within the range and the $1,200.00 available in setup(): it goes.
    await user.clear(screen.getByLabelText('Amount (USD)'));
    await user.type(screen.getByLabelText('Amount (USD)'), '1000');
    await waitFor(() => expect(screen.queryByText('The Executive plan accepts $700.00 to $1,000.00')).not.toBeInTheDocument());
    await user.click(screen.getByRole('button', { name: 'Invest now' }));
    await waitFor(() => expect(seen.some((request) => request.path === '/api/invest/start-invest')).toBe(true));
  });

  it('refuses an amount above the available balance before sending', async () => {
    const api = serveApi((request) => {
      if (request.path === '/api/invest/plans') return { body: PLANS };
      if (request.path === '/api/users/getUser') return { body: testUser({ availableBalance: '120.00' }) };
      return undefined;
    });
    renderApp('/start-invest', { user: testUser() });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('radio', { name: /Basic/ }, slow));
    await screen.findByText('$120.00');
    await user.type(screen.getByLabelText('Amount (USD)'), '150');
    await user.click(screen.getByRole('button', { name: 'Invest now' }));
    expect(await screen.findByText('Insufficient available balance: you have $120.00 available.')).toBeInTheDocument();
    expect(api.seen.some((request) => request.path === '/api/invest/start-invest')).toBe(false);
  });

  it("shows the server's message, or 'Error processing payment.' when there is none", async () => {
    const { user } = setup({ status: 400, body: { message: 'Insufficient available balance' } });
    await user.click(await screen.findByRole('radio', { name: /Basic/ }, slow));
    await user.type(screen.getByLabelText('Amount (USD)'), '190');
    await user.click(screen.getByRole('button', { name: 'Invest now' }));
    expect((await screen.findAllByText('Insufficient available balance')).length).toBeGreaterThan(0);
  });

  it("falls back to 'Error processing payment.'", async () => {
    const { user } = setup({ status: 500, body: 'oops' });
    await user.click(await screen.findByRole('radio', { name: /Basic/ }, slow));
    await user.type(screen.getByLabelText('Amount (USD)'), '150');
    await user.click(screen.getByRole('button', { name: 'Invest now' }));
    expect((await screen.findAllByText(INVEST_MESSAGES.paymentError)).length).toBeGreaterThan(0);
  });
});

describe('/invest-status and /investment/:id', () => {
  /** The page of inv-1 six hours into its day, its upgrade dialog open; `me` answers /api/users/getUser. */
  async function openUpgrade(me?: ReturnType<typeof testUser>) {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    vi.setSystemTime(new Date('2026-03-01T06:00:00.000Z'));
    const { seen } = serveApi((request) => {
      if (request.path === '/api/invest/inv-1') return { body: investment() };
      if (request.path === '/api/invest/plans') return { body: PLANS };
      if (request.path === '/api/invest/inv-1/upgrade') return { status: 201, body: { message: INVEST_MESSAGES.upgradeSubmitted, investment: investment({ _id: 'inv-9', status: 'Pending' }) } };
      if (me && request.path === '/api/users/getUser') return { body: me };
      return undefined;
    });
    renderApp('/investment/inv-1', { user: testUser() });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    await user.click(await screen.findByRole('button', { name: /Upgrade plan/ }));
    return { seen, user, dialog: await screen.findByRole('dialog') };
  }

  it('lists investments with status, plan, amount, dates and profit', async () => {
    serveApi((request) =>
      request.path === '/api/invest/investment-history'
        ? { body: [investment(), investment({ _id: 'inv-2', investmentId: 'INV-2', plan: 'Standard', status: 'Ended', maturityAmount: '20.00', endedAt: '2026-03-02T00:00:00.000Z' })] }
        : undefined,
    );
    renderApp('/invest-status', { user: testUser() });
    const list = await screen.findByRole('list', { name: 'Investments' });
    const items = within(list).getAllByRole('listitem');
    expect(items).toHaveLength(2);
    expect(items[0]).toHaveTextContent('Basic');
    expect(items[0]).toHaveTextContent('Active');
    expect(items[0]).toHaveTextContent('$150.00');
    expect(items[0]).toHaveTextContent('Expected profit$12.00');
    expect(items[1]).toHaveTextContent('Profit paid$20.00');
    expect(within(items[0]!).getByRole('link', { name: /View Basic investment/ })).toHaveAttribute('href', '/investment/inv-1');
  });

  it('shows the progress bar, a live countdown and the expected payout', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    vi.setSystemTime(new Date('2026-03-01T06:00:00.000Z'));
    serveApi((request) => {
      if (request.path === '/api/invest/inv-1') return { body: investment() };
      if (request.path === '/api/invest/plans') return { body: PLANS };
      return undefined;
    });
    renderApp('/investment/inv-1', { user: testUser() });
    const bar = await screen.findByRole('progressbar');
    expect(bar).toHaveAttribute('aria-valuenow', '25');
    expect(screen.getByTestId('countdown')).toHaveTextContent('Matures in 18:00:00');
    expect(screen.getByText('Expected payout').closest('div')?.parentElement).toHaveTextContent('$162.00');
    await act(async () => {
      vi.advanceTimersByTime(3000);
    });
    expect(screen.getByTestId('countdown')).toHaveTextContent(/Matures in 17:59:5\d/);
    expect(screen.getByRole('button', { name: /Upgrade plan/ })).toBeInTheDocument();
  });

  it('requests an upgrade to a higher plan with a top-up', async () => {
    const { seen, user, dialog } = await openUpgrade();
    const select = within(dialog).getByLabelText('New plan');
    expect(within(select).queryByRole('option', { name: /^Basic/ })).toBeNull();
    await user.selectOptions(select, 'p-standard');
    await user.type(within(dialog).getByLabelText('Top-up (USD)'), '50');
    expect(dialog).toHaveTextContent('$200.00');
    await user.click(within(dialog).getByRole('button', { name: 'Request upgrade' }));
    expect(await screen.findByText(INVEST_MESSAGES.upgradeSubmitted)).toBeInTheDocument();
    expect(seen.find((request) => request.path === '/api/invest/inv-1/upgrade')?.body).toEqual({ planId: 'p-standard', topUp: '50.00' });
  });

  it("checks the upgrade against the new plan's range and the available balance before sending", async () => {
    const { seen, user, dialog } = await openUpgrade(testUser({ availableBalance: '40.00' }));
    await within(dialog).findByText(/Available: \$40\.00/);
    await user.selectOptions(within(dialog).getByLabelText('New plan'), 'p-standard');
    await user.click(within(dialog).getByRole('button', { name: 'Request upgrade' }));
    expect(await within(dialog).findByText('The Standard plan accepts $200.00 to $290.00; your $150.00 plus the top-up gives $150.00')).toBeInTheDocument();
    await user.type(within(dialog).getByLabelText('Top-up (USD)'), '50');
    await user.click(within(dialog).getByRole('button', { name: 'Request upgrade' }));
    expect(await within(dialog).findByText('Insufficient available balance: you have $40.00 available.')).toBeInTheDocument();
    expect(seen.some((request) => request.path === '/api/invest/inv-1/upgrade')).toBe(false);
  });
});

describe('ActiveInvestments widget', () => {
  it('shows each active investment with progress and countdown, and skips the rest', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    vi.setSystemTime(new Date('2026-03-01T12:00:00.000Z'));
    const { seen } = serveApi((request) => {
      if (request.path === '/api/invest/deposit-maturity') return { body: { message: 'No investments due', matured: 0 } };
      return request.path === '/api/invest/investment-history'
        ? { body: [investment(), investment({ _id: 'inv-3', status: 'Pending', startDate: null, endDate: null }), investment({ _id: 'inv-4', status: 'Ended' })] }
        : undefined;
    });
    const store = makeStore();
    const router = createMemoryRouter([{ path: '/', element: <ActiveInvestments /> }]);
    render(
      <Provider store={store}>
        <RouterProvider router={router} />
      </Provider>,
    );
    const bars = await screen.findAllByRole('progressbar');
    expect(bars).toHaveLength(1);
    expect(bars[0]).toHaveAttribute('aria-valuenow', '50');
    expect(screen.getByTestId('countdown')).toHaveTextContent('Matures in 12:00:00');
    expect(screen.getByText('$162.00')).toBeInTheDocument();
    // SPEC §7: the dashboard asks the server to mature due investments on load.
    expect(seen.filter((request) => request.path === '/api/invest/deposit-maturity')).toHaveLength(1);
  });
});

describe('/start-invest gating notice', () => {
  it('tells an unverified or KYC-pending user what is missing', async () => {
    serveApi((request) => {
      if (request.path === '/api/invest/plans') return { body: PLANS };
      if (request.path === '/api/users/getUser') return { body: testUser({ kycStatus: 'Pending' }) };
      return undefined;
    });
    renderApp('/start-invest', { user: testUser({ kycStatus: 'Pending' }) });
    expect(await screen.findByText('Your KYC documents are under review')).toBeInTheDocument();
  });
});

describe('the invest forms on react-hook-form with the shared schemas', () => {
  function serve(language: 'en' | 'de' = 'en') {
    return serveApi((request) => {
      if (request.path === '/api/invest/plans') return { body: PLANS };
      if (request.path === '/api/users/getUser') return { body: testUser({ language }) };
      if (request.path === '/api/invest/start-invest') return { status: 201, body: { message: INVEST_MESSAGES.submitted, investment: investment({ status: 'Pending' }) } };
      if (request.path === '/api/invest/inv-1') return { body: investment() };
      if (request.path === '/api/invest/inv-1/upgrade') return { status: 201, body: { message: INVEST_MESSAGES.upgradeSubmitted, investment: investment({ _id: 'inv-9', status: 'Pending' }) } };
      if (request.path === '/api/invest/investment-history') return { body: [] };
      return undefined;
    });
  }

  /** Opens start-invest with its API served, picks Basic and types `amount`. */
  async function startInvestWith(amount: string) {
    const { seen } = serve();
    renderApp('/start-invest', { user: testUser() });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('radio', { name: /Basic/ }, slow));
    await user.type(screen.getByLabelText('Amount (USD)'), amount);
    return { seen, user, submit: screen.getByRole('button', { name: 'Invest now' }) };
  }

  it('start-invest: a bad amount is said under the field and nothing is sent', async () => {
    const { seen, user, submit } = await startInvestWith('150.555');
    await user.click(submit);
    expect(await screen.findByText('Amount must be a number with at most two decimals')).toBeInTheDocument();
    expect(screen.getByLabelText('Amount (USD)')).toHaveAttribute('aria-invalid', 'true');
    expect(seen.some((request) => request.path === '/api/invest/start-invest')).toBe(false);
  });

  it('start-invest: a double click sends one request', async () => {
    const { seen, user, submit } = await startInvestWith('150');
    await user.dblClick(submit);
    expect(await screen.findByText(INVEST_MESSAGES.submitted)).toBeInTheDocument();
    expect(seen.filter((request) => request.path === '/api/invest/start-invest')).toHaveLength(1);
  });

  it('upgrade: a bad top-up is said under the field; a double click sends one request', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    vi.setSystemTime(new Date('2026-03-01T06:00:00.000Z'));
    const { seen } = serve();
    renderApp('/investment/inv-1', { user: testUser() });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    await user.click(await screen.findByRole('button', { name: /Upgrade plan/ }));
    const dialog = await screen.findByRole('dialog');
    await user.selectOptions(within(dialog).getByLabelText('New plan'), 'p-standard');
    await user.type(within(dialog).getByLabelText('Top-up (USD)'), 'abc');
    await user.click(within(dialog).getByRole('button', { name: 'Request upgrade' }));
    expect(await within(dialog).findByText('Amount must be a number with at most two decimals')).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Top-up (USD)')).toHaveAttribute('aria-invalid', 'true');
    await user.clear(within(dialog).getByLabelText('Top-up (USD)'));
    await user.type(within(dialog).getByLabelText('Top-up (USD)'), '50');
    await user.dblClick(within(dialog).getByRole('button', { name: 'Request upgrade' }));
    expect(await screen.findByText(INVEST_MESSAGES.upgradeSubmitted)).toBeInTheDocument();
    expect(seen.filter((request) => request.path === '/api/invest/inv-1/upgrade')).toHaveLength(1);
  });

  describe('in German', () => {
    inLanguageForEachTest('de');

    it('shows the start-invest page with German words, terms and rates', async () => {
      serve('de');
      renderApp('/start-invest', { user: testUser({ language: 'de' }) });
      const basic = await screen.findByRole('radio', { name: /Basic/ }, slow);
      expect(screen.getByRole('heading', { level: 1, name: 'Investieren' })).toBeInTheDocument();
      expect(basic.closest('label')).toHaveTextContent('pro 1 Tag');
      expect(screen.getByRole('radio', { name: /Executive/ }).closest('label')).toHaveTextContent('pro 2 Tage');
      expect(screen.getByLabelText('Betrag (USD)')).toBeInTheDocument();
      expect(screen.getByRole('button', { name: 'Jetzt investieren' })).toBeInTheDocument();
    });

    it('lists investments with German statuses and labels', async () => {
      serveApi((request) => {
        if (request.path === '/api/invest/investment-history') return { body: [investment({ status: 'Pending', startDate: null, endDate: null })] };
        if (request.path === '/api/users/getUser') return { body: testUser({ language: 'de' }) };
        return undefined;
      });
      renderApp('/invest-status', { user: testUser({ language: 'de' }) });
      expect(await screen.findByRole('heading', { level: 1, name: 'Meine Investitionen' }, slow)).toBeInTheDocument();
      expect(screen.getByText('Ausstehend')).toBeInTheDocument();
      expect(screen.getByText('Erwarteter Gewinn')).toBeInTheDocument();
      expect(screen.getByRole('link', { name: 'Investition INV-ABCD2345 im Plan Basic ansehen' })).toHaveAttribute('href', '/investment/inv-1');
    });
  });
});
