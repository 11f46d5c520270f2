import { useState } from 'react';
import { Link } from 'react-router';
import type { ApprovalView } from '@app/shared';
import { toast } from '../../../lib/toast';
import { Alert } from '../../../components/ui/alert';
import { Badge } from '../../../components/ui/badge';
import { Button, buttonClasses } from '../../../components/ui/button';
import { Card, PageHeader } from '../../../components/ui/card';
import { Field, Input } from '../../../components/ui/input';
import { Money } from '../../../components/ui/money';
import { EmptyState, Spinner } from '../../../components/ui/spinner';
import { errorMessage } from '../../../lib/api';
import { useCurrentUser } from '../../../lib/hooks';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useApprovalsQuery, useDecideApprovalMutation } from '../api/admin-api';
import { AdminNav } from '../components/admin-nav';
import { localeDateFormat } from '../../../i18n/format';

const WHAT: Record<ApprovalView['kind'], string> = {
  balance: 'Wallet balance',
  profit: 'Total profit',
  fees: 'Fees',
  withdrawal: 'Withdrawal',
};

const since = localeDateFormat({ dateStyle: 'medium', timeStyle: 'short' });

function ApprovalItem({ approval, mine }: { approval: ApprovalView; mine: boolean }) {
  const [decide, { isLoading }] = useDecideApprovalMutation();
  const [note, setNote] = useState('');
  const [pending, setPending] = useState<'approve' | 'reject' | null>(null);

  async function act(decision: 'approve' | 'reject') {
    setPending(decision);
    try {
      const answer = await decide({ id: approval._id, decision, note: note.trim() || undefined }).unwrap();
      toast.success(answer.message);
    } catch (error) {
      toast.error(errorMessage(error, 'Something went wrong.'));
    } finally {
      setPending(null);
    }
  }

  return (
    <li>
      <Card className="space-y-3 p-4">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <p className="flex flex-wrap items-center gap-2 font-semibold text-slate-900 dark:text-white">
            <Badge tone="info">{WHAT[approval.kind]}</Badge>
            {approval.operation && <span>{approval.operation === 'add' ? 'Add' : 'Deduct'}</span>}
            <Money value={approval.amount} />
            <span className="text-sm font-normal text-slate-600 dark:text-slate-300">
              for {approval.user.name} · {approval.user.email}
            </span>
          </p>
          <span className="text-xs text-slate-500">
            Requested by {approval.requestedBy.name}
            {mine ? ' (you)' : ''} · {since.format(new Date(approval.requestedAt))}
          </span>
        </div>
        {approval.reason && <p className="text-sm text-slate-700 dark:text-slate-300">Reason: {approval.reason}</p>}
        {mine ? (
          <p className="text-sm text-slate-600 dark:text-slate-400">Another staff member must approve your request. You may withdraw it.</p>
        ) : null}
        {approval.kind === 'withdrawal' ? (
          <div className="flex flex-wrap gap-2">
            <Link to={`/withdrawal/${encodeURIComponent(approval.withdrawalId!)}`} className={buttonClasses('primary', 'sm')}>
              Review and pay out
            </Link>
            <Button variant="outline" size="sm" onClick={() => void act('reject')} loading={pending === 'reject'} disabled={isLoading}>
              {mine ? 'Withdraw my request' : 'Decline'}
            </Button>
          </div>
        ) : (
          <div className="flex flex-col gap-3 sm:flex-row sm:items-end">
            <Field label="Note (optional)" className="flex-1">
              {(props) => <Input {...props} maxLength={500} value={note} onChange={(event) => setNote(event.target.value)} />}
            </Field>
            <div className="flex gap-2">
              {!mine && (
                <Button size="sm" onClick={() => void act('approve')} loading={pending === 'approve'} disabled={isLoading}>
                  Approve
                </Button>
              )}
              <Button variant="outline" size="sm" onClick={() => void act('reject')} loading={pending === 'reject'} disabled={isLoading}>
                {mine ? 'Withdraw my request' : 'Reject'}
              </Button>
            </div>
          </div>
        )}
      </Card>
    </li>
  );
}

/** Staff: adjustments and withdrawals above the four-eyes threshold, waiting for a second approver. */
export function ApprovalsPage() {
  useDocumentTitle('Second approvals', 'Changes waiting for a second staff member.');
  const user = useCurrentUser();
  const { data = [], isLoading, isError, error } = useApprovalsQuery(undefined, { pollingInterval: 30_000 });
  return (
    <>
      <PageHeader title="Second approvals" description="Above the threshold in settings, a second staff member approves each change. Nobody approves their own." />
      <AdminNav />
      {isLoading ? (
        <Spinner label="Loading requests" />
      ) : isError ? (
        <Alert tone="danger" title="Could not load the requests">
          {errorMessage(error, 'Something went wrong.')}
        </Alert>
      ) : data.length === 0 ? (
        <EmptyState title="Nothing waits for a second approval">Adjustments and withdrawals above the threshold appear here.</EmptyState>
      ) : (
        <ul className="space-y-3" aria-label="Requests waiting for a second approval">
          {data.map((approval) => (
            <ApprovalItem key={approval._id} approval={approval} mine={approval.requestedBy._id === user?._id} />
          ))}
        </ul>
      )}
    </>
  );
}
