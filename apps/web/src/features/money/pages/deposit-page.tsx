import { useEffect, useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { zodResolver } from '@hookform/resolvers/zod';
import { QRCodeSVG } from 'qrcode.react';
import { ShieldAlert } from 'lucide-react';
import { formatCents, gatingMessage, paymentCreateSchema, TIMERS_MS, type DepositOption, type PaymentCreateInput } from '@app/shared';
import type { z } from 'zod';
import { toast } from '../../../lib/toast';
import { Alert } from '../../../components/ui/alert';
import { Emphasis } from '../../../components/ui/emphasis';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Card, PageHeader } from '../../../components/ui/card';
import { Field, Input } from '../../../components/ui/input';
import { Spinner } from '../../../components/ui/spinner';
import { useTranslateMessage } from '../../../i18n/messages';
import { errorMessage, idempotencyKey } from '../../../lib/api';
import { cn } from '../../../lib/cn';
import { useCurrentUser } from '../../../lib/hooks';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useCreatePaymentMutation, useDepositAddressQuery, useDepositOptionsQuery, useOnchainDepositsQuery } from '../api/money-api';
import { CopyButton } from '../components/copy-button';
import { GatedNotice } from '../components/gated-notice';
import { OnchainDeposits } from '../components/onchain-deposits';

/** How often the page looks for new transfers and confirmations. */
const WATCH_POLL_MS = 5_000;

export function DepositPage() {
  const { t } = useTranslation('app');
  useDocumentTitle(t('depositPage.title'), t('depositPage.metaDescription'));
  const user = useCurrentUser();
  const open = user ? !gatingMessage(user, 'deposit') : false;
  return (
    <div className="space-y-6">
      <PageHeader title={t('depositPage.title')} description={t('depositPage.description')} />
      {user && !open ? <GatedNotice user={user} action="deposit" /> : open && <OpenDeposits />}
    </div>
  );
}

function OpenDeposits() {
  const { t } = useTranslation('app');
  const { data: options = [], isLoading, isError } = useDepositOptionsQuery();
  const [chosen, setChosen] = useState<string>('');
  const selected = options.find((option) => option.asset === chosen) ?? options[0];
  // Where transfers are detected, new ones and their confirmations show up without a reload.
  const watching = options.some((option) => option.detection);
  const { data: deposits = [] } = useOnchainDepositsQuery(undefined, { skip: !options.some((option) => option.own), pollingInterval: watching ? WATCH_POLL_MS : 0 });

  if (isLoading) return <Spinner label={t('depositPage.loadingAddresses')} />;
  if (isError) return <Alert tone="danger" title={t('depositPage.addressesFailed')} />;
  if (!selected) {
    return (
      <Alert tone="warning" title={t('depositPage.closed.title')}>
        {t('depositPage.closed.body')}
      </Alert>
    );
  }
  return (
    <>
      <div role="radiogroup" aria-label={t('depositPage.asset')} className="flex flex-wrap gap-2">
        {options.map((option) => (
          <button
            key={option.asset}
            type="button"
            role="radio"
            aria-checked={option.asset === selected.asset}
            onClick={() => setChosen(option.asset)}
            className={cn(
              'rounded-lg border px-4 py-2 text-sm font-semibold',
              option.asset === selected.asset
                ? 'border-brand-700 bg-brand-700 text-white'
                : 'border-slate-300 bg-white text-slate-800 hover:border-brand-600 dark:border-slate-700 dark:bg-slate-900 dark:text-slate-100',
            )}
          >
            {option.asset}
          </button>
        ))}
      </div>
      <div className="grid gap-6 lg:grid-cols-5">
        <AddressCard option={selected} className="lg:col-span-3" />
        <div className="space-y-6 lg:col-span-2">
          {deposits.length > 0 && <OnchainDeposits deposits={deposits} />}
          <ReportForm option={selected} />
        </div>
      </div>
    </>
  );
}

function AddressCard({ option, className }: { option: DepositOption; className?: string }) {
  // currentData: while another asset's address loads, never show the previous one.
  const { t } = useTranslation('app');
  const translate = useTranslateMessage();
  const { currentData: data, isFetching, isError, error } = useDepositAddressQuery(option.asset);
  return (
    <Card className={cn('space-y-5', className)}>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 className="text-base font-semibold text-slate-900 dark:text-white">{option.own ? t('depositPage.ownAddress', { asset: option.asset }) : t('depositPage.sharedAddress', { asset: option.asset })}</h2>
        <Badge tone="info">{option.network}</Badge>
      </div>
      {isFetching && !data ? (
        <Spinner label={t('depositPage.loadingAddress')} />
      ) : isError || !data ? (
        <Alert tone="danger">{translate(errorMessage(error, t('depositPage.addressFailed')))}</Alert>
      ) : (
        <>
          <div className="flex flex-col items-center gap-5 sm:flex-row sm:items-start">
            <div className="rounded-xl bg-white p-3 ring-1 ring-slate-200">
              <QRCodeSVG value={data.address} size={156} aria-label={t('depositPage.qr', { asset: data.asset })} role="img" />
            </div>
            <div className="min-w-0 flex-1 space-y-3">
              <p className="break-all rounded-lg bg-slate-100 p-3 font-mono text-sm text-slate-900 dark:bg-slate-800 dark:text-slate-100" data-testid="deposit-address">
                {data.address}
              </p>
              <CopyButton value={data.address} label={t('depositPage.copyAddress')} />
              <p className="text-sm text-slate-700 dark:text-slate-300">
                <Emphasis
                  text={t(data.own ? 'depositPage.receivesOwn' : 'depositPage.receivesShared', { skipInterpolation: true })}
                  values={{ assets: data.acceptedAssets.join(', '), network: data.network }}
                />
              </p>
            </div>
          </div>
          <Alert tone="warning" title={t('depositPage.sendOnly', { network: data.network })}>
            <span className="inline-flex gap-2">
              <ShieldAlert className="mt-0.5 size-4 shrink-0" aria-hidden />
              {t('depositPage.sendOnlyBody')}
            </span>
          </Alert>
          {data.detection ? (
            <p className="text-sm text-slate-700 dark:text-slate-300">
              <Emphasis text={t(data.asset === 'ETH' ? 'depositPage.detectionValued' : 'depositPage.detectionTokens', { skipInterpolation: true })} values={{ confirmations: data.confirmationsRequired }} />
            </p>
          ) : (
            <p className="text-sm text-slate-700 dark:text-slate-300">{t('depositPage.reportBelow')}</p>
          )}
        </>
      )}
    </Card>
  );
}

function ReportForm({ option }: { option: DepositOption }) {
  const { t } = useTranslation('app');
  const navigate = useNavigate();
  const [createPayment, { isLoading: submitting }] = useCreatePaymentMutation();
  const [done, setDone] = useState<string | null>(null);
  // One key per filled-in form: a double click or a retry cannot report the deposit twice.
  const key = useMemo(() => idempotencyKey(), []);
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<PaymentCreateInput, unknown, z.output<typeof paymentCreateSchema>>({ resolver: zodResolver(paymentCreateSchema), defaultValues: { amount: '', txHash: '' } });

  useEffect(() => {
    if (!done) return;
    const timer = setTimeout(() => navigate('/transaction-History'), TIMERS_MS.redirectAfterDepositOrWithdrawal);
    return () => clearTimeout(timer);
  }, [done, navigate]);

  async function submit(values: z.output<typeof paymentCreateSchema>) {
    try {
      // The schema has turned the amount into cents; the API takes the decimal string.
      const answer = await createPayment({ amount: formatCents(values.amount), asset: option.asset, ...(values.txHash ? { txHash: values.txHash } : {}), key }).unwrap();
      toast.success(answer.message);
      setDone(answer.transaction.transactionId);
    } catch (failure) {
      toast.error(errorMessage(failure, t('depositPage.failed')));
    }
  }

  const form = (
    <form onSubmit={handleSubmit(submit)} noValidate className="space-y-4">
      <Field label={t('depositPage.amount')} error={errors.amount?.message} hint={t('depositPage.amountHint')}>
        {(props) => <Input {...props} {...register('amount')} inputMode="decimal" autoComplete="off" placeholder="0.00" />}
      </Field>
      <Field label={option.detection ? t('depositPage.txHash') : t('depositPage.txHashOptional')} error={errors.txHash?.message} hint={t('depositPage.txHashHint')}>
        {(props) => <Input {...props} {...register('txHash')} autoComplete="off" spellCheck={false} />}
      </Field>
      <Button type="submit" loading={submitting || isSubmitting} disabled={Boolean(done)} className="w-full">
        {t('depositPage.submit')}
      </Button>
    </form>
  );

  return (
    <Card>
      {done ? (
        <Alert tone="success" title={t('depositPage.done.title', { id: done })}>
          {t('depositPage.done.body')}
        </Alert>
      ) : option.detection ? (
        <details>
          <summary className="cursor-pointer text-sm font-semibold text-slate-900 dark:text-white">{t('depositPage.tellUs')}</summary>
          <p className="mb-4 mt-2 text-sm text-slate-600 dark:text-slate-400">{t('depositPage.notNeeded')}</p>
          {form}
        </details>
      ) : (
        <>
          <h2 className="mb-4 text-base font-semibold text-slate-900 dark:text-white">{t('depositPage.reportTitle')}</h2>
          {form}
        </>
      )}
    </Card>
  );
}
