import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { Field, Textarea } from '../../../components/ui/input';

/** Staff decision on a pending request: optional notes, then accept or reject. */
export function DecisionPanel<Accept extends string>({
  notes,
  onNotesChange,
  notesHint,
  accept,
  acceptLabel,
  rejectLabel,
  pending,
  busy,
  acceptDisabled = false,
  onDecide,
}: {
  notes: string;
  onNotesChange: (notes: string) => void;
  notesHint: string;
  accept: Accept;
  acceptLabel: string;
  rejectLabel: string;
  pending: Accept | 'reject' | null;
  busy: boolean;
  /** The accept button is off (e.g. a four-eyes request of one's own waits for someone else). */
  acceptDisabled?: boolean;
  onDecide: (decision: Accept | 'reject') => void;
}) {
  const { t } = useTranslation('staff');
  return (
    <>
      <Field label={t('decisionPanel.notes')} hint={notesHint}>
        {(props) => <Textarea {...props} maxLength={1000} value={notes} onChange={(event) => onNotesChange(event.target.value)} />}
      </Field>
      <div className="flex flex-col gap-2 sm:flex-row">
        <Button onClick={() => onDecide(accept)} loading={pending === accept} disabled={busy || acceptDisabled}>
          {acceptLabel}
        </Button>
        <Button variant="danger" onClick={() => onDecide('reject')} loading={pending === 'reject'} disabled={busy}>
          {rejectLabel}
        </Button>
      </div>
    </>
  );
}
