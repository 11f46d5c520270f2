import { Check, X } from 'lucide-react';
import { PASSWORD_SPECIAL_CHARACTERS, passwordStrength } from '@app/shared';
import { cn } from '../../../lib/cn';

/** SPEC §5 register checklist: mixed case, a digit, a special character, length over 5. */
export function PasswordStrength({ password }: { password: string }) {
  const strength = passwordStrength(password);
  const items = [
    { ok: strength.mixedCase, label: 'Lowercase & Uppercase' },
    { ok: strength.number, label: 'Number (0-9)' },
    { ok: strength.specialCharacter, label: `Special Character (${PASSWORD_SPECIAL_CHARACTERS})` },
    { ok: strength.length, label: 'At least 6 Characters' },
  ];
  return (
    <ul className="grid gap-1.5 rounded-lg bg-slate-50 p-3 text-xs sm:grid-cols-2 dark:bg-slate-800/60" aria-label="Password strength">
      {items.map((item) => (
        <li key={item.label} className={cn('flex items-center gap-2', item.ok ? 'text-emerald-700 dark:text-emerald-300' : 'text-slate-500 dark:text-slate-400')}>
          {item.ok ? <Check className="size-4 shrink-0" aria-hidden /> : <X className="size-4 shrink-0" aria-hidden />}
          <span>
            {item.label}
            <span className="sr-only">{item.ok ? ': done' : ': not yet'}</span>
          </span>
        </li>
      ))}
    </ul>
  );
}
