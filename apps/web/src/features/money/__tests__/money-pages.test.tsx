import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { inLanguageForEachTest } from '../../../test/language';
import { renderApp, testUser } from '../../../test/render';
import { DASHBOARD, novemberSeries, prepareMoneyPages, stubApi } from './money-test-utils';

const BTC = '1BvBMSEYstWetqTFn5Au4m4GFg7xJaNVN2';

prepareMoneyPages();

/** Opens the withdraw page, types the address and the amount, and asks for the review. */
async function reviewWithdrawal(address: string, amount: string) {
  const user = userEvent.setup();
  renderApp('/withdraw-wallet', { user: testUser() });
  await user.type(await screen.findByLabelText('Wallet address'), address);
  await user.type(screen.getByLabelText('Amount (USD)'), amount);
  await user.click(await screen.findByRole('button', { name: 'Review withdrawal' }));
  return user;
}

describe('dashboard', () => {
  it('shows the ledger figures, shortcuts and chart; fees only when enabled', async () => {
    stubApi((call) => (call.path === '/api/money/dashboard' ? { body: DASHBOARD } : undefined));
    renderApp('/my-account', { user: testUser() });
    const balances = await screen.findByRole('region', { name: 'Balances' });
    expect(within(balances).getByText('$1,500.00')).toBeInTheDocument();
    expect(within(balances).getByText('$1,200.00')).toBeInTheDocument();
    expect(within(balances).getByText('$45.00')).toBeInTheDocument();
    expect(within(balances).queryByText('Fees')).not.toBeInTheDocument();
    // The chart fills the days between the changes the API sends: 30 daily points.
    expect(
      screen.getByRole('img', { name: 'Balance over the last 30 days: from $0.00 on 2026-11-01 to $1,500.00 on 2026-11-30, highest $1,500.00.' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Withdraw/ })).toHaveAttribute('href', '/withdraw-wallet');
  });

  it('shows the fees card and the email and KYC banners', async () => {
    stubApi((call) =>
      call.path === '/api/money/dashboard' ? { body: { ...DASHBOARD, hasFees: true, isVerified: false, kycStatus: 'Rejected' } } : undefined,
    );
    renderApp('/my-account', { user: testUser({ isVerified: false, kycStatus: 'Rejected' }) });
    expect(await screen.findByText('$12.50')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Resend Verification Link' })).toBeInTheDocument();
    expect(await screen.findByText('KYC not approved')).toBeInTheDocument();
  });

  it('shows pending deposits as pending, apart from the balance they are not in yet', async () => {
    stubApi((call) =>
      call.path === '/api/money/dashboard' ? { body: { ...DASHBOARD, balance: '0.00', availableBalance: '0.00', pendingDeposits: { count: 1, amount: '750.00' } } } : undefined,
    );
    renderApp('/my-account', { user: testUser() });
    const pending = await screen.findByRole('region', { name: 'Pending deposits' });
    expect(within(pending).getByText('$750.00')).toBeInTheDocument();
    expect(within(pending).getByText('Pending')).toBeInTheDocument();
    expect(within(pending).getByText('1 deposit awaiting confirmation: not in your balance until it is confirmed.')).toBeInTheDocument();
    expect(within(screen.getByRole('region', { name: 'Balances' })).getByText('Including pending withdrawals and investments')).toBeInTheDocument();
  });

  it('shows no pending deposits line when there are none', async () => {
    stubApi((call) => (call.path === '/api/money/dashboard' ? { body: DASHBOARD } : undefined));
    renderApp('/my-account', { user: testUser() });
    await screen.findByRole('region', { name: 'Balances' });
    expect(screen.queryByRole('region', { name: 'Pending deposits' })).not.toBeInTheDocument();
  });

  it("shows a new account's balance chart as an empty state, not a flat line at $0.00", async () => {
    const empty = { ...DASHBOARD, balance: '0.00', availableBalance: '0.00', investmentBalance: '0.00', totalMaturityAmount: '0.00', series: novemberSeries({ '2026-11-01': '0.00' }) };
    stubApi((call) => (call.path === '/api/money/dashboard' ? { body: empty } : undefined));
    renderApp('/my-account', { user: testUser() });
    expect(await screen.findByText('No balance to show yet')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Make a deposit' })).toHaveAttribute('href', '/deposit-payment');
    expect(screen.queryByRole('img', { name: /Balance over the last/ })).not.toBeInTheDocument();
    expect(screen.queryByText(/High \$0\.00/)).not.toBeInTheDocument();
  });

  it('says so when the figures cannot be loaded', async () => {
    stubApi((call) => (call.path === '/api/money/dashboard' ? { status: 500, body: { message: 'boom' } } : undefined));
    renderApp('/my-account', { user: testUser() });
    expect(await screen.findByText('Failed to fetch data.')).toBeInTheDocument();
  });
});

describe('deposit', () => {
  const BTC_SHARED = { asset: 'BTC', network: 'Bitcoin', own: false, detection: false, address: 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq' };

  it('shows the shared address with a QR code, checks the amount with the shared schema and reports the deposit once', async () => {
    const { calls } = stubApi((call) => {
      if (call.path === '/api/payments/deposit-addresses') return { body: { addresses: [BTC_SHARED] } };
      if (call.path === '/api/payments/deposit-address') {
        return { body: { asset: 'BTC', network: 'Bitcoin', address: BTC_SHARED.address, confirmationsRequired: 3, own: false, detection: false, chainId: null, acceptedAssets: ['BTC'] } };
      }
      if (call.path === '/api/payments/create') {
        return { status: 201, body: { message: 'Deposit of $150.00 submitted.', transaction: { transactionId: 'DEP-ABCDEFGH' } } };
      }
      return undefined;
    });
    const user = userEvent.setup();
    renderApp('/deposit-payment', { user: testUser() });
    expect(await screen.findByText('bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq')).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'QR code of the BTC address' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /Copy address/ })).toBeInTheDocument();
    expect(screen.getByText('Send only on Bitcoin')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'I have sent the payment' }));
    expect(await screen.findByText('Amount is required')).toBeInTheDocument();
    await user.type(screen.getByLabelText('Amount sent (USD)'), '150.123');
    await user.click(screen.getByRole('button', { name: 'I have sent the payment' }));
    expect(await screen.findByText('Amount must be a number with at most two decimals')).toBeInTheDocument();
    expect(calls.some((call) => call.path === '/api/payments/create')).toBe(false);

    await user.clear(screen.getByLabelText('Amount sent (USD)'));
    await user.type(screen.getByLabelText('Amount sent (USD)'), '150');
    await user.click(screen.getByRole('button', { name: 'I have sent the payment' }));
    expect(await screen.findByText('Deposit of $150.00 submitted.')).toBeInTheDocument();
    const create = calls.find((call) => call.path === '/api/payments/create')!;
    expect(create.body).toEqual({ amount: '150.00', asset: 'BTC' });
    expect(create.headers.get('idempotency-key')).toMatch(/[0-9a-f-]{36}/);
    expect(screen.getByText('Deposit DEP-ABCDEFGH submitted')).toBeInTheDocument();
  });

  it('shows the user their own address, the network, the tokens it takes, and deposits confirming on chain', async () => {
    const own = '0x9858EfFD232B4033E47d90003D41EC34EcaEda94';
    const hash = `0x${'ab'.repeat(32)}`;
    stubApi((call) => {
      if (call.path === '/api/payments/deposit-addresses') return { body: { addresses: [{ asset: 'USDT', network: 'Ethereum', own: true, detection: true, address: null }] } };
      if (call.path === '/api/payments/deposit-address') {
        return { body: { asset: 'USDT', network: 'Ethereum', address: own, confirmationsRequired: 12, own: true, detection: true, chainId: 1, acceptedAssets: ['ETH', 'USDT', 'USDC'] } };
      }
      if (call.path === '/api/payments/onchain-deposits') {
        return {
          body: {
            deposits: [
              { _id: 'd2', asset: 'USDT', network: 'Ethereum', chainId: 1, txHash: hash, logIndex: 0, blockNumber: 100, amount: '250', usdAmount: '250.00', confirmations: 4, confirmationsRequired: 12, status: 'Confirming', transactionId: null, explorerUrl: `https://etherscan.io/tx/${hash}`, seenAt: '2026-01-02T10:00:00Z' },
              { _id: 'd1', asset: 'USDT', network: 'Ethereum', chainId: 1, txHash: hash.replace('ab', 'cd'), logIndex: 0, blockNumber: 90, amount: '40', usdAmount: '40.00', confirmations: 30, confirmationsRequired: 12, status: 'Credited', transactionId: 'DEP-ONCHAIN1', explorerUrl: null, seenAt: '2026-01-01T10:00:00Z' },
            ],
          },
        };
      }
      return undefined;
    });
    renderApp('/deposit-payment', { user: testUser() });
    expect(await screen.findByText(own)).toBeInTheDocument();
    expect(screen.getByText('Your USDT deposit address')).toBeInTheDocument();
    expect(screen.getByText('ETH, USDT, USDC')).toBeInTheDocument();
    expect(screen.getByText('Send only on Ethereum')).toBeInTheDocument();
    expect(await screen.findByText('4 of 12 confirmations')).toBeInTheDocument();
    expect(screen.getByRole('progressbar', { name: 'Confirmations' })).toHaveAttribute('aria-valuenow', '4');
    expect(screen.getByText('Credited')).toBeInTheDocument();
    expect(screen.getByText('DEP-ONCHAIN1')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /0xabababab/ })).toHaveAttribute('href', `https://etherscan.io/tx/${hash}`);
    // Detected automatically: reporting is optional and folded away.
    expect(screen.getByText('Sent it and want to tell us about it?')).toBeInTheDocument();
  });

  it('names the missing step with a link, and shows no address or form while deposits are closed', async () => {
    const { calls } = stubApi(() => undefined);
    renderApp('/deposit-payment', { user: testUser({ kycStatus: 'Pending' }) });
    expect(await screen.findByText('Your KYC documents are under review. You can make a deposit once they are approved.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'See your KYC status' })).toHaveAttribute('href', '/upload-kyc');
    expect(screen.queryByRole('button', { name: 'I have sent the payment' })).not.toBeInTheDocument();
    expect(calls.some((call) => call.path.startsWith('/api/payments'))).toBe(false);
  });

  it('says deposits are not open when no asset has an address, and shows the server message on a refused report', async () => {
    stubApi((call) => {
      if (call.path === '/api/payments/deposit-addresses') return { body: { addresses: [] } };
      return undefined;
    });
    renderApp('/deposit-payment', { user: testUser() });
    expect(await screen.findByText('Deposits are not open yet')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'I have sent the payment' })).not.toBeInTheDocument();
  });

  it('shows the server message on a refused report, else the SPEC fallback', async () => {
    stubApi((call) => {
      if (call.path === '/api/payments/deposit-addresses') return { body: { addresses: [BTC_SHARED] } };
      if (call.path === '/api/payments/deposit-address') {
        return { body: { asset: 'BTC', network: 'Bitcoin', address: BTC_SHARED.address, confirmationsRequired: 3, own: false, detection: false, chainId: null, acceptedAssets: ['BTC'] } };
      }
      if (call.path === '/api/payments/create') return { status: 409, body: { message: 'This transaction has already been reported as your deposit DEP-1' } };
      return undefined;
    });
    const user = userEvent.setup();
    renderApp('/deposit-payment', { user: testUser() });
    await user.type(await screen.findByLabelText('Amount sent (USD)'), '20');
    await user.click(screen.getByRole('button', { name: 'I have sent the payment' }));
    expect(await screen.findByText('This transaction has already been reported as your deposit DEP-1')).toBeInTheDocument();
  });
});

describe('withdraw', () => {
  function setup(extra?: (path: string) => { status?: number; body?: unknown } | undefined) {
    return stubApi((call) => {
      const answer = extra?.(call.path);
      if (answer) return answer;
      if (call.path === '/api/money/dashboard') return { body: DASHBOARD };
      if (call.path === '/api/withDraw/fees') return { body: { flatCents: 100, basisPoints: 100, flat: '1.00', percent: '1.00' } };
      if (call.path === '/api/withDraw/wallets') return { body: { wallets: [{ _id: 'w1', asset: 'BTC', address: BTC, label: 'Cold wallet', createdAt: '2026-01-01T00:00:00Z' }] } };
      return undefined;
    });
  }

  it('shows fee and net before confirming, and sends the request on confirm', async () => {
    const { calls } = setup((path) =>
      path === '/api/withDraw/create' ? { status: 201, body: { message: 'Withdrawal request of $200.00 submitted.', withdrawal: {} } } : undefined,
    );
    const user = userEvent.setup();
    renderApp('/withdraw-wallet', { user: testUser() });
    await user.click(await screen.findByRole('button', { name: /Cold wallet/ }));
    expect(screen.getByLabelText('Wallet address')).toHaveValue(BTC);
    await user.type(screen.getByLabelText('Amount (USD)'), '200');
    const summary = screen.getByLabelText('Fee and net amount');
    expect(within(summary).getByText('$3.00')).toBeInTheDocument();
    expect(within(summary).getByText('$197.00')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Review withdrawal' }));
    const dialog = await screen.findByRole('dialog', { name: 'Confirm your withdrawal' });
    expect(within(dialog).getByText('$197.00')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Confirm withdrawal' }));
    expect(await screen.findByText('Withdrawal request of $200.00 submitted.')).toBeInTheDocument();
    const create = calls.find((call) => call.path === '/api/withDraw/create')!;
    expect(create.body).toEqual({ amount: '200.00', walletAddress: BTC, asset: 'BTC' });
    expect(create.headers.get('idempotency-key')).toBeTruthy();
  });

  it('refuses an address that fails its checksum before asking the server', async () => {
    const { calls } = setup();
    await reviewWithdrawal('1BvBMSEYstWetqTFn5Au4m4GFg7xJaNVN3', '50');
    expect(await screen.findByText('Please enter a valid wallet address for the selected asset')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(calls.some((call) => call.path === '/api/withDraw/create')).toBe(false);
  });

  it('checks the amount against the available balance and the fee at review: the dialog never opens for an amount that cannot be withdrawn', async () => {
    const { calls } = setup();
    const user = await reviewWithdrawal(BTC, '1200.01');
    expect(await screen.findByText('Insufficient available balance: you have $1,200.00 available.')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    // $1.00 + 1% of $1.01 is $1.01: nothing would be left to send.
    await user.clear(screen.getByLabelText('Amount (USD)'));
    await user.type(screen.getByLabelText('Amount (USD)'), '1.01');
    await user.click(screen.getByRole('button', { name: 'Review withdrawal' }));
    expect(await screen.findByText('The amount must be larger than the withdrawal fee ($1.01)')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    // The whole available balance is fine: the fee comes out of it.
    await user.clear(screen.getByLabelText('Amount (USD)'));
    await user.type(screen.getByLabelText('Amount (USD)'), '1200');
    await user.click(screen.getByRole('button', { name: 'Review withdrawal' }));
    const dialog = await screen.findByRole('dialog', { name: 'Confirm your withdrawal' });
    expect(within(dialog).getByText('$1,200.00')).toBeInTheDocument();
    expect(within(dialog).getByText('$1,187.00')).toBeInTheDocument();
    expect(calls.some((call) => call.path === '/api/withDraw/create')).toBe(false);
  });

  it('shows the server refusal, else "Error requesting withdrawal"', async () => {
    setup((path) => (path === '/api/withDraw/create' ? { status: 500, body: 'oops' } : undefined));
    const user = await reviewWithdrawal(BTC, '50');
    await user.click(await screen.findByRole('button', { name: 'Confirm withdrawal' }));
    // In a toast, and under the amount where it stays.
    expect(await screen.findAllByText('Error requesting withdrawal')).toHaveLength(2);
  });
});

describe('history', () => {
  it('lists items, filters, pages with the cursor and links the CSV', async () => {
    const { calls } = stubApi((call) => {
      if (call.path !== '/api/invest/getTransactionHistory') return undefined;
      const params = new URLSearchParams(call.search);
      if (params.get('cursor') === 'c2') {
        return { body: { history: [{ _id: 'p0', type: 'Transaction', status: 'Confirmed', description: 'Deposit DEP-OLD', timestamp: '2026-01-01T00:00:00Z', amount: '10.00', transactionId: 'DEP-OLD' }], nextCursor: null } };
      }
      return {
        body: {
          history: [
            { _id: 'a1', type: 'Adjustment', status: 'Completed', description: 'Adjustment by support: Goodwill', timestamp: '2026-01-03T00:00:00Z', amount: '5.00', kind: 'Balance adjustment' },
            { _id: 'w1', type: 'Withdrawal', status: 'Pending', description: 'Withdrawal to BTC 1BvBMSEY…7xJaNVN2', timestamp: '2026-01-02T00:00:00Z', amount: '30.00', fee: '1.00' },
          ],
          nextCursor: 'c2',
        },
      };
    });
    const user = userEvent.setup();
    renderApp('/transaction-History', { user: testUser() });
    expect(await screen.findByText('Adjustment by support: Goodwill')).toBeInTheDocument();
    expect(screen.getByText('-$30.00')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('Deposit DEP-OLD')).toBeInTheDocument();
    expect(screen.getByText('Page 2')).toBeInTheDocument();
    await user.selectOptions(screen.getByLabelText('Type'), 'Withdrawal');
    await waitFor(() => expect(calls.some((call) => call.search.includes('type=Withdrawal'))).toBe(true));
    expect(screen.getByText('Page 1')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Export CSV/ })).toHaveAttribute('href', '/api/invest/getTransactionHistory?type=Withdrawal&format=csv');
  });

  it('shows "Failed to fetch data." on error', async () => {
    stubApi((call) => (call.path === '/api/invest/getTransactionHistory' ? { status: 500, body: { message: 'x' } } : undefined));
    renderApp('/transaction-History', { user: testUser() });
    expect(await screen.findByText('Failed to fetch data.')).toBeInTheDocument();
  });
});

describe('the money forms on react-hook-form with the shared schemas', () => {
  const ADDRESS = { asset: 'BTC', network: 'Bitcoin', address: 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq', confirmationsRequired: 3, own: false, detection: false, chainId: null, acceptedAssets: ['BTC'] };

  function depositApi() {
    return stubApi((call) => {
      if (call.path === '/api/payments/deposit-addresses') return { body: { addresses: [{ asset: 'BTC', network: 'Bitcoin', own: false, detection: false, address: ADDRESS.address }] } };
      if (call.path === '/api/payments/deposit-address') return { body: ADDRESS };
      if (call.path === '/api/payments/create') return { status: 201, body: { message: 'Deposit of $150.00 submitted.', transaction: { transactionId: 'DEP-ABCDEFGH' } } };
      return undefined;
    });
  }

  it('deposit: a double click reports the deposit once', async () => {
    const { calls } = depositApi();
    const user = userEvent.setup();
    renderApp('/deposit-payment', { user: testUser() });
    await user.type(await screen.findByLabelText('Amount sent (USD)'), '150');
    await user.dblClick(screen.getByRole('button', { name: 'I have sent the payment' }));
    expect(await screen.findByText('Deposit of $150.00 submitted.')).toBeInTheDocument();
    expect(calls.filter((call) => call.path === '/api/payments/create')).toHaveLength(1);
  });

  function withdrawApi() {
    return stubApi((call) => {
      if (call.path === '/api/money/dashboard') return { body: DASHBOARD };
      if (call.path === '/api/withDraw/fees') return { body: { flatCents: 100, basisPoints: 100, flat: '1.00', percent: '1.00' } };
      if (call.path === '/api/withDraw/wallets') return { body: { wallets: [] } };
      if (call.path === '/api/withDraw/create') return { status: 201, body: { message: 'Withdrawal request of $200.00 submitted.', withdrawal: {} } };
      return undefined;
    });
  }

  it('withdraw: a bad amount is said under the field and no dialog opens', async () => {
    withdrawApi();
    await reviewWithdrawal(BTC, '12.345');
    expect(await screen.findByText('Amount must be a number with at most two decimals')).toBeInTheDocument();
    expect(screen.getByLabelText('Amount (USD)')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('withdraw: a double click on confirm sends one request', async () => {
    const { calls } = withdrawApi();
    const user = await reviewWithdrawal(BTC, '200');
    const dialog = await screen.findByRole('dialog', { name: 'Confirm your withdrawal' });
    await user.dblClick(within(dialog).getByRole('button', { name: 'Confirm withdrawal' }));
    expect(await screen.findByText('Withdrawal request of $200.00 submitted.')).toBeInTheDocument();
    expect(calls.filter((call) => call.path === '/api/withDraw/create')).toHaveLength(1);
  });

  describe('in German', () => {
    inLanguageForEachTest('de');

    it('shows the dashboard with German words and German money', async () => {
      stubApi((call) => (call.path === '/api/money/dashboard' ? { body: DASHBOARD } : undefined));
      renderApp('/my-account', { user: testUser({ name: 'Ada Lovelace', language: 'de' }) });
      const balances = await screen.findByRole('region', { name: 'Guthaben' });
      expect(screen.getByRole('heading', { level: 1, name: 'Willkommen zurück, Ada' })).toBeInTheDocument();
      expect(within(balances).getByText('Verfügbar')).toBeInTheDocument();
      expect(within(balances).getByText(/^1\.500,00\s\$$/)).toBeInTheDocument();
      expect(screen.getByRole('link', { name: 'Auszahlen' })).toHaveAttribute('href', '/withdraw-wallet');
      expect(screen.getByText('Guthaben im Zeitverlauf')).toBeInTheDocument();
    });

    it("shows the history's descriptions in German, what staff wrote as written", async () => {
      const history = [
        { _id: 'p1', type: 'Transaction', status: 'Confirmed', description: 'Deposit DEP-7 (USDT)', timestamp: '2026-01-04T00:00:00Z', amount: '10.00', transactionId: 'DEP-7' },
        { _id: 'i1', type: 'Investment', status: 'Ended', description: 'Basic investment INV-2 (upgraded)', timestamp: '2026-01-03T00:00:00Z', amount: '100.00' },
        { _id: 'a1', type: 'Adjustment', status: 'Completed', description: 'Adjustment by support: Goodwill', timestamp: '2026-01-02T00:00:00Z', amount: '5.00', kind: 'Balance adjustment' },
      ];
      stubApi((call) => (call.path === '/api/invest/getTransactionHistory' ? { body: { history, nextCursor: null } } : undefined));
      renderApp('/transaction-History', { user: testUser({ language: 'de' }) });
      expect(await screen.findByText('Einzahlung DEP-7 (USDT)')).toBeInTheDocument();
      expect(screen.getByText('Anlage Basic INV-2 (Upgrade)')).toBeInTheDocument();
      expect(screen.getByText('Anpassung durch den Support: Goodwill')).toBeInTheDocument();
    });
  });
});
