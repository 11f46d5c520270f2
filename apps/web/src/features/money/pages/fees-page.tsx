import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { toast } from '../../../lib/toast';
import { Alert } from '../../../components/ui/alert';
import { Card, PageHeader } from '../../../components/ui/card';
import { Spinner } from '../../../components/ui/spinner';
import { errorMessage } from '../../../lib/api';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useMoneyUserQuery, useToggleFeesMutation } from '../api/money-api';
import { AdjustForm } from '../components/adjust-form';
import { UserFigures } from '../components/user-figures';

/** /update-fee/:id: charge or refund fees, and whether the user's dashboard shows them. */
export function FeesPage() {
  const { t } = useTranslation('staff');
  useDocumentTitle(t('feesPage.title'), t('feesPage.docDescription'));
  const { id = '' } = useParams();
  const { data, isLoading, isError } = useMoneyUserQuery(id, { skip: !id });
  const [toggleFees, { isLoading: toggling }] = useToggleFeesMutation();

  async function toggle(hasFees: boolean) {
    try {
      const answer = await toggleFees({ id, hasFees }).unwrap();
      toast.success(answer.message);
    } catch (error) {
      toast.error(errorMessage(error, t('feesPage.toggleFailed')));
    }
  }

  return (
    <div className="space-y-6">
      <PageHeader title={t('feesPage.title')} description={t('feesPage.description')} />
      {isLoading ? (
        <Spinner label={t('feesPage.loading')} />
      ) : isError || !data ? (
        <Alert tone="danger" title={t('feesPage.failed')} />
      ) : (
        <>
          <UserFigures user={data} />
          <Card className="flex items-center justify-between gap-4">
            <div>
              <p id="fees-toggle-label" className="font-semibold text-slate-900 dark:text-white">{t('feesPage.toggle')}</p>
              <p className="text-sm text-slate-500">{t('feesPage.toggleHint')}</p>
            </div>
            <button
              type="button"
              role="switch"
              aria-checked={data.hasFees}
              aria-labelledby="fees-toggle-label"
              disabled={toggling}
              onClick={() => void toggle(!data.hasFees)}
              className={`relative inline-flex h-7 w-12 shrink-0 items-center rounded-full transition-colors disabled:opacity-60 ${data.hasFees ? 'bg-brand-700' : 'bg-slate-300 dark:bg-slate-600'}`}
            >
              <span className={`inline-block size-5 rounded-full bg-white shadow transition-transform ${data.hasFees ? 'translate-x-6' : 'translate-x-1'}`} />
            </button>
          </Card>
          <Card>
            <AdjustForm userId={id} path="update-fees" failure={t('feesPage.updateFailed')} labels={{ add: t('feesPage.charge'), deduct: t('feesPage.refund') }} />
          </Card>
        </>
      )}
    </div>
  );
}
