import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { toast } from '../../../lib/toast';
import { Alert } from '../../../components/ui/alert';
import { StatusBadge } from '../../../components/ui/badge';
import { Card, PageHeader } from '../../../components/ui/card';
import { Money } from '../../../components/ui/money';
import { Spinner } from '../../../components/ui/spinner';
import { errorMessage } from '../../../lib/api';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useDecidePaymentMutation, usePaymentQuery } from '../api/money-api';
import { formatDateTime } from '../components/amount';
import { amountError } from '../components/amount';
import { ChainEvidenceNote } from '../components/chain-evidence';
import { DecisionPanel } from '../components/decision-panel';
import { Field, Input } from '../../../components/ui/input';

/** /transaction/:transactionId: confirm or reject a payment, with optional notes (staff). */
export function TransactionPage() {
  useDocumentTitle('Review deposit', 'Confirm or reject a payment.');
  const { transactionId = '' } = useParams();
  const { data, isLoading, isError } = usePaymentQuery(transactionId, { skip: !transactionId });
  const [decide, { isLoading: deciding }] = useDecidePaymentMutation();
  const [notes, setNotes] = useState('');
  const [usd, setUsd] = useState('');
  const [usdError, setUsdError] = useState<string | undefined>();
  const [pending, setPending] = useState<'confirm' | 'reject' | null>(null);
  /** Detected on chain in an asset that is not USD-pegged: staff set its US dollar value. */
  const unpriced = data?.source === 'chain' && data.amount === '0.00';

  async function act(decision: 'confirm' | 'reject') {
    if (!transactionId) {
      toast.error('Transaction ID is missing!');
      return;
    }
    if (decision === 'confirm' && unpriced) {
      const problem = amountError(usd);
      setUsdError(problem);
      if (problem) return;
    }
    setPending(decision);
    try {
      await decide({ transactionId, decision, notes: notes.trim() || undefined, ...(unpriced && decision === 'confirm' ? { amount: usd.trim() } : {}) }).unwrap();
      toast.success(decision === 'confirm' ? 'Payment successfully confirmed!' : 'Payment successfully rejected!');
    } catch (failure) {
      toast.error(errorMessage(failure, decision === 'confirm' ? 'Failed to confirm payment.' : 'Failed to reject payment.'));
    } finally {
      setPending(null);
    }
  }

  return (
    <div className="space-y-6">
      <PageHeader title="Review deposit" description={<Link className="text-brand-700 underline" to="/admin-pending-deposit">Back to pending deposits</Link>} />
      {!transactionId ? (
        <Alert tone="danger" title="Transaction ID is missing!" />
      ) : isLoading ? (
        <Spinner label="Loading the payment" />
      ) : isError || !data ? (
        <Alert tone="danger" title="Error fetching payment status." />
      ) : (
        <Card className="space-y-5">
          <div className="flex flex-wrap items-center justify-between gap-3">
            <div>
              <p className="text-sm text-slate-500">Transaction {data.transactionId}</p>
              <p className="text-3xl font-bold text-slate-900 dark:text-white">{unpriced ? 'US dollar value to set' : <Money value={data.amount} />}</p>
            </div>
            <StatusBadge status={data.status} />
          </div>
          <dl className="grid gap-3 text-sm sm:grid-cols-2">
            <div>
              <dt className="text-slate-500">User</dt>
              <dd className="font-medium">
                {data.user.name} · {data.user.email}
              </dd>
            </div>
            <div>
              <dt className="text-slate-500">{data.source === 'chain' ? 'Seen' : 'Reported'}</dt>
              <dd className="font-medium">{formatDateTime(data.createdAt)}</dd>
            </div>
            <div>
              <dt className="text-slate-500">Asset</dt>
              <dd className="font-medium">{data.asset ?? 'Not specified'}</dd>
            </div>
            <div className="min-w-0">
              <dt className="text-slate-500">Transaction hash</dt>
              <dd className="break-all font-mono text-xs">{data.txHash ?? 'Not given'}</dd>
            </div>
            <div className="sm:col-span-2">
              <dt className="text-slate-500">{data.source === 'chain' ? 'Detected on chain' : 'On chain'}</dt>
              <dd>
                <ChainEvidenceNote evidence={data.chain} />
              </dd>
            </div>
            {data.status !== 'Pending' && (
              <div className="sm:col-span-2">
                <dt className="text-slate-500">Decided {formatDateTime(data.decidedAt)}</dt>
                <dd>{data.notes ?? 'No notes'}</dd>
              </div>
            )}
          </dl>
          {data.status === 'Pending' && unpriced && (
            <Field label="US dollar value (USD)" error={usdError} hint={`What ${data.chain?.amount ?? 'the transfer'} ${data.asset ?? ''} was worth when it arrived; this is what the user is credited`}>
              {(props) => <Input {...props} inputMode="decimal" autoComplete="off" placeholder="0.00" value={usd} onChange={(event) => setUsd(event.target.value)} />}
            </Field>
          )}
          {data.status === 'Pending' && (
            <DecisionPanel
              notes={notes}
              onNotesChange={setNotes}
              notesHint="Shown to the user in the decision email"
              accept="confirm"
              acceptLabel="Confirm payment"
              rejectLabel="Reject payment"
              pending={pending}
              busy={deciding}
              onDecide={(decision) => void act(decision)}
            />
          )}
        </Card>
      )}
    </div>
  );
}
