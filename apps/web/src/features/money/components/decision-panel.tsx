import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '../../../lib/toast';
import { Button } from '../../../components/ui/button';
import { Field, Textarea } from '../../../components/ui/input';
import { errorMessage } from '../../../lib/api';

export type StaffDecision<Accept extends string> = ReturnType<typeof useStaffDecision<Accept>>;

/** A staff decision on a pending request: the notes typed, and which decision is on its way. */
export function useStaffDecision<Accept extends string>() {
  const [notes, setNotes] = useState('');
  const [pending, setPending] = useState<Accept | 'reject' | null>(null);

  /** Sends `decision` with the notes (left out when blank); a toast says what `request` answered, or why it failed. */
  async function send(decision: Accept | 'reject', request: (notes: string | undefined) => Promise<string>, failure: string) {
    setPending(decision);
    try {
      toast.success(await request(notes.trim() || undefined));
    } catch (error) {
      toast.error(errorMessage(error, failure));
    } finally {
      setPending(null);
    }
  }

  return { notes, setNotes, pending, send };
}

/**
 * Staff decision on a pending request: optional notes, then accept or reject. Its texts are the
 * `staff` messages under `messages`: notesHint, reject, and the accept button's under `accept`.
 */
export function DecisionPanel<Accept extends string>({
  decision,
  messages,
  accept,
  busy,
  acceptDisabled = false,
  onDecide,
}: {
  decision: StaffDecision<Accept>;
  messages: string;
  accept: Accept;
  busy: boolean;
  /** The accept button is off (e.g. a four-eyes request of one's own waits for someone else). */
  acceptDisabled?: boolean;
  onDecide: (decision: Accept | 'reject') => void;
}) {
  const { t } = useTranslation('staff');
  return (
    <>
      <Field label={t('decisionPanel.notes')} hint={t(`${messages}.notesHint`)}>
        {(props) => <Textarea {...props} maxLength={1000} value={decision.notes} onChange={(event) => decision.setNotes(event.target.value)} />}
      </Field>
      <div className="flex flex-col gap-2 sm:flex-row">
        <Button onClick={() => onDecide(accept)} loading={decision.pending === accept} disabled={busy || acceptDisabled}>
          {t(`${messages}.${accept}`)}
        </Button>
        <Button variant="danger" onClick={() => onDecide('reject')} loading={decision.pending === 'reject'} disabled={busy}>
          {t(`${messages}.reject`)}
        </Button>
      </div>
    </>
  );
}
