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
  useDocumentTitle('Manage fees', "Charge or refund fees and choose whether the fees card shows on the user's dashboard.");
  const { id = '' } = useParams();
  const { data, isLoading, isError } = useMoneyUserQuery(id, { skip: !id });
  const [toggleFees, { isLoading: toggling }] = useToggleFeesMutation();

  async function toggle(hasFees: boolean) {
    try {
      const answer = await toggleFees({ id, hasFees }).unwrap();
      toast.success(answer.message);
    } catch (error) {
      toast.error(errorMessage(error, 'Toggle failed'));
    }
  }

  return (
    <div className="space-y-6">
      <PageHeader title="Manage fees" description="A fee is taken from the wallet balance as a visible entry; a refund cannot exceed the fees charged." />
      {isLoading ? (
        <Spinner label="Loading the user" />
      ) : isError || !data ? (
        <Alert tone="danger" title="Failed to load user data" />
      ) : (
        <>
          <UserFigures user={data} />
          <Card className="flex items-center justify-between gap-4">
            <div>
              <p id="fees-toggle-label" className="font-semibold text-slate-900 dark:text-white">Show fees on the dashboard</p>
              <p className="text-sm text-slate-500">When on, the user sees a Fees card with the total charged.</p>
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
            <AdjustForm userId={id} path="update-fees" failure="Failed to update fees." labels={{ add: 'Charge a fee', deduct: 'Refund fees' }} />
          </Card>
        </>
      )}
    </div>
  );
}
