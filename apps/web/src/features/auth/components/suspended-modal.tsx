import { Phone } from 'lucide-react';
import { Dialog } from '../../../components/ui/dialog';
import { Button } from '../../../components/ui/button';
import { usePublicSettings } from '../../../lib/public-settings';

/** SPEC §6: a suspended account is blocked with a modal and the support phone number. */
export function SuspendedModal({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { settings } = usePublicSettings();
  const phone = settings?.supportPhone.trim();
  return (
    <Dialog
      open={open}
      onOpenChange={(value) => !value && onClose()}
      title="Account Suspended"
      description="Your account has been suspended, so you cannot sign in right now."
      footer={
        <Button variant="secondary" onClick={onClose}>
          Close
        </Button>
      }
    >
      <p className="text-sm text-slate-700 dark:text-slate-300">Please contact support to find out why and how to restore access.</p>
      {phone ? (
        <a
          href={`tel:${phone.replace(/[^\d+]/g, '')}`}
          className="mt-4 inline-flex items-center gap-2 rounded-lg bg-brand-50 px-3 py-2 text-sm font-semibold text-brand-800 dark:bg-brand-950 dark:text-brand-200"
        >
          <Phone className="size-4" aria-hidden />
          {phone}
        </a>
      ) : (
        <p className="mt-4 text-sm text-slate-600 dark:text-slate-400">
          Reach us through the <a href="/support" className="font-semibold text-brand-700 underline dark:text-brand-300">Help Center</a>.
        </p>
      )}
    </Dialog>
  );
}
