import { useEffect, useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import { useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import { toast } from '../../../lib/toast';
import { Trash2 } from 'lucide-react';
import {
  centsFromDecimal,
  formatCents,
  formatUsd,
  INVALID_WALLET_ADDRESS,
  isValidAddress,
  MAX_SAVED_WALLETS,
  parseAmount,
  SUPPORTED_ASSETS,
  TIMERS_MS,
  withdrawalFeeCents,
  withdrawalReviewSchema,
  type WithdrawalReviewValues,
} from '@app/shared';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Card, PageHeader } from '../../../components/ui/card';
import { Dialog } from '../../../components/ui/dialog';
import { Field, Input, Select } from '../../../components/ui/input';
import { Money } from '../../../components/ui/money';
import { errorMessage, idempotencyKey } from '../../../lib/api';
import { cn } from '../../../lib/cn';
import { useDocumentTitle } from '../../../lib/use-document-title';
import {
  useCreateWithdrawalMutation,
  useDashboardQuery,
  useDeleteWalletMutation,
  useFeeScheduleQuery,
  useSaveWalletMutation,
  useWithdrawalAssetsQuery,
  useWalletsQuery,
} from '../api/money-api';

type Reviewed = z.output<ReturnType<typeof withdrawalReviewSchema>>;

/** While the balance or the fee schedule is loading, the review cannot check the amount: it waits. */
const NOT_LOADED = withdrawalReviewSchema({ availableCents: 0, fee: { flatCents: 0, basisPoints: 0 } });

export function WithdrawPage() {
  useDocumentTitle('Withdraw', 'Withdraw to your crypto wallet.');
  const navigate = useNavigate();
  const { data: figures } = useDashboardQuery();
  const { data: schedule } = useFeeScheduleQuery();
  const { data: assets = SUPPORTED_ASSETS.map((item) => ({ asset: item, network: item === 'BTC' ? 'btc' : 'evm' })) } = useWithdrawalAssetsQuery();
  const { data: wallets = [] } = useWalletsQuery();
  const [saveWallet, { isLoading: saving }] = useSaveWalletMutation();
  const [deleteWallet] = useDeleteWalletMutation();
  const [createWithdrawal, { isLoading: submitting }] = useCreateWithdrawalMutation();

  const availableCents = figures ? centsFromDecimal(figures.availableBalance) : null;
  const loaded = availableCents !== null && schedule !== undefined;
  // The review checks the amount (fee included) against the available balance and the fee schedule.
  const schema = useMemo(
    () => (loaded ? withdrawalReviewSchema({ availableCents, fee: { flatCents: schedule.flatCents, basisPoints: schedule.basisPoints } }) : NOT_LOADED),
    [loaded, availableCents, schedule],
  );
  const {
    register,
    handleSubmit,
    setValue,
    setError,
    control,
    formState: { errors },
  } = useForm<WithdrawalReviewValues, unknown, Reviewed>({ resolver: zodResolver(schema), defaultValues: { asset: 'BTC', walletAddress: '', amount: '' } });
  const asset = useWatch({ control, name: 'asset' });
  const address = useWatch({ control, name: 'walletAddress' }).trim();
  const amount = useWatch({ control, name: 'amount' });

  const [reviewed, setReviewed] = useState<Reviewed | null>(null);
  const [done, setDone] = useState(false);
  const [key, setKey] = useState(() => idempotencyKey());

  const parsed = parseAmount(amount);
  const amountCents = parsed.ok ? parsed.cents : 0;
  const feeCents = schedule && amountCents ? withdrawalFeeCents(amountCents, schedule) : 0;
  const netCents = amountCents - feeCents;
  const scheduleText = useMemo(() => {
    if (!schedule) return 'Loading the fee schedule…';
    if (schedule.flatCents === 0 && schedule.basisPoints === 0) return 'No withdrawal fee.';
    const parts = [];
    if (schedule.flatCents) parts.push(formatUsd(schedule.flatCents));
    if (schedule.basisPoints) parts.push(`${schedule.percent}% of the amount`);
    return `Withdrawal fee: ${parts.join(' + ')}, taken from the amount.`;
  }, [schedule]);
  // The dialog never shows an amount the balance no longer covers (it can drop while it is open).
  const confirmable = reviewed !== null && availableCents !== null && reviewed.amountCents <= availableCents;

  useEffect(() => {
    if (!done) return;
    const timer = setTimeout(() => navigate('/transaction-History'), TIMERS_MS.redirectAfterDepositOrWithdrawal);
    return () => clearTimeout(timer);
  }, [done, navigate]);

  async function confirm() {
    if (!reviewed) return;
    try {
      const answer = await createWithdrawal({ amount: formatCents(reviewed.amountCents), walletAddress: reviewed.walletAddress, asset: reviewed.asset, key }).unwrap();
      toast.success(answer.message);
      setReviewed(null);
      setDone(true);
    } catch (failure) {
      const message = errorMessage(failure, 'Error requesting withdrawal');
      toast.error(message);
      setError('amount', { message });
      setReviewed(null);
      setKey(idempotencyKey());
    }
  }

  async function saveCurrent() {
    if (!address || !isValidAddress(asset, address)) {
      setError('walletAddress', { message: INVALID_WALLET_ADDRESS });
      return;
    }
    try {
      await saveWallet({ asset, address }).unwrap();
      toast.success('Wallet address saved');
    } catch (failure) {
      toast.error(errorMessage(failure, 'Could not save the wallet address'));
    }
  }

  async function remove(id: string) {
    try {
      await deleteWallet(id).unwrap();
      toast.success('Wallet address deleted');
    } catch (failure) {
      toast.error(errorMessage(failure, 'Could not delete the wallet address'));
    }
  }

  const alreadySaved = wallets.some((wallet) => wallet.address === address && wallet.asset === asset);

  return (
    <div className="space-y-6">
      <PageHeader title="Withdraw" description="Requests are accepted 24/7 and usually processed within 1-2 business days." />
      {done && (
        <Alert tone="success" title="Withdrawal requested">
          The amount is held from your available balance until it is processed. Taking you to your history…
        </Alert>
      )}
      <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_20rem]">
        <Card>
          <form onSubmit={handleSubmit(setReviewed)} noValidate className="space-y-4">
            <p className="text-sm text-slate-600 dark:text-slate-300">
              Available to withdraw: <strong className="text-slate-900 dark:text-white">{figures ? <Money value={figures.availableBalance} /> : '…'}</strong>
            </p>
            <Field label="Asset" error={errors.asset?.message}>
              {(props) => (
                <Select {...props} {...register('asset')}>
                  {assets.map((item) => (
                    <option key={item.asset} value={item.asset}>
                      {item.network === 'evm' && item.asset !== 'ETH' ? `${item.asset} (ERC-20)` : item.asset}
                    </option>
                  ))}
                </Select>
              )}
            </Field>
            <Field label="Wallet address" error={errors.walletAddress?.message} hint={asset === 'BTC' ? 'A Bitcoin address (1…, 3… or bc1…)' : 'An Ethereum address (0x…)'}>
              {(props) => <Input {...props} {...register('walletAddress')} autoComplete="off" spellCheck={false} className="font-mono" />}
            </Field>
            <Field label="Amount (USD)" error={errors.amount?.message} hint={scheduleText}>
              {(props) => <Input {...props} {...register('amount')} inputMode="decimal" autoComplete="off" placeholder="0.00" />}
            </Field>
            {amountCents > 0 && schedule && (
              <dl className="grid grid-cols-3 gap-2 rounded-xl bg-slate-50 p-3 text-sm dark:bg-slate-800" aria-label="Fee and net amount">
                <div>
                  <dt className="text-slate-500 dark:text-slate-400">Amount</dt>
                  <dd className="font-semibold tabular-nums">{formatUsd(amountCents)}</dd>
                </div>
                <div>
                  <dt className="text-slate-500 dark:text-slate-400">Fee</dt>
                  <dd className="font-semibold tabular-nums">{formatUsd(feeCents)}</dd>
                </div>
                <div>
                  <dt className="text-slate-500 dark:text-slate-400">You receive</dt>
                  <dd className="font-semibold tabular-nums">{netCents > 0 ? formatUsd(netCents) : '—'}</dd>
                </div>
              </dl>
            )}
            <div className="flex flex-col gap-2 sm:flex-row">
              <Button type="submit" disabled={done || !loaded}>
                {loaded ? 'Review withdrawal' : 'Loading your balance…'}
              </Button>
              {!alreadySaved && wallets.length < MAX_SAVED_WALLETS && (
                <Button variant="outline" onClick={() => void saveCurrent()} loading={saving}>
                  Save this address
                </Button>
              )}
            </div>
          </form>
        </Card>
        <Card>
          <h2 className="text-base font-semibold text-slate-900 dark:text-white">Saved wallets</h2>
          <p className="mb-3 text-xs text-slate-500 dark:text-slate-400">Up to {MAX_SAVED_WALLETS} addresses. Choose one to fill the form.</p>
          {wallets.length === 0 ? (
            <p className="text-sm text-slate-500 dark:text-slate-400">No saved addresses yet.</p>
          ) : (
            <ul className="space-y-2">
              {wallets.map((wallet) => {
                const active = wallet.address === address && wallet.asset === asset;
                return (
                  <li key={wallet._id} className={cn('flex items-center gap-2 rounded-lg border p-2', active ? 'border-brand-600' : 'border-slate-200 dark:border-slate-700')}>
                    <button
                      type="button"
                      className="min-w-0 flex-1 text-left"
                      aria-pressed={active}
                      onClick={() => {
                        setValue('asset', wallet.asset);
                        setValue('walletAddress', wallet.address, { shouldValidate: Boolean(errors.walletAddress) });
                      }}
                    >
                      <span className="block text-xs font-semibold text-slate-700 dark:text-slate-200">{wallet.label || wallet.asset}</span>
                      <span className="block truncate font-mono text-xs text-slate-500 dark:text-slate-400">{wallet.address}</span>
                    </button>
                    <Button variant="ghost" size="sm" aria-label={`Delete saved address ${wallet.address}`} onClick={() => void remove(wallet._id)}>
                      <Trash2 className="size-4" aria-hidden />
                    </Button>
                  </li>
                );
              })}
            </ul>
          )}
        </Card>
      </div>
      <Dialog
        open={confirmable}
        onOpenChange={(open) => !open && setReviewed(null)}
        title="Confirm your withdrawal"
        description="Withdrawals cannot be reversed once sent. Check the address carefully."
        footer={
          <>
            <Button variant="outline" onClick={() => setReviewed(null)}>
              Back
            </Button>
            <Button onClick={() => void confirm()} loading={submitting}>
              Confirm withdrawal
            </Button>
          </>
        }
      >
        {reviewed && (
          <dl className="space-y-2 text-sm">
            <div className="flex justify-between gap-4">
              <dt className="text-slate-500">Amount (held from your balance)</dt>
              <dd className="font-semibold tabular-nums">{formatUsd(reviewed.amountCents)}</dd>
            </div>
            <div className="flex justify-between gap-4">
              <dt className="text-slate-500">Fee</dt>
              <dd className="font-semibold tabular-nums">{formatUsd(reviewed.feeCents)}</dd>
            </div>
            <div className="flex justify-between gap-4">
              <dt className="text-slate-500">You receive</dt>
              <dd className="font-semibold tabular-nums">{formatUsd(reviewed.netCents)}</dd>
            </div>
            {availableCents !== null && (
              <div className="flex justify-between gap-4">
                <dt className="text-slate-500">Available after this request</dt>
                <dd className="font-semibold tabular-nums">{formatUsd(availableCents - reviewed.amountCents)}</dd>
              </div>
            )}
            <div>
              <dt className="text-slate-500">To {reviewed.asset} address</dt>
              <dd className="break-all font-mono text-xs">{reviewed.walletAddress}</dd>
            </div>
          </dl>
        )}
      </Dialog>
    </div>
  );
}
