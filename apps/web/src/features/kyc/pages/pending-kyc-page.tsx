import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { toast } from '../../../lib/toast';
import { CheckCircle2, Clock, XCircle } from 'lucide-react';
import { KYC_MESSAGES, KYC_REASON_MAX_LENGTH } from '@app/shared';
import { Alert } from '../../../components/ui/alert';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { Field, Textarea } from '../../../components/ui/input';
import { ReviewDetail } from '../../../components/ui/review-detail';
import { StaffQueue } from '../../../components/ui/staff-queue';
import { minutesSince, useStaffTime } from '../../../components/ui/staff-time';
import { formatDate, formatDateTime } from '../../../i18n/format';
import { errorMessage } from '../../../lib/api';
import { cn } from '../../../lib/cn';
import { countryName } from '../../../lib/countries';
import { useDecideKycMutation, usePendingKycInfiniteQuery, type PendingKycCase } from '../api/kyc-api';
import { DocumentViewer } from '../components/document-viewer';

/** The case after `id` in queue order (oldest first), else the first other one. */
export function nextCaseId(queue: PendingKycCase[], id: string): string | null {
  const index = queue.findIndex((item) => item._id === id);
  const after = queue.slice(index + 1).find((item) => item._id !== id);
  return after?._id ?? queue.find((item) => item._id !== id)?._id ?? null;
}

export function PendingKycPage() {
  const { t } = useTranslation('staff');
  const { waiting } = useStaffTime();
  const pages = usePendingKycInfiniteQuery();
  const queue = pages.data?.pages.flatMap((page) => page.items) ?? [];
  const [params, setParams] = useSearchParams();
  const requested = params.get('case');
  const current = queue.find((item) => item._id === requested) ?? queue[0] ?? null;

  function select(id: string | null) {
    setParams(id ? { case: id } : {}, { replace: true });
  }

  return (
    <StaffQueue
      messages="pendingKycPage"
      query={pages}
      items={queue}
      listLabel={t('pendingKycPage.queue')}
      notice={
        <p className="mb-2 text-sm font-medium text-slate-600 dark:text-slate-300">
          {pages.hasNextPage ? t('pendingKycPage.shownMore', { count: queue.length }) : t('pendingKycPage.waitingCount', { count: queue.length })}
        </p>
      }
      renderItem={(item) => {
        const active = item._id === current?._id;
        return (
          <button
            type="button"
            onClick={() => select(item._id)}
            aria-current={active ? 'true' : undefined}
            className={cn(
              'w-full rounded-xl border px-3 py-2.5 text-left text-sm transition-colors',
              active ? 'border-brand-600 bg-brand-50 ring-1 ring-brand-600 dark:bg-brand-950' : 'border-slate-200 bg-white hover:border-slate-300 dark:border-slate-800 dark:bg-slate-900',
            )}
          >
            <span className="block truncate font-semibold text-slate-900 dark:text-white" title={item.name}>
              {item.name}
            </span>
            <span className="mt-0.5 flex items-center gap-1.5 text-xs text-slate-500 dark:text-slate-400">
              <Clock className="size-3.5" aria-hidden />
              <time dateTime={item.submittedAt}>{formatDateTime(item.submittedAt)}</time>
              <span aria-hidden>·</span>
              <span>{waiting({ minutes: minutesSince(item.submittedAt) })}</span>
            </span>
          </button>
        );
      }}
      detail={current && <ReviewPanel key={current.submissionId} item={current} onDecided={() => select(nextCaseId(queue, current._id))} />}
    />
  );
}

function ReviewPanel({ item, onDecided }: { item: PendingKycCase; onDecided: () => void }) {
  const { t } = useTranslation('staff');
  const [decide, { isLoading }] = useDecideKycMutation();
  const [rejectOpen, setRejectOpen] = useState(false);
  const [reason, setReason] = useState('');
  const [failure, setFailure] = useState<string | null>(null);
  const [pending, setPending] = useState<'approve' | 'reject' | null>(null);

  async function submit(action: 'approve' | 'reject') {
    setFailure(null);
    setPending(action);
    try {
      await decide({ id: item._id, action, submissionId: item.submissionId, reason: action === 'reject' ? reason.trim() : undefined }).unwrap();
      toast.success(action === 'approve' ? t('pendingKycPage.approved', { name: item.name }) : t('pendingKycPage.rejected', { name: item.name }));
      setRejectOpen(false);
      onDecided();
    } catch (error) {
      toast.error(KYC_MESSAGES.reviewFailed);
      setFailure(errorMessage(error, KYC_MESSAGES.reviewFailed));
    } finally {
      setPending(null);
    }
  }

  return (
    <section aria-labelledby="kyc-case-title" className="min-w-0">
      <ReviewDetail
        headline={item.name}
        headingId="kyc-case-title"
        badges={
          <>
            <Badge tone="warning">{t('account:kyc.status.Pending')}</Badge>
            {item.previousRejections > 0 && <Badge tone="danger">{t('pendingKycPage.resubmission')}</Badge>}
          </>
        }
        actions={
          <>
            <Button variant="danger" onClick={() => setRejectOpen(true)} disabled={isLoading}>
              <XCircle className="size-4" aria-hidden />
              {t('pendingKycPage.reject')}
            </Button>
            <Button onClick={() => void submit('approve')} loading={pending === 'approve'} disabled={isLoading}>
              <CheckCircle2 className="size-4" aria-hidden />
              {t('pendingKycPage.approve')}
            </Button>
          </>
        }
        columns={4}
        items={[
          { label: t('common.email'), value: item.email, title: item.email },
          { label: t('common.phone'), value: item.phone || '—' },
          { label: t('common.country'), value: countryName(item.country) || '—' },
          { label: t('pendingKycPage.registered'), value: formatDate(item.createdAt) },
          { label: t('pendingKycPage.submitted'), value: formatDateTime(item.submittedAt) },
          { label: t('pendingKycPage.emailVerified'), value: item.isVerified ? t('pendingKycPage.yes') : t('pendingKycPage.no') },
          { label: t('pendingKycPage.role'), value: t(`pendingKycPage.roles.${item.role}`) },
          { label: t('pendingKycPage.earlierRejections'), value: String(item.previousRejections) },
        ]}
      >
        {failure && (
          <Alert tone="danger" title={KYC_MESSAGES.reviewFailed}>
            {failure !== KYC_MESSAGES.reviewFailed ? failure : null}
          </Alert>
        )}
        {item.previousRejections > 0 && (
          <p className="rounded-lg bg-slate-100 px-3 py-2 text-sm text-slate-700 dark:bg-slate-800 dark:text-slate-200">
            <span className="font-medium">{t('pendingKycPage.lastRejection')}</span> {item.lastRejectionReason || t('pendingKycPage.noReason')}
          </p>
        )}
        <div className="grid gap-4 md:grid-cols-2">
          <DocumentViewer url={item.kyc.frontDoc} type={item.kyc.frontType} side="front" fileName={item.kyc.frontName} />
          <DocumentViewer url={item.kyc.backDoc} type={item.kyc.backType} side="back" fileName={item.kyc.backName} />
        </div>
      </ReviewDetail>

      <Dialog
        open={rejectOpen}
        onOpenChange={setRejectOpen}
        title={t('pendingKycPage.rejectTitle', { name: item.name })}
        description={t('pendingKycPage.rejectDescription')}
        footer={
          <>
            <Button variant="outline" onClick={() => setRejectOpen(false)}>
              {t('pendingKycPage.cancel')}
            </Button>
            <Button variant="danger" onClick={() => void submit('reject')} loading={pending === 'reject'}>
              {t('pendingKycPage.reject')}
            </Button>
          </>
        }
      >
        <Field label={t('pendingKycPage.reason')} hint={`${reason.length}/${KYC_REASON_MAX_LENGTH}`}>
          {(props) => <Textarea {...props} value={reason} maxLength={KYC_REASON_MAX_LENGTH} onChange={(event) => setReason(event.target.value)} placeholder={t('pendingKycPage.reasonPlaceholder')} />}
        </Field>
      </Dialog>
    </section>
  );
}
