import { useEffect, useState } from 'react';
import { Dialog as RadixDialog } from 'radix-ui';
import { useTranslation } from 'react-i18next';
import { Download, FileText, Maximize2, X, ZoomIn, ZoomOut } from 'lucide-react';
import { buttonClasses } from '../../../components/ui/button';
import { cn } from '../../../lib/cn';

type Loaded = { for: string } & ({ state: 'loading' } | { state: 'error' } | { state: 'ready'; url: string });

const IMAGE_TYPES = new Set(['image/jpeg', 'image/png', 'image/webp', 'image/gif']);
const ZOOM_STEPS = [1, 1.5, 2, 3, 4];

/**
 * One private document for staff. It is fetched with the session (the endpoint is staff
 * only and never cached) and shown from a blob URL: images zoomable, PDFs in an inline
 * frame, anything the browser cannot show (HEIC) as a download.
 */
export function DocumentViewer({ url, type, side, fileName }: { url: string; type: string; side: 'front' | 'back'; fileName: string }) {
  const { t } = useTranslation('staff');
  const label = t(`documentViewer.${side}.label`);
  const [result, setResult] = useState<Loaded>({ for: url, state: 'loading' });
  const loaded: Loaded = result.for === url ? result : { for: url, state: 'loading' };
  const [zoomOpen, setZoomOpen] = useState(false);
  const [zoom, setZoom] = useState(0);

  useEffect(() => {
    const controller = new AbortController();
    let objectUrl: string | null = null;
    fetch(url, { credentials: 'include', signal: controller.signal })
      .then(async (response) => {
        if (!response.ok) throw new Error(`status ${response.status}`);
        const blob = await response.blob();
        objectUrl = URL.createObjectURL(new Blob([blob], { type }));
        setResult({ for: url, state: 'ready', url: objectUrl });
      })
      .catch(() => {
        if (!controller.signal.aborted) setResult({ for: url, state: 'error' });
      });
    return () => {
      controller.abort();
      if (objectUrl) URL.revokeObjectURL(objectUrl);
    };
  }, [url, type]);

  const isImage = IMAGE_TYPES.has(type);
  const isPdf = type === 'application/pdf';
  const extension = isPdf ? 'pdf' : (type.split('/')[1] ?? 'bin');
  const downloadName = `${side}.${extension}`;

  return (
    <figure className="flex min-w-0 flex-col rounded-xl border border-slate-200 bg-slate-50 dark:border-slate-800 dark:bg-slate-950">
      <figcaption className="flex items-center justify-between gap-2 border-b border-slate-200 px-3 py-2 text-sm dark:border-slate-800">
        <span className="font-semibold text-slate-800 dark:text-slate-100">{label}</span>
        <span className="truncate text-xs text-slate-500 dark:text-slate-400" title={fileName}>
          {fileName || type}
        </span>
      </figcaption>
      <div className="flex min-h-64 flex-1 items-center justify-center p-2">
        {loaded.state === 'loading' && (
          <p role="status" className="text-sm text-slate-500">
            {t(`documentViewer.${side}.loading`)}
          </p>
        )}
        {loaded.state === 'error' && (
          <p role="alert" className="text-sm text-red-600">
            {t(`documentViewer.${side}.failed`)}
          </p>
        )}
        {loaded.state === 'ready' && isImage && (
          <button
            type="button"
            onClick={() => {
              setZoom(0);
              setZoomOpen(true);
            }}
            className="group relative block cursor-zoom-in"
            aria-label={t(`documentViewer.${side}.zoomInto`)}
          >
            <img src={loaded.url} alt={label} className="max-h-[26rem] w-auto rounded-md object-contain" />
            <span className="absolute bottom-2 right-2 rounded-full bg-slate-900/70 p-1.5 text-white opacity-80 group-hover:opacity-100" aria-hidden>
              <Maximize2 className="size-4" />
            </span>
          </button>
        )}
        {loaded.state === 'ready' && isPdf && (
          <iframe src={loaded.url} title={t('documentViewer.pdf', { label })} className="h-[28rem] w-full rounded-md border-0 bg-white" />
        )}
        {loaded.state === 'ready' && !isImage && !isPdf && (
          <div className="flex flex-col items-center gap-2 py-8 text-center text-sm text-slate-600 dark:text-slate-300">
            <FileText className="size-10 text-slate-400" aria-hidden />
            <p>{t('documentViewer.cannotShow', { type })}</p>
          </div>
        )}
      </div>
      {loaded.state === 'ready' && (
        <div className="flex justify-end border-t border-slate-200 px-3 py-2 dark:border-slate-800">
          <a href={loaded.url} download={downloadName} className={buttonClasses('ghost', 'sm')}>
            <Download className="size-4" aria-hidden />
            {t(`documentViewer.${side}.download`)}
          </a>
        </div>
      )}

      {loaded.state === 'ready' && isImage && (
        <RadixDialog.Root open={zoomOpen} onOpenChange={setZoomOpen}>
          <RadixDialog.Portal>
            <RadixDialog.Overlay className="fixed inset-0 z-50 bg-slate-950/85" />
            <RadixDialog.Content className="fixed inset-0 z-50 flex flex-col bg-slate-950" aria-describedby={undefined}>
              <div className="flex items-center justify-between gap-2 bg-slate-950 px-4 py-2 text-white">
                <RadixDialog.Title className="text-sm font-semibold">{label}</RadixDialog.Title>
                <div className="flex items-center gap-1">
                  <button
                    type="button"
                    className="rounded-md p-2 hover:bg-white/10 disabled:opacity-40"
                    onClick={() => setZoom((z) => Math.max(0, z - 1))}
                    disabled={zoom === 0}
                    aria-label={t('documentViewer.zoomOut')}
                  >
                    <ZoomOut className="size-5" aria-hidden />
                  </button>
                  <span className="w-12 text-center text-sm tabular-nums" aria-live="polite">
                    {Math.round(ZOOM_STEPS[zoom]! * 100)}%
                  </span>
                  <button
                    type="button"
                    className="rounded-md p-2 hover:bg-white/10 disabled:opacity-40"
                    onClick={() => setZoom((z) => Math.min(ZOOM_STEPS.length - 1, z + 1))}
                    disabled={zoom === ZOOM_STEPS.length - 1}
                    aria-label={t('documentViewer.zoomIn')}
                  >
                    <ZoomIn className="size-5" aria-hidden />
                  </button>
                  <RadixDialog.Close className="ml-2 rounded-md p-2 hover:bg-white/10" aria-label={t('common.close')}>
                    <X className="size-5" aria-hidden />
                  </RadixDialog.Close>
                </div>
              </div>
              <div className="flex-1 overflow-auto p-4">
                <img
                  src={loaded.url}
                  alt={t('documentViewer.zoomed', { label })}
                  className={cn('mx-auto max-w-none rounded-md', zoom === 0 && 'max-h-full max-w-full object-contain')}
                  style={zoom === 0 ? undefined : { width: `${ZOOM_STEPS[zoom]! * 100}%` }}
                />
              </div>
            </RadixDialog.Content>
          </RadixDialog.Portal>
        </RadixDialog.Root>
      )}
    </figure>
  );
}
