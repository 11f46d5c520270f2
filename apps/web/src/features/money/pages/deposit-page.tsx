import { useEffect, useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { QRCodeSVG } from 'qrcode.react';
import { ShieldAlert } from 'lucide-react';
import { formatCents, gatingMessage, paymentCreateSchema, TIMERS_MS, type DepositOption, type PaymentCreateInput } from '@app/shared';
import type { z } from 'zod';
import { toast } from '../../../lib/toast';
import { Alert } from '../../../components/ui/alert';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Card, PageHeader } from '../../../components/ui/card';
import { Field, Input } from '../../../components/ui/input';
import { Spinner } from '../../../components/ui/spinner';
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
  useDocumentTitle('Deposit', 'Fund your wallet by sending crypto to your deposit address.');
  const user = useCurrentUser();
  const open = user ? !gatingMessage(user, 'deposit') : false;
  return (
    <div className="space-y-6">
      <PageHeader title="Deposit" description="Send crypto to your deposit address. Your balance is credited in US dollars once the payment is confirmed." />
      {user && !open ? <GatedNotice user={user} action="deposit" /> : open && <OpenDeposits />}
    </div>
  );
}

function OpenDeposits() {
  const { data: options = [], isLoading, isError } = useDepositOptionsQuery();
  const [chosen, setChosen] = useState<string>('');
  const selected = options.find((option) => option.asset === chosen) ?? options[0];
  // Where transfers are detected, new ones and their confirmations show up without a reload.
  const watching = options.some((option) => option.detection);
  const { data: deposits = [] } = useOnchainDepositsQuery(undefined, { skip: !options.some((option) => option.own), pollingInterval: watching ? WATCH_POLL_MS : 0 });

  if (isLoading) return <Spinner label="Loading deposit addresses" />;
  if (isError) return <Alert tone="danger" title="Could not load the deposit addresses. Please refresh the page." />;
  if (!selected) {
    return (
      <Alert tone="warning" title="Deposits are not open yet">
        No receiving address is set up for any asset. Please contact support before sending anything.
      </Alert>
    );
  }
  return (
    <>
      <div role="radiogroup" aria-label="Asset" className="flex flex-wrap gap-2">
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
  const { currentData: data, isFetching, isError, error } = useDepositAddressQuery(option.asset);
  return (
    <Card className={cn('space-y-5', className)}>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 className="text-base font-semibold text-slate-900 dark:text-white">{option.own ? `Your ${option.asset} deposit address` : `${option.asset} receiving address`}</h2>
        <Badge tone="info">{option.network}</Badge>
      </div>
      {isFetching && !data ? (
        <Spinner label="Loading your address" />
      ) : isError || !data ? (
        <Alert tone="danger">{errorMessage(error, 'Could not load the address. Please refresh the page.')}</Alert>
      ) : (
        <>
          <div className="flex flex-col items-center gap-5 sm:flex-row sm:items-start">
            <div className="rounded-xl bg-white p-3 ring-1 ring-slate-200">
              <QRCodeSVG value={data.address} size={156} aria-label={`QR code of the ${data.asset} address`} role="img" />
            </div>
            <div className="min-w-0 flex-1 space-y-3">
              <p className="break-all rounded-lg bg-slate-100 p-3 font-mono text-sm text-slate-900 dark:bg-slate-800 dark:text-slate-100" data-testid="deposit-address">
                {data.address}
              </p>
              <CopyButton value={data.address} label="Copy address" />
              <p className="text-sm text-slate-700 dark:text-slate-300">
                {data.own ? 'This address is yours alone' : 'This address is shared'} and receives{' '}
                <strong>{data.acceptedAssets.join(', ')}</strong> on <strong>{data.network}</strong>.
              </p>
            </div>
          </div>
          <Alert tone="warning" title={`Send only on ${data.network}`}>
            <span className="inline-flex gap-2">
              <ShieldAlert className="mt-0.5 size-4 shrink-0" aria-hidden />
              Crypto sent on any other network, or any asset not listed above, cannot be recovered.
            </span>
          </Alert>
          {data.detection ? (
            <p className="text-sm text-slate-700 dark:text-slate-300">
              We see your transfer within moments and credit it automatically after <strong>{data.confirmationsRequired} confirmations</strong>
              {data.asset === 'ETH' ? ', once our team has confirmed its US dollar value' : ', one US dollar per token'}. There is nothing to report.
            </p>
          ) : (
            <p className="text-sm text-slate-700 dark:text-slate-300">After sending, report the US dollar amount below: our team checks the payment on chain and credits your balance.</p>
          )}
        </>
      )}
    </Card>
  );
}

function ReportForm({ option }: { option: DepositOption }) {
  const navigate = useNavigate();
  const [createPayment, { isLoading: submitting }] = useCreatePaymentMutation();
  const [done, setDone] = useState<string | null>(null);
  // One key per filled-in form: a double click or a retry cannot report the deposit twice.
  const key = useMemo(() => idempotencyKey(), []);
  const {
    register,
    handleSubmit,
    formState: { errors },
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
      toast.error(errorMessage(failure, 'Error processing payment'));
    }
  }

  const form = (
    <form onSubmit={handleSubmit(submit)} noValidate className="space-y-4">
      <Field label="Amount sent (USD)" error={errors.amount?.message} hint="The US dollar value of what you sent, e.g. 150.00">
        {(props) => <Input {...props} {...register('amount')} inputMode="decimal" autoComplete="off" placeholder="0.00" />}
      </Field>
      <Field label={option.detection ? 'Transaction hash' : 'Transaction hash (optional)'} error={errors.txHash?.message} hint="Helps us match your payment on chain">
        {(props) => <Input {...props} {...register('txHash')} autoComplete="off" spellCheck={false} />}
      </Field>
      <Button type="submit" loading={submitting} disabled={Boolean(done)} className="w-full">
        I have sent the payment
      </Button>
    </form>
  );

  return (
    <Card>
      {done ? (
        <Alert tone="success" title={`Deposit ${done} submitted`}>
          It shows as Pending until it is confirmed. Taking you to your history…
        </Alert>
      ) : option.detection ? (
        <details>
          <summary className="cursor-pointer text-sm font-semibold text-slate-900 dark:text-white">Sent it and want to tell us about it?</summary>
          <p className="mb-4 mt-2 text-sm text-slate-600 dark:text-slate-400">Not needed: transfers to your address are credited automatically. A report with the transaction hash is matched to it, never counted twice.</p>
          {form}
        </details>
      ) : (
        <>
          <h2 className="mb-4 text-base font-semibold text-slate-900 dark:text-white">Report your payment</h2>
          {form}
        </>
      )}
    </Card>
  );
}
