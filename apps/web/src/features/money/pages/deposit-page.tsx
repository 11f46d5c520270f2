import { useEffect, useMemo, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { QRCodeSVG } from 'qrcode.react';
import { toast } from '../../../lib/toast';
import { TIMERS_MS } from '@app/shared';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Card, PageHeader } from '../../../components/ui/card';
import { Field, Input } from '../../../components/ui/input';
import { Spinner } from '../../../components/ui/spinner';
import { errorMessage, idempotencyKey } from '../../../lib/api';
import { cn } from '../../../lib/cn';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useCreatePaymentMutation, useDepositAddressesQuery } from '../api/money-api';
import { amountError } from '../components/amount';
import { CopyButton } from '../components/copy-button';

const STEPS = [
  'Choose the asset you will send and copy our receiving address (or scan the QR code).',
  'Send the crypto from your own wallet or exchange to that address.',
  'Enter the USD amount you sent and, if you have it, the transaction hash.',
  'Submit. Our support team checks the payment and credits your balance; you get an email either way.',
];

export function DepositPage() {
  useDocumentTitle('Deposit', 'Fund your wallet by sending crypto to the platform address.');
  const navigate = useNavigate();
  const { data: addresses = [], isLoading, isError } = useDepositAddressesQuery();
  const [createPayment, { isLoading: submitting }] = useCreatePaymentMutation();
  const [asset, setAsset] = useState<string>('');
  const [amount, setAmount] = useState('');
  const [txHash, setTxHash] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [done, setDone] = useState<string | null>(null);
  // One key per filled-in form: a double click or a retry cannot report the deposit twice.
  const key = useMemo(() => idempotencyKey(), []);

  const selected = addresses.find((item) => item.asset === asset) ?? addresses[0];

  useEffect(() => {
    if (!done) return;
    const timer = setTimeout(() => navigate('/transaction-History'), TIMERS_MS.redirectAfterDepositOrWithdrawal);
    return () => clearTimeout(timer);
  }, [done, navigate]);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const problem = amountError(amount);
    setError(problem);
    if (problem) return;
    try {
      const answer = await createPayment({
        amount: amount.trim(),
        ...(selected ? { asset: selected.asset } : {}),
        ...(txHash.trim() ? { txHash: txHash.trim() } : {}),
        key,
      }).unwrap();
      toast.success(answer.message);
      setDone(answer.transaction.transactionId);
    } catch (failure) {
      toast.error(errorMessage(failure, 'Error processing payment'));
    }
  }

  return (
    <div className="space-y-6">
      <PageHeader title="Deposit" description="Send crypto to the platform address, then tell us the USD amount." />
      {done && (
        <Alert tone="success" title={`Deposit ${done} submitted`}>
          It shows as Pending until it is confirmed. Taking you to your history…
        </Alert>
      )}
      <div className="grid gap-6 lg:grid-cols-2">
        <Card>
          <h2 className="mb-3 text-base font-semibold text-slate-900 dark:text-white">How it works</h2>
          <ol className="space-y-3">
            {STEPS.map((step, i) => (
              <li key={step} className="flex gap-3 text-sm text-slate-700 dark:text-slate-300">
                <span className="flex size-6 shrink-0 items-center justify-center rounded-full bg-brand-100 text-xs font-bold text-brand-800 dark:bg-brand-900 dark:text-brand-100">
                  {i + 1}
                </span>
                {step}
              </li>
            ))}
          </ol>
        </Card>
        <Card>
          <h2 className="mb-3 text-base font-semibold text-slate-900 dark:text-white">Receiving address</h2>
          {isLoading ? (
            <Spinner label="Loading addresses" />
          ) : isError ? (
            <Alert tone="danger">Could not load the receiving addresses. Please refresh the page.</Alert>
          ) : addresses.length === 0 || !selected ? (
            <Alert tone="warning" title="No receiving address is set up yet">
              Please contact support for a wallet address before sending anything.
            </Alert>
          ) : (
            <div className="space-y-4">
              <div role="radiogroup" aria-label="Asset" className="flex flex-wrap gap-2">
                {addresses.map((item) => (
                  <button
                    key={item.asset}
                    type="button"
                    role="radio"
                    aria-checked={item.asset === selected.asset}
                    onClick={() => setAsset(item.asset)}
                    className={cn(
                      'rounded-lg border px-4 py-2 text-sm font-semibold',
                      item.asset === selected.asset
                        ? 'border-brand-700 bg-brand-700 text-white'
                        : 'border-slate-300 bg-white text-slate-800 hover:border-brand-600 dark:border-slate-700 dark:bg-slate-900 dark:text-slate-100',
                    )}
                  >
                    {item.asset}
                  </button>
                ))}
              </div>
              <div className="flex flex-col items-center gap-4 sm:flex-row sm:items-start">
                <div className="rounded-xl bg-white p-3 ring-1 ring-slate-200">
                  <QRCodeSVG value={selected.address} size={148} aria-label={`QR code of the ${selected.asset} address`} role="img" />
                </div>
                <div className="min-w-0 flex-1 space-y-2">
                  <p className="text-xs font-medium uppercase tracking-wide text-slate-500">{selected.asset} address</p>
                  <p className="break-all rounded-lg bg-slate-100 p-3 font-mono text-sm text-slate-900 dark:bg-slate-800 dark:text-slate-100">{selected.address}</p>
                  <CopyButton value={selected.address} label="Copy address" />
                  <p className="text-xs text-slate-500 dark:text-slate-400">Send only {selected.asset} to this address.</p>
                </div>
              </div>
            </div>
          )}
        </Card>
      </div>
      <Card>
        <form onSubmit={(event) => void submit(event)} noValidate className="grid gap-4 sm:grid-cols-2">
          <Field label="Amount sent (USD)" error={error} hint="The US dollar value of what you sent, e.g. 150.00">
            {(props) => (
              <Input {...props} inputMode="decimal" autoComplete="off" placeholder="0.00" value={amount} onChange={(event) => setAmount(event.target.value)} />
            )}
          </Field>
          <Field label="Transaction hash (optional)" hint="Helps us find your payment faster">
            {(props) => <Input {...props} autoComplete="off" spellCheck={false} value={txHash} onChange={(event) => setTxHash(event.target.value)} />}
          </Field>
          <div className="sm:col-span-2">
            <Button type="submit" loading={submitting} disabled={Boolean(done)} className="w-full sm:w-auto">
              I have sent the payment
            </Button>
          </div>
        </form>
      </Card>
    </div>
  );
}
