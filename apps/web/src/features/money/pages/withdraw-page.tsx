import { useEffect, useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import { useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import { toast } from '../../../lib/toast';
import { Trash2 } from 'lucide-react';
import {
  centsFromDecimal,
  formatCents,
  MAX_SAVED_WALLETS,
  parseAmount,
  savedWalletSchema,
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
import { formatPercent, formatUsd } from '../../../i18n/format';
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
  const { t } = useTranslation('app');
  useDocumentTitle(t('withdrawPage.title'), t('withdrawPage.metaDescription'));
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
    formState: { errors, isSubmitting },
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
    if (!schedule) return t('withdrawPage.fee.loading');
    if (schedule.flatCents === 0 && schedule.basisPoints === 0) return t('withdrawPage.fee.none');
    const parts = [];
    if (schedule.flatCents) parts.push(formatUsd(schedule.flatCents));
    if (schedule.basisPoints) parts.push(t('withdrawPage.fee.percent', { percent: formatPercent(schedule.basisPoints / 100) }));
    return t('withdrawPage.fee.schedule', { parts: parts.join(' + ') });
  }, [schedule, t]);
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
      const message = errorMessage(failure, t('withdrawPage.failed'));
      toast.error(message);
      setError('amount', { message });
      setReviewed(null);
      setKey(idempotencyKey());
    }
  }

  async function saveCurrent() {
    // The saved-wallet rule the server applies (savedWalletSchema), said under the address field.
    const checked = savedWalletSchema.safeParse({ asset, address });
    if (!checked.success) {
      setError('walletAddress', { message: checked.error.issues[0]!.message });
      return;
    }
    try {
      await saveWallet({ asset, address }).unwrap();
      toast.success(t('withdrawPage.wallets.saved'));
    } catch (failure) {
      toast.error(errorMessage(failure, t('withdrawPage.wallets.saveFailed')));
    }
  }

  async function remove(id: string) {
    try {
      await deleteWallet(id).unwrap();
      toast.success(t('withdrawPage.wallets.deleted'));
    } catch (failure) {
      toast.error(errorMessage(failure, t('withdrawPage.wallets.deleteFailed')));
    }
  }

  const alreadySaved = wallets.some((wallet) => wallet.address === address && wallet.asset === asset);

  return (
    <div className="space-y-6">
      <PageHeader title={t('withdrawPage.title')} description={t('withdrawPage.description')} />
      {done && (
        <Alert tone="success" title={t('withdrawPage.done.title')}>
          {t('withdrawPage.done.body')}
        </Alert>
      )}
      <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_20rem]">
        <Card>
          <form onSubmit={handleSubmit(setReviewed)} noValidate className="space-y-4">
            <p className="text-sm text-slate-600 dark:text-slate-300">
              {t('withdrawPage.available')} <strong className="text-slate-900 dark:text-white">{figures ? <Money value={figures.availableBalance} /> : '…'}</strong>
            </p>
            <Field label={t('withdrawPage.asset')} error={errors.asset?.message}>
              {(props) => (
                <Select {...props} {...register('asset')}>
                  {assets.map((item) => (
                    <option key={item.asset} value={item.asset}>
                      {item.network === 'evm' && item.asset !== 'ETH' ? t('withdrawPage.erc20', { asset: item.asset }) : item.asset}
                    </option>
                  ))}
                </Select>
              )}
            </Field>
            <Field label={t('withdrawPage.address')} error={errors.walletAddress?.message} hint={asset === 'BTC' ? t('withdrawPage.btcHint') : t('withdrawPage.ethHint')}>
              {(props) => <Input {...props} {...register('walletAddress')} autoComplete="off" spellCheck={false} className="font-mono" />}
            </Field>
            <Field label={t('withdrawPage.amount')} error={errors.amount?.message} hint={scheduleText}>
              {(props) => <Input {...props} {...register('amount')} inputMode="decimal" autoComplete="off" placeholder="0.00" />}
            </Field>
            {amountCents > 0 && schedule && (
              <dl className="grid grid-cols-3 gap-2 rounded-xl bg-slate-50 p-3 text-sm dark:bg-slate-800" aria-label={t('withdrawPage.summary.label')}>
                <div>
                  <dt className="text-slate-500 dark:text-slate-400">{t('withdrawPage.summary.amount')}</dt>
                  <dd className="font-semibold tabular-nums">{formatUsd(amountCents)}</dd>
                </div>
                <div>
                  <dt className="text-slate-500 dark:text-slate-400">{t('withdrawPage.summary.fee')}</dt>
                  <dd className="font-semibold tabular-nums">{formatUsd(feeCents)}</dd>
                </div>
                <div>
                  <dt className="text-slate-500 dark:text-slate-400">{t('withdrawPage.summary.receive')}</dt>
                  <dd className="font-semibold tabular-nums">{netCents > 0 ? formatUsd(netCents) : '—'}</dd>
                </div>
              </dl>
            )}
            <div className="flex flex-col gap-2 sm:flex-row">
              <Button type="submit" disabled={done || !loaded || isSubmitting}>
                {loaded ? t('withdrawPage.review') : t('withdrawPage.loadingBalance')}
              </Button>
              {!alreadySaved && wallets.length < MAX_SAVED_WALLETS && (
                <Button variant="outline" onClick={() => void saveCurrent()} loading={saving}>
                  {t('withdrawPage.wallets.save')}
                </Button>
              )}
            </div>
          </form>
        </Card>
        <Card>
          <h2 className="text-base font-semibold text-slate-900 dark:text-white">{t('withdrawPage.wallets.title')}</h2>
          <p className="mb-3 text-xs text-slate-500 dark:text-slate-400">{t('withdrawPage.wallets.hint', { max: MAX_SAVED_WALLETS })}</p>
          {wallets.length === 0 ? (
            <p className="text-sm text-slate-500 dark:text-slate-400">{t('withdrawPage.wallets.none')}</p>
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
                    <Button variant="ghost" size="sm" aria-label={t('withdrawPage.wallets.delete', { address: wallet.address })} onClick={() => void remove(wallet._id)}>
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
        title={t('withdrawPage.confirm.title')}
        description={t('withdrawPage.confirm.description')}
        footer={
          <>
            <Button variant="outline" onClick={() => setReviewed(null)}>
              {t('withdrawPage.confirm.back')}
            </Button>
            <Button onClick={() => void confirm()} loading={submitting}>
              {t('withdrawPage.confirm.submit')}
            </Button>
          </>
        }
      >
        {reviewed && (
          <dl className="space-y-2 text-sm">
            <div className="flex justify-between gap-4">
              <dt className="text-slate-500">{t('withdrawPage.confirm.held')}</dt>
              <dd className="font-semibold tabular-nums">{formatUsd(reviewed.amountCents)}</dd>
            </div>
            <div className="flex justify-between gap-4">
              <dt className="text-slate-500">{t('withdrawPage.summary.fee')}</dt>
              <dd className="font-semibold tabular-nums">{formatUsd(reviewed.feeCents)}</dd>
            </div>
            <div className="flex justify-between gap-4">
              <dt className="text-slate-500">{t('withdrawPage.summary.receive')}</dt>
              <dd className="font-semibold tabular-nums">{formatUsd(reviewed.netCents)}</dd>
            </div>
            {availableCents !== null && (
              <div className="flex justify-between gap-4">
                <dt className="text-slate-500">{t('withdrawPage.confirm.after')}</dt>
                <dd className="font-semibold tabular-nums">{formatUsd(availableCents - reviewed.amountCents)}</dd>
              </div>
            )}
            <div>
              <dt className="text-slate-500">{t('withdrawPage.confirm.to', { asset: reviewed.asset })}</dt>
              <dd className="break-all font-mono text-xs">{reviewed.walletAddress}</dd>
            </div>
          </dl>
        )}
      </Dialog>
    </div>
  );
}
