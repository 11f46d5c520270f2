import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { toast } from '../../../lib/toast';
import { Alert } from '../../../components/ui/alert';
import { Badge, StatusBadge } from '../../../components/ui/badge';
import { Card, PageHeader } from '../../../components/ui/card';
import { Money } from '../../../components/ui/money';
import { Spinner } from '../../../components/ui/spinner';
import { errorMessage } from '../../../lib/api';
import { useCurrentUser } from '../../../lib/hooks';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useDecideWithdrawalMutation, useWithdrawalQuery } from '../api/money-api';
import { formatAge, formatDateTime } from '../components/amount';
import { CopyButton } from '../components/copy-button';
import { DecisionPanel } from '../components/decision-panel';
import { PayoutProof } from '../components/payout-proof';
import { Field, Input } from '../../../components/ui/input';
import { TX_HASH_MESSAGE, txHashField } from '@app/shared';

/** /withdrawal/:id: approve or reject; the buttons show only while Pending (SPEC §4). */
export function WithdrawalPage() {
  useDocumentTitle('Review withdrawal', 'Approve or reject a withdrawal request.');
  const { id = '' } = useParams();
  const { data, isLoading, isError } = useWithdrawalQuery(id, { skip: !id });
  const [decide, { isLoading: deciding }] = useDecideWithdrawalMutation();
  const [notes, setNotes] = useState('');
  const [txHash, setTxHash] = useState('');
  const [txHashError, setTxHashError] = useState<string | undefined>();
  const [pending, setPending] = useState<'approve' | 'reject' | null>(null);
  const viewer = useCurrentUser();
  /** Four eyes: the first approval records a request; the second, by someone else, pays out. */
  const mineToWait = data?.secondApproval?.requestedBy._id === viewer?._id;
  const paysOut = !data?.needsTwoApprovers || Boolean(data.secondApproval && !mineToWait);

  async function act(decision: 'approve' | 'reject') {
    if (decision === 'approve') {
      const hash = txHash.trim();
      const problem = hash ? (txHashField.safeParse(hash).success ? undefined : TX_HASH_MESSAGE) : data?.payoutOnChain && paysOut ? 'Enter the payout transaction hash' : undefined;
      setTxHashError(problem);
      if (problem) return;
    }
    setPending(decision);
    try {
      const answer = await decide({ id, decision, notes: notes.trim() || undefined, ...(decision === 'approve' && paysOut && txHash.trim() ? { txHash: txHash.trim() } : {}) }).unwrap();
      toast.success(answer.pendingApproval ? answer.message : decision === 'approve' ? 'Withdrawal approved!' : 'Withdrawal rejected!');
    } catch (failure) {
      toast.error(errorMessage(failure, decision === 'approve' ? 'Failed to approve withdrawal.' : 'Failed to reject withdrawal.'));
    } finally {
      setPending(null);
    }
  }

  return (
    <div className="space-y-6">
      <PageHeader title="Review withdrawal" description={<Link className="text-brand-700 underline" to="/admin-pending-wallet">Back to pending withdrawals</Link>} />
      {isLoading ? (
        <Spinner label="Loading the withdrawal" />
      ) : isError || !data ? (
        <Alert tone="danger" title="Failed to fetch withdrawal details." />
      ) : (
        <Card className="space-y-5">
          <div className="flex flex-wrap items-center justify-between gap-3">
            <div>
              <p className="text-sm text-slate-500">Requested {formatDateTime(data.requestDate)}</p>
              <p className="text-3xl font-bold text-slate-900 dark:text-white">
                <Money value={data.amount} />
              </p>
            </div>
            <div className="flex items-center gap-2">
              {data.overdue && <Badge tone="danger">Overdue · {formatAge(data.ageHours)}</Badge>}
              <StatusBadge status={data.status} />
            </div>
          </div>
          <dl className="grid gap-3 text-sm sm:grid-cols-3">
            <div>
              <dt className="text-slate-500">Fee</dt>
              <dd className="font-medium">
                <Money value={data.fee} />
              </dd>
            </div>
            <div>
              <dt className="text-slate-500">To send</dt>
              <dd className="font-medium">
                <Money value={data.netAmount} /> in {data.asset}
              </dd>
            </div>
            <div>
              <dt className="text-slate-500">User</dt>
              <dd className="font-medium">
                {data.user.name} · {data.user.email}
              </dd>
            </div>
            <div className="min-w-0 sm:col-span-3">
              <dt className="text-slate-500">{data.asset} address</dt>
              <dd className="flex flex-wrap items-center gap-2">
                <span className="break-all font-mono text-xs">{data.walletAddress}</span>
                <CopyButton value={data.walletAddress} label="Copy" />
              </dd>
            </div>
            {data.status !== 'Pending' && (
              <div className="sm:col-span-3">
                <dt className="text-slate-500">Decided {formatDateTime(data.decidedAt)}</dt>
                <dd>{data.notes ?? 'No notes'}</dd>
              </div>
            )}
            {data.payout && (
              <div className="min-w-0 sm:col-span-3">
                <dt className="text-slate-500">Payout</dt>
                <dd>
                  <PayoutProof payout={data.payout} />
                </dd>
              </div>
            )}
          </dl>
          {data.status === 'Pending' && data.needsTwoApprovers && (
            <Alert tone="info" title={data.secondApproval ? 'Second approval' : 'Two approvals needed'}>
              {data.secondApproval
                ? mineToWait
                  ? 'You approved this withdrawal first: another staff member must approve it and pay it out.'
                  : `${data.secondApproval.requestedBy.name} approved it first. Your approval pays it out.`
                : 'It is above the second-approval threshold: your approval is recorded, and another staff member pays it out.'}
            </Alert>
          )}
          {data.status === 'Pending' && paysOut && (
            <Field
              label={data.payoutOnChain ? 'Payout transaction hash' : 'Payout transaction hash (optional)'}
              error={txHashError}
              hint={
                data.payoutOnChain
                  ? `Send the net amount, then paste the transaction: it is checked on chain before the withdrawal is approved.`
                  : 'Kept with the withdrawal and shown to the user; this network is not checked automatically.'
              }
            >
              {(props) => <Input {...props} autoComplete="off" spellCheck={false} placeholder="0x…" value={txHash} onChange={(event) => setTxHash(event.target.value)} />}
            </Field>
          )}
          {data.status === 'Pending' && (
            <DecisionPanel
              notes={notes}
              onNotesChange={setNotes}
              notesHint="A rejection reason is emailed to the user"
              accept="approve"
              acceptLabel="Approve withdrawal"
              rejectLabel="Reject withdrawal"
              pending={pending}
              busy={deciding}
              acceptDisabled={mineToWait}
              onDecide={(decision) => void act(decision)}
            />
          )}
        </Card>
      )}
    </div>
  );
}
