import { useTranslation } from 'react-i18next';
import { useState } from 'react';
import { apiFetch, errorMessage } from '../../lib/api';
import { notify } from '../../lib/notify';
import { useAppSelector } from '../../lib/hooks';

/** Shown on every page while a staff member views the product as a user (read-only). */
export function ImpersonationBanner() {
  const user = useAppSelector((state) => state.auth.user);
  const [busy, setBusy] = useState(false);
  const { t } = useTranslation();
  if (!user?.isImpersonated) return null;

  async function exit() {
    setBusy(true);
    try {
      await apiFetch('/api/users/exit-impersonation', { method: 'POST' });
      window.location.assign('/user-profile');
    } catch (error) {
      notify('error', errorMessage(error, 'Something went wrong.'));
      setBusy(false);
    }
  }

  return (
    <div className="bg-amber-400 text-amber-950" role="status">
      <div className="mx-auto flex max-w-7xl flex-wrap items-center justify-between gap-2 px-4 py-2 text-sm sm:px-6">
        <p>
          {t('shell.impersonation.viewingBefore')}<strong>{user.name}</strong>{t('shell.impersonation.viewingAfter')}
        </p>
        <button type="button" onClick={exit} disabled={busy} className="rounded-md bg-amber-950 px-3 py-1.5 font-semibold text-amber-50 hover:bg-amber-900 disabled:opacity-60">
          {t('shell.impersonation.exit')}
        </button>
      </div>
    </div>
  );
}
