import { useEffect, useId, useRef, useState } from 'react';
import { FileText, ImageUp, X } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { KYC_ACCEPT_ATTRIBUTE } from '@app/shared';
import { formatLocaleNumber } from '../../../i18n/format';
import { useTranslateMessage } from '../../../i18n/messages';
import { cn } from '../../../lib/cn';

function isPreviewableImage(file: File): boolean {
  // HEIC and BMP previews are not reliable in every browser; show their names instead.
  return /^image\/(jpeg|jpg|png|gif|webp)$/i.test(file.type);
}

/** "830 KB", "2,4 MB": a file size in the app's language. */
function formatSize(bytes: number): string {
  if (bytes < 1024) return `${formatLocaleNumber(bytes)} B`;
  if (bytes < 1024 * 1024) return `${formatLocaleNumber(Math.round(bytes / 1024))} KB`;
  return `${formatLocaleNumber(Math.round((bytes / (1024 * 1024)) * 10) / 10, 1)} MB`;
}

/** One document side: a large drop-style picker, then a preview (images) or the file name (PDF and others). */
export function DocumentPicker({
  label,
  removeLabel,
  hint,
  file,
  error,
  disabled,
  onPick,
  onClear,
}: {
  label: string;
  /** The remove button's name ("Remove front of document"). */
  removeLabel: string;
  hint: string;
  file: File | null;
  error?: string;
  disabled?: boolean;
  /** Called with the picked file, or null when the picker was closed without one. */
  onPick: (file: File | null) => void;
  onClear: () => void;
}) {
  const { t } = useTranslation('app');
  const translate = useTranslateMessage();
  const id = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const [preview, setPreview] = useState<{ file: File; url: string; broken?: boolean } | null>(null);
  // A file that claims to be an image but is not one shows its name, like a PDF.
  const previewUrl = preview && preview.file === file && !preview.broken ? preview.url : null;

  // Object URLs are made in the change handler and released when replaced or unmounted.
  useEffect(() => () => {
    if (preview) URL.revokeObjectURL(preview.url);
  }, [preview]);

  function choose(picked: File | null) {
    const canPreview = picked && isPreviewableImage(picked) && typeof URL.createObjectURL === 'function';
    setPreview(canPreview ? { file: picked, url: URL.createObjectURL(picked) } : null);
    onPick(picked);
  }

  const errorId = error ? `${id}-error` : undefined;
  return (
    <div className="space-y-2">
      <label htmlFor={id} className="block text-sm font-semibold text-slate-800 dark:text-slate-100">
        {label}
      </label>
      <div
        className={cn(
          'relative flex min-h-48 flex-col items-center justify-center overflow-hidden rounded-xl border-2 border-dashed p-4 text-center transition-colors focus-within:ring-2 focus-within:ring-brand-500/40',
          error
            ? 'border-red-400 bg-red-50/50 dark:border-red-700 dark:bg-red-950/30'
            : file
              ? 'border-brand-300 bg-brand-50/40 dark:border-brand-800 dark:bg-brand-950/30'
              : 'border-slate-300 bg-white hover:border-brand-500 hover:bg-brand-50/30 dark:border-slate-700 dark:bg-slate-900',
        )}
      >
        {file ? (
          <>
            {previewUrl ? (
              <img
                src={previewUrl}
                alt={t('documentPicker.preview', { label })}
                className="max-h-40 w-auto rounded-md object-contain shadow-sm"
                onError={() => setPreview((current) => (current ? { ...current, broken: true } : current))}
              />
            ) : (
              <FileText className="size-12 text-brand-700 dark:text-brand-400" aria-hidden />
            )}
            <p className="mt-3 max-w-full truncate text-sm font-medium text-slate-800 dark:text-slate-100" title={file.name}>
              {file.name}
            </p>
            <p className="text-xs text-slate-500 dark:text-slate-400">{formatSize(file.size)}</p>
            <button
              type="button"
              onClick={() => {
                onClear();
                if (inputRef.current) inputRef.current.value = '';
              }}
              disabled={disabled}
              className="absolute right-2 top-2 z-10 rounded-full bg-white/90 p-1.5 text-slate-600 shadow hover:bg-white hover:text-slate-900 disabled:opacity-50 dark:bg-slate-800 dark:text-slate-200"
              aria-label={removeLabel}
            >
              <X className="size-4" aria-hidden />
            </button>
          </>
        ) : (
          <>
            <ImageUp className="size-10 text-slate-400" aria-hidden />
            <p className="mt-2 text-sm font-medium text-slate-700 dark:text-slate-200">{t('documentPicker.choose')}</p>
            <p className="mt-1 text-xs text-slate-500 dark:text-slate-400">{hint}</p>
          </>
        )}
        <input
          ref={inputRef}
          id={id}
          type="file"
          accept={KYC_ACCEPT_ATTRIBUTE}
          disabled={disabled}
          aria-invalid={error ? true : undefined}
          aria-describedby={errorId}
          className="absolute inset-0 cursor-pointer opacity-0"
          title={file ? t('documentPicker.another') : undefined}
          onChange={(event) => {
            choose(event.target.files?.[0] ?? null);
          }}
        />
      </div>
      {error && (
        <p id={errorId} role="alert" className="text-sm font-medium text-red-600 dark:text-red-400">
          {translate(error)}
        </p>
      )}
    </div>
  );
}
