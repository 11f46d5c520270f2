import { useTranslation } from 'react-i18next';
import { Phone } from 'lucide-react';
import { Dialog } from '../../../components/ui/dialog';
import { Button } from '../../../components/ui/button';
import { usePublicSettings } from '../../../lib/public-settings';

/** SPEC §6: a suspended account is blocked with a modal and the support phone number. */
export function SuspendedModal({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { settings } = usePublicSettings();
  const { t } = useTranslation('auth');
  const phone = settings?.supportPhone.trim();
  return (
    <Dialog
      open={open}
      onOpenChange={(value) => !value && onClose()}
      title={t('suspended.title')}
      description={t('suspended.description')}
      footer={
        <Button variant="secondary" onClick={onClose}>
          {t('suspended.close')}
        </Button>
      }
    >
      <p className="text-sm text-slate-700 dark:text-slate-300">{t('suspended.contact')}</p>
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
          {t('suspended.reach')} <a href="/support" className="font-semibold text-brand-700 underline dark:text-brand-300">{t('nav.help')}</a>.
        </p>
      )}
    </Dialog>
  );
}
