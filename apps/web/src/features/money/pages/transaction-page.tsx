import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { toast } from '../../../lib/toast';
import { StatusBadge } from '../../../components/ui/badge';
import { Money } from '../../../components/ui/money';
import { ReviewDetail, ReviewPage } from '../../../components/ui/review-detail';
import { formatDateTime } from '../../../i18n/format';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useDecidePaymentMutation, usePaymentQuery } from '../api/money-api';
import { amountError } from '../components/amount';
import { ChainEvidenceNote } from '../components/chain-evidence';
import { DecisionPanel, useStaffDecision } from '../components/decision-panel';
import { Field, Input } from '../../../components/ui/input';

/** /transaction/:transactionId: confirm or reject a payment, with optional notes (staff). */
export function TransactionPage() {
  const { t } = useTranslation('staff');
  useDocumentTitle(t('transactionPage.title'), t('transactionPage.docDescription'));
  const { transactionId = '' } = useParams();
  const { data, isLoading, isError } = usePaymentQuery(transactionId, { skip: !transactionId });
  const [decide, { isLoading: deciding }] = useDecidePaymentMutation();
  const review = useStaffDecision<'confirm'>();
  const [usd, setUsd] = useState('');
  const [usdError, setUsdError] = useState<string | undefined>();
  /** Detected on chain in an asset that is not USD-pegged: staff set its US dollar value. */
  const unpriced = data?.source === 'chain' && data.amount === '0.00';

  async function act(decision: 'confirm' | 'reject') {
    if (!transactionId) {
      toast.error(t('transactionPage.missingId'));
      return;
    }
    if (decision === 'confirm' && unpriced) {
      const problem = amountError(usd);
      setUsdError(problem);
      if (problem) return;
    }
    await review.send(
      decision,
      async (notes) => {
        await decide({ transactionId, decision, notes, ...(unpriced && decision === 'confirm' ? { amount: usd.trim() } : {}) }).unwrap();
        return decision === 'confirm' ? t('transactionPage.confirmed') : t('transactionPage.rejected');
      },
      decision === 'confirm' ? t('transactionPage.confirmFailed') : t('transactionPage.rejectFailed'),
    );
  }

  const onChain = data?.source === 'chain';
  return (
    <ReviewPage
      title={t('transactionPage.title')}
      back={{ to: '/admin-pending-deposit', label: t('transactionPage.back') }}
      loading={isLoading ? t('transactionPage.loading') : null}
      failure={!transactionId ? t('transactionPage.missingId') : !isLoading && (isError || !data) ? t('transactionPage.failed') : null}
    >
      {data && (
        <ReviewDetail
          eyebrow={t('transactionPage.transaction', { id: data.transactionId })}
          headline={unpriced ? t('transactionPage.toPrice') : <Money value={data.amount} />}
          badges={<StatusBadge status={data.status} />}
          items={[
            { label: t('transactionPage.user'), value: `${data.user.name} · ${data.user.email}` },
            { label: onChain ? t('transactionPage.seen') : t('transactionPage.reported'), value: formatDateTime(data.createdAt) },
            { label: t('transactionPage.asset'), value: data.asset ?? t('transactionPage.noAsset') },
            { label: t('transactionPage.txHash'), value: data.txHash ?? t('transactionPage.noTxHash'), mono: true },
            { label: onChain ? t('transactionPage.detected') : t('transactionPage.onChain'), value: <ChainEvidenceNote evidence={data.chain} />, wide: true },
            data.status !== 'Pending' && { label: t('transactionPage.decided', { when: formatDateTime(data.decidedAt) }), value: data.notes ?? t('transactionPage.noNotes'), wide: true },
          ]}
        >
          {data.status === 'Pending' && unpriced && (
            <Field
              label={t('transactionPage.usdValue')}
              error={usdError}
              hint={t('transactionPage.usdValueHint', { amount: data.chain?.amount ?? t('transactionPage.theTransfer'), asset: data.asset ?? '' })}
            >
              {(props) => <Input {...props} inputMode="decimal" autoComplete="off" placeholder="0.00" value={usd} onChange={(event) => setUsd(event.target.value)} />}
            </Field>
          )}
          {data.status === 'Pending' && <DecisionPanel decision={review} messages="transactionPage" accept="confirm" busy={deciding} onDecide={(decision) => void act(decision)} />}
        </ReviewDetail>
      )}
    </ReviewPage>
  );
}
