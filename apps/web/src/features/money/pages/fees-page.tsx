import { useTranslation } from 'react-i18next';
import { toast } from '../../../lib/toast';
import { Card } from '../../../components/ui/card';
import { errorMessage } from '../../../lib/api';
import { useToggleFeesMutation } from '../api/money-api';
import { AdjustForm } from '../components/adjust-form';
import { UserMoneyPage } from '../components/user-money-page';

/** /update-fee/:id: charge or refund fees, and whether the user's dashboard shows them. */
export function FeesPage() {
  const { t } = useTranslation('staff');
  const [toggleFees, { isLoading: toggling }] = useToggleFeesMutation();

  async function toggle(id: string, hasFees: boolean) {
    try {
      const answer = await toggleFees({ id, hasFees }).unwrap();
      toast.success(answer.message);
    } catch (error) {
      toast.error(errorMessage(error, t('feesPage.toggleFailed')));
    }
  }

  return (
    <UserMoneyPage title={t('feesPage.title')} description={t('feesPage.description')} docDescription={t('feesPage.docDescription')} loading={t('feesPage.loading')} failed={t('feesPage.failed')}>
      {(user, id) => (
        <>
          <Card className="flex items-center justify-between gap-4">
            <div>
              <p id="fees-toggle-label" className="font-semibold text-slate-900 dark:text-white">{t('feesPage.toggle')}</p>
              <p className="text-sm text-slate-500">{t('feesPage.toggleHint')}</p>
            </div>
            <button
              type="button"
              role="switch"
              aria-checked={user.hasFees}
              aria-labelledby="fees-toggle-label"
              disabled={toggling}
              onClick={() => void toggle(id, !user.hasFees)}
              className={`relative inline-flex h-7 w-12 shrink-0 items-center rounded-full transition-colors disabled:opacity-60 ${user.hasFees ? 'bg-brand-700' : 'bg-slate-300 dark:bg-slate-600'}`}
            >
              <span className={`inline-block size-5 rounded-full bg-white shadow transition-transform ${user.hasFees ? 'translate-x-6' : 'translate-x-1'}`} />
            </button>
          </Card>
          <Card>
            <AdjustForm userId={id} path="update-fees" failure={t('feesPage.updateFailed')} labels={{ add: t('feesPage.charge'), deduct: t('feesPage.refund') }} />
          </Card>
        </>
      )}
    </UserMoneyPage>
  );
}
