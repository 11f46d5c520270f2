import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { Alert } from '../../../components/ui/alert';
import { Badge, StatusBadge } from '../../../components/ui/badge';
import { Money } from '../../../components/ui/money';
import { ReviewDetail, ReviewPage } from '../../../components/ui/review-detail';
import { useStaffTime } from '../../../components/ui/staff-time';
import { formatDateTime } from '../../../i18n/format';
import { useCurrentUser } from '../../../lib/hooks';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useDecideWithdrawalMutation, useWithdrawalQuery } from '../api/money-api';
import { CopyButton } from '../components/copy-button';
import { DecisionPanel, useStaffDecision } from '../components/decision-panel';
import { PayoutProof } from '../components/payout-proof';
import { Field, Input } from '../../../components/ui/input';
import { TX_HASH_MESSAGE, txHashField } from '@app/shared';

/** /withdrawal/:id: approve or reject; the buttons show only while Pending (SPEC §4). */
export function WithdrawalPage() {
  const { t } = useTranslation('staff');
  const { waiting } = useStaffTime();
  useDocumentTitle(t('withdrawalPage.title'), t('withdrawalPage.docDescription'));
  const { id = '' } = useParams();
  const { data, isLoading, isError } = useWithdrawalQuery(id, { skip: !id });
  const [decide, { isLoading: deciding }] = useDecideWithdrawalMutation();
  const review = useStaffDecision<'approve'>();
  const [txHash, setTxHash] = useState('');
  const [txHashError, setTxHashError] = useState<string | undefined>();
  const viewer = useCurrentUser();
  /** Four eyes: the first approval records a request; the second, by someone else, pays out. */
  const mineToWait = data?.secondApproval?.requestedBy._id === viewer?._id;
  const paysOut = !data?.needsTwoApprovers || Boolean(data.secondApproval && !mineToWait);

  async function act(decision: 'approve' | 'reject') {
    if (decision === 'approve') {
      const hash = txHash.trim();
      const problem = hash ? (txHashField.safeParse(hash).success ? undefined : TX_HASH_MESSAGE) : data?.payoutOnChain && paysOut ? t('withdrawalPage.hashRequired') : undefined;
      setTxHashError(problem);
      if (problem) return;
    }
    await review.send(
      decision,
      async (notes) => {
        const answer = await decide({ id, decision, notes, ...(decision === 'approve' && paysOut && txHash.trim() ? { txHash: txHash.trim() } : {}) }).unwrap();
        return answer.pendingApproval ? answer.message : decision === 'approve' ? t('withdrawalPage.approved') : t('withdrawalPage.rejected');
      },
      decision === 'approve' ? t('withdrawalPage.approveFailed') : t('withdrawalPage.rejectFailed'),
    );
  }

  return (
    <ReviewPage
      title={t('withdrawalPage.title')}
      back={{ to: '/admin-pending-wallet', label: t('withdrawalPage.back') }}
      loading={isLoading ? t('withdrawalPage.loading') : null}
      failure={!isLoading && (isError || !data) ? t('withdrawalPage.failed') : null}
    >
      {data && (
        <ReviewDetail
          eyebrow={t('withdrawalPage.requested', { when: formatDateTime(data.requestDate) })}
          headline={<Money value={data.amount} />}
          badges={
            <>
              {data.overdue && <Badge tone="danger">{t('withdrawalPage.overdue', { age: waiting({ hours: data.ageHours }) })}</Badge>}
              <StatusBadge status={data.status} />
            </>
          }
          columns={3}
          items={[
            { label: t('withdrawalPage.fee'), value: <Money value={data.fee} /> },
            {
              label: t('withdrawalPage.toSend'),
              value: (
                <>
                  <Money value={data.netAmount} /> {t('withdrawalPage.inAsset', { asset: data.asset })}
                </>
              ),
            },
            { label: t('withdrawalPage.user'), value: `${data.user.name} · ${data.user.email}` },
            {
              label: t('withdrawalPage.address', { asset: data.asset }),
              value: (
                <span className="flex flex-wrap items-center gap-2">
                  <span className="break-all font-mono text-xs font-normal">{data.walletAddress}</span>
                  <CopyButton value={data.walletAddress} label={t('withdrawalPage.copy')} />
                </span>
              ),
              wide: true,
            },
            data.status !== 'Pending' && { label: t('withdrawalPage.decided', { when: formatDateTime(data.decidedAt) }), value: data.notes ?? t('withdrawalPage.noNotes'), wide: true },
            data.payout && { label: t('withdrawalPage.payout'), value: <PayoutProof payout={data.payout} />, wide: true },
          ]}
        >
          {data.status === 'Pending' && data.needsTwoApprovers && (
            <Alert tone="info" title={data.secondApproval ? t('withdrawalPage.secondApproval') : t('withdrawalPage.twoApprovals')}>
              {data.secondApproval
                ? mineToWait
                  ? t('withdrawalPage.yoursFirst')
                  : t('withdrawalPage.theirsFirst', { name: data.secondApproval.requestedBy.name })
                : t('withdrawalPage.aboveThreshold')}
            </Alert>
          )}
          {data.status === 'Pending' && paysOut && (
            <Field
              label={data.payoutOnChain ? t('withdrawalPage.payoutHash') : t('withdrawalPage.payoutHashOptional')}
              error={txHashError}
              hint={data.payoutOnChain ? t('withdrawalPage.payoutHashChecked') : t('withdrawalPage.payoutHashKept')}
            >
              {(props) => <Input {...props} autoComplete="off" spellCheck={false} placeholder={t('withdrawalPage.hashPlaceholder')} value={txHash} onChange={(event) => setTxHash(event.target.value)} />}
            </Field>
          )}
          {data.status === 'Pending' && (
            <DecisionPanel decision={review} messages="withdrawalPage" accept="approve" busy={deciding} acceptDisabled={mineToWait} onDecide={(decision) => void act(decision)} />
          )}
        </ReviewDetail>
      )}
    </ReviewPage>
  );
}
