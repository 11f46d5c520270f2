import { forwardRef, useId, type InputHTMLAttributes, type ReactNode, type TextareaHTMLAttributes, type SelectHTMLAttributes } from 'react';
import { cn } from '../../lib/cn';
import { useTranslateMessage } from '../../i18n/messages';

export const inputClasses = (invalid?: boolean, className?: string) =>
  cn(
    'block w-full rounded-lg border bg-white px-3 py-2.5 text-sm text-slate-900 shadow-sm placeholder:text-slate-400 transition-colors',
    'focus:border-brand-600 focus:outline-none focus:ring-2 focus:ring-brand-600/20',
    'disabled:bg-slate-100 disabled:text-slate-500 read-only:bg-slate-50',
    'dark:bg-slate-900 dark:text-slate-100 dark:read-only:bg-slate-800',
    invalid ? 'border-red-500' : 'border-slate-300 dark:border-slate-700',
    className,
  );

export const Input = forwardRef<HTMLInputElement, InputHTMLAttributes<HTMLInputElement> & { invalid?: boolean }>(function Input(
  { invalid, className, ...props },
  ref,
) {
  return <input ref={ref} className={inputClasses(invalid, className)} aria-invalid={invalid || undefined} {...props} />;
});

export const Textarea = forwardRef<HTMLTextAreaElement, TextareaHTMLAttributes<HTMLTextAreaElement> & { invalid?: boolean }>(
  function Textarea({ invalid, className, ...props }, ref) {
    return <textarea ref={ref} className={inputClasses(invalid, cn('min-h-28', className))} aria-invalid={invalid || undefined} {...props} />;
  },
);

export const Select = forwardRef<HTMLSelectElement, SelectHTMLAttributes<HTMLSelectElement> & { invalid?: boolean }>(function Select(
  { invalid, className, children, ...props },
  ref,
) {
  return (
    <select ref={ref} className={inputClasses(invalid, className)} aria-invalid={invalid || undefined} {...props}>
      {children}
    </select>
  );
});

/**
 * A labelled form field. The render prop receives the id to put on the control, so the
 * label, hint and error are all wired for screen readers.
 */
export function Field({
  label,
  hint,
  error,
  children,
  className,
}: {
  label: ReactNode;
  hint?: ReactNode;
  error?: string;
  children: (props: { id: string; 'aria-describedby'?: string; invalid: boolean }) => ReactNode;
  className?: string;
}) {
  const id = useId();
  const translate = useTranslateMessage();
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  const describedBy = [hintId, errorId].filter(Boolean).join(' ') || undefined;
  return (
    <div className={cn('space-y-1.5', className)}>
      <label htmlFor={id} className="block text-sm font-medium text-slate-700 dark:text-slate-200">
        {label}
      </label>
      {children({ id, 'aria-describedby': describedBy, invalid: Boolean(error) })}
      {hint && (
        <p id={hintId} className="text-xs text-slate-500 dark:text-slate-400">
          {hint}
        </p>
      )}
      {error && (
        <p id={errorId} role="alert" className="text-xs font-medium text-red-600 dark:text-red-400">
          {translate(error)}
        </p>
      )}
    </div>
  );
}
