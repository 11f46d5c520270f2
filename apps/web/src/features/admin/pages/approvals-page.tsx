import { useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ADMIN_MESSAGES, type ApprovalView } from '@app/shared';
import { toast } from '../../../lib/toast';
import { Badge } from '../../../components/ui/badge';
import { Button, buttonClasses } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { Field, Input } from '../../../components/ui/input';
import { Money } from '../../../components/ui/money';
import { EmptyState } from '../../../components/ui/spinner';
import { errorMessage } from '../../../lib/api';
import { useCurrentUser } from '../../../lib/hooks';
import { useApprovalsQuery, useDecideApprovalMutation } from '../api/admin-api';
import { AdminPage } from '../components/admin-page';
import { QueryState } from '../components/query-state';
import { localeDateFormat } from '../../../i18n/format';
import { useTranslateMessage } from '../../../i18n/messages';

const since = localeDateFormat({ dateStyle: 'medium', timeStyle: 'short' });

function ApprovalItem({ approval, mine }: { approval: ApprovalView; mine: boolean }) {
  const { t } = useTranslation('staff');
  const translate = useTranslateMessage();
  const viewer = useCurrentUser();
  const [decide, { isLoading }] = useDecideApprovalMutation();
  const [note, setNote] = useState('');
  const [pending, setPending] = useState<'approve' | 'reject' | null>(null);

  async function act(decision: 'approve' | 'reject') {
    setPending(decision);
    try {
      const answer = await decide({ id: approval._id, decision, note: note.trim() || undefined }).unwrap();
      toast.success(answer.message);
    } catch (error) {
      toast.error(errorMessage(error, ADMIN_MESSAGES.somethingWrong));
    } finally {
      setPending(null);
    }
  }

  // An admin's role change is decided by an admin other than the one it changes (the server checks it too).
  const mayDecideRole = viewer?.role === 'admin' && viewer._id !== approval.user._id;

  // Declining a withdrawal and rejecting an adjustment send the same decision; on one's own request it withdraws it.
  const rejectButton = (label: string) => (
    <Button variant="outline" size="sm" onClick={() => void act('reject')} loading={pending === 'reject'} disabled={isLoading}>
      {mine ? t('approvalsPage.withdrawMine') : label}
    </Button>
  );

  return (
    <li>
      <Card className="space-y-3 p-4">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <p className="flex flex-wrap items-center gap-2 font-semibold text-slate-900 dark:text-white">
            <Badge tone="info">{t(`approvalsPage.kind.${approval.kind}`)}</Badge>
            {approval.status === 'Cancelled' && <Badge tone="danger">{t('approvalsPage.cancelled')}</Badge>}
            {approval.operation && <span>{approval.operation === 'add' ? t('approvalsPage.add') : t('approvalsPage.deduct')}</span>}
            {approval.role ? <span>{t('approvalsPage.toRole', { role: t(`userCard.roles.${approval.role}`) })}</span> : <Money value={approval.amount} />}
            <span className="text-sm font-normal text-slate-600 dark:text-slate-300">
              {t('approvalsPage.forUser', { name: approval.user.name, email: approval.user.email })}
            </span>
          </p>
          <span className="text-xs text-slate-500">
            {mine ? t('approvalsPage.requestedByYou', { name: approval.requestedBy.name }) : t('approvalsPage.requestedBy', { name: approval.requestedBy.name })} ·{' '}
            {since.format(new Date(approval.requestedAt))}
          </span>
        </div>
        {approval.reason && <p className="text-sm text-slate-700 dark:text-slate-300">{t('auditPage.reason', { reason: approval.reason })}</p>}
        {approval.status === 'Cancelled' ? (
          <p className="text-sm text-red-700 dark:text-red-300">{translate(approval.decisionNote ?? '')}</p>
        ) : mine ? (
          <p className="text-sm text-slate-600 dark:text-slate-400">{t(approval.kind === 'role' ? 'approvalsPage.mineRoleNote' : 'approvalsPage.mineNote')}</p>
        ) : approval.kind === 'role' && !mayDecideRole ? (
          <p className="text-sm text-slate-600 dark:text-slate-400">{t('approvalsPage.roleNote')}</p>
        ) : null}
        {approval.status === 'Cancelled' || (approval.kind === 'role' && !mine && !mayDecideRole) ? null : approval.kind === 'withdrawal' ? (
          <div className="flex flex-wrap gap-2">
            <Link to={`/withdrawal/${encodeURIComponent(approval.withdrawalId!)}`} className={buttonClasses('primary', 'sm')}>
              {t('approvalsPage.review')}
            </Link>
            {rejectButton(t('approvalsPage.decline'))}
          </div>
        ) : (
          <div className="flex flex-col gap-3 sm:flex-row sm:items-end">
            <Field label={t('approvalsPage.note')} className="flex-1">
              {(props) => <Input {...props} maxLength={500} value={note} onChange={(event) => setNote(event.target.value)} />}
            </Field>
            <div className="flex gap-2">
              {!mine && (
                <Button size="sm" onClick={() => void act('approve')} loading={pending === 'approve'} disabled={isLoading}>
                  {t('approvalsPage.approve')}
                </Button>
              )}
              {rejectButton(t('approvalsPage.reject'))}
            </div>
          </div>
        )}
      </Card>
    </li>
  );
}

/**
 * Staff: adjustments and withdrawals above the four-eyes threshold and admins' role changes,
 * waiting for another approver; then the week's cancelled requests with the reason.
 */
export function ApprovalsPage() {
  const { t } = useTranslation('staff');
  const user = useCurrentUser();
  const query = useApprovalsQuery(undefined, { pollingInterval: 30_000 });
  return (
    <AdminPage messages="approvalsPage">
      <QueryState
        query={query}
        loading={t('approvalsPage.loading')}
        failed={t('approvalsPage.failed')}
        isEmpty={(approvals) => approvals.length === 0}
        empty={<EmptyState title={t('approvalsPage.empty')}>{t('approvalsPage.emptyHint')}</EmptyState>}
      >
        {(approvals) => (
          <ul className="space-y-3" aria-label={t('approvalsPage.list')}>
            {approvals.map((approval) => (
              <ApprovalItem key={approval._id} approval={approval} mine={approval.requestedBy._id === user?._id} />
            ))}
          </ul>
        )}
      </QueryState>
    </AdminPage>
  );
}
