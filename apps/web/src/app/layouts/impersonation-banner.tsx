import { useTranslation } from 'react-i18next';
import { useExitImpersonation } from '../../lib/exit-impersonation';
import { notify } from '../../lib/notify';
import { useAppSelector } from '../../lib/hooks';

/** Shown on every page while a staff member views the product as a user (read-only). */
export function ImpersonationBanner() {
  const user = useAppSelector((state) => state.auth.user);
  const { exiting, exit } = useExitImpersonation((message) => notify('error', message));
  const { t } = useTranslation();
  if (!user?.isImpersonated) return null;

  return (
    <div className="bg-amber-400 text-amber-950" role="status">
      <div className="mx-auto flex max-w-7xl flex-wrap items-center justify-between gap-2 px-4 py-2 text-sm sm:px-6">
        <p>
          {t('shell.impersonation.viewingBefore')}<strong>{user.name}</strong>{t('shell.impersonation.viewingAfter')}
        </p>
        <button type="button" onClick={exit} disabled={exiting} className="rounded-md bg-amber-950 px-3 py-1.5 font-semibold text-amber-50 hover:bg-amber-900 disabled:opacity-60">
          {t('shell.impersonation.exit')}
        </button>
      </div>
    </div>
  );
}
