import { useTranslation } from 'react-i18next';
import { Check, X } from 'lucide-react';
import { PASSWORD_SPECIAL_CHARACTERS, passwordStrength } from '@app/shared';
import { cn } from '../../../lib/cn';

/** SPEC §5 register checklist: mixed case, a digit, a special character, length over 5. */
export function PasswordStrength({ password }: { password: string }) {
  const { t } = useTranslation('auth');
  const strength = passwordStrength(password);
  const items = [
    { key: 'mixedCase', ok: strength.mixedCase, label: t('strength.mixedCase') },
    { key: 'number', ok: strength.number, label: t('strength.number') },
    { key: 'special', ok: strength.specialCharacter, label: t('strength.special', { characters: PASSWORD_SPECIAL_CHARACTERS }) },
    { key: 'length', ok: strength.length, label: t('strength.length') },
  ];
  return (
    <ul className="grid gap-1.5 rounded-lg bg-slate-50 p-3 text-xs sm:grid-cols-2 dark:bg-slate-800/60" aria-label={t('strength.label')}>
      {items.map((item) => (
        <li key={item.key} className={cn('flex items-center gap-2', item.ok ? 'text-emerald-700 dark:text-emerald-300' : 'text-slate-500 dark:text-slate-400')}>
          {item.ok ? <Check className="size-4 shrink-0" aria-hidden /> : <X className="size-4 shrink-0" aria-hidden />}
          <span>
            {item.label}
            <span className="sr-only">{item.ok ? t('strength.done') : t('strength.notYet')}</span>
          </span>
        </li>
      ))}
    </ul>
  );
}
