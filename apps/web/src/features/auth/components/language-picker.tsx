import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { isLanguage, LANGUAGE_NAMES, LANGUAGES } from '@app/shared';
import { changeLanguage, currentLanguage } from '../../../i18n';
import { useAppDispatch, useAppSelector } from '../../../lib/hooks';
import { cn } from '../../../lib/cn';

/**
 * Picks the language of the app: remembered in this browser and, when signed in, stored on the
 * account (its emails use it too).
 */
export function LanguagePicker({ className }: { className?: string }) {
  const { t } = useTranslation();
  const id = useId();
  const dispatch = useAppDispatch();
  const signedIn = useAppSelector((state) => state.auth.user !== null);

  async function onChange(value: string) {
    if (!isLanguage(value)) return;
    await changeLanguage(value);
    if (!signedIn) return;
    // Signed in: the auth slice has loaded (app/store.ts).
    const { updateUser } = await import('../auth-slice');
    await dispatch(updateUser({ language: value }));
  }

  return (
    <div className={cn('flex items-center gap-2 text-sm', className)}>
      <label htmlFor={id} className="font-medium text-slate-700 dark:text-slate-200">
        {t('language.label')}
      </label>
      <select
        id={id}
        value={currentLanguage()}
        onChange={(event) => void onChange(event.target.value)}
        className="rounded-md border border-slate-300 bg-white px-2 py-1.5 text-sm text-slate-900 dark:border-slate-700 dark:bg-slate-900 dark:text-slate-100"
      >
        {LANGUAGES.map((language) => (
          <option key={language} value={language} lang={language}>
            {LANGUAGE_NAMES[language]}
          </option>
        ))}
      </select>
    </div>
  );
}
