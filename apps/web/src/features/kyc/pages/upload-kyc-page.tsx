import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { toast } from '../../../lib/toast';
import { ShieldCheck, Lock } from 'lucide-react';
import { KYC_ACCEPTED_EXTENSIONS, KYC_DOCUMENT_SIDES, KYC_MESSAGES, KYC_SIDE_LABELS, kycUploadSchema, TIMERS_MS, type KycUploadFormValues } from '@app/shared';
import { Alert } from '../../../components/ui/alert';
import { AlertWithLink } from '../../../components/ui/alert-with-link';
import { Button } from '../../../components/ui/button';
import { Card, PageHeader } from '../../../components/ui/card';
import { Spinner } from '../../../components/ui/spinner';
import { useTranslateMessage } from '../../../i18n/messages';
import { useCurrentUser, useAppDispatch } from '../../../lib/hooks';
import { errorMessage } from '../../../lib/api';
import { api } from '../../../lib/query';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useKycStatusQuery } from '../api/kyc-api';
import { uploadKycDocuments } from '../api/upload';
import { DocumentPicker } from '../components/document-picker';

const schema = kycUploadSchema<File>();
type Files = z.output<typeof schema>;

const ACCEPTED = KYC_ACCEPTED_EXTENSIONS.map((extension) => extension.toUpperCase());

export function UploadKycPage() {
  const { t } = useTranslation('app');
  const translate = useTranslateMessage();
  useDocumentTitle(t('uploadKycPage.title'), t('uploadKycPage.metaDescription'));
  const user = useCurrentUser();
  const navigate = useNavigate();
  const dispatch = useAppDispatch();
  const status = useKycStatusQuery();
  const {
    handleSubmit,
    setValue,
    setError,
    clearErrors,
    control,
    formState: { errors, isSubmitting },
  } = useForm<KycUploadFormValues<File>, unknown, Files>({ resolver: zodResolver(schema), defaultValues: { front: null, back: null } });
  const files = useWatch({ control });
  const [progress, setProgress] = useState<number | null>(null);
  const [done, setDone] = useState(false);

  useEffect(() => {
    if (!done) return;
    const timer = setTimeout(() => navigate('/my-account'), TIMERS_MS.redirectAfterKycUpload);
    return () => clearTimeout(timer);
  }, [done, navigate]);

  const kycStatus = status.data?.kycStatus ?? user?.kycStatus ?? 'Not Submitted';
  const uploading = isSubmitting || (progress !== null && !done);
  const formError = errors.root?.server?.message ?? errors.root?.message;

  /** Each pick is checked at once with the shared rules (the SPEC's message, the side, what was found). */
  function pick(side: (typeof KYC_DOCUMENT_SIDES)[number], file: File | null) {
    clearErrors('root');
    setValue(side, file, { shouldValidate: true });
  }

  async function upload(picked: Files) {
    if (done) return;
    setProgress(0);
    try {
      await uploadKycDocuments(picked, setProgress);
      setDone(true);
      toast.dismiss();
      toast.success(KYC_MESSAGES.uploaded);
      dispatch(api.util.invalidateTags(['Kyc', 'User']));
    } catch (error) {
      setProgress(null);
      const message = errorMessage(error, KYC_MESSAGES.uploadFailed);
      // A refusal naming a side ("Back of document: ...") goes under that side's box.
      const side = KYC_DOCUMENT_SIDES.find((item) => message.startsWith(`${KYC_SIDE_LABELS[item]}:`));
      setError(side ?? 'root.server', { type: 'server', message });
      toast.error(message);
    }
  }

  if (status.isLoading && !user) return <Spinner label={t('uploadKycPage.loading')} />;

  return (
    <div className="mx-auto max-w-3xl">
      <PageHeader title={t('uploadKycPage.title')} description={t('uploadKycPage.description')} />

      {kycStatus === 'Approved' ? (
        <AlertWithLink tone="success" title={t('uploadKycPage.verified.title')} to="/my-account" linkText={t('uploadKycPage.verified.dashboard')}>
          {t('uploadKycPage.verified.body')}
        </AlertWithLink>
      ) : (
        <Card className="p-5 sm:p-8">
          {kycStatus === 'Pending' && !done && (
            <Alert tone="info" title={t('uploadKycPage.pending.title')} className="mb-6">
              {t('uploadKycPage.pending.body')}
            </Alert>
          )}
          {kycStatus === 'Rejected' && !done && (
            <Alert tone="danger" title={t('uploadKycPage.rejected.title')} className="mb-6">
              {status.data?.reason ? t('uploadKycPage.rejected.reason', { reason: status.data.reason }) : t('uploadKycPage.rejected.noReason')}
            </Alert>
          )}
          <form
            onSubmit={handleSubmit(upload, (invalid) => {
              // SPEC §8: a missing document is also said in a toast.
              if (invalid.root?.message) toast.error(invalid.root.message);
            })}
            noValidate
            aria-describedby={formError ? 'kyc-form-error' : undefined}
          >
            <div className="grid gap-6 sm:grid-cols-2">
              {KYC_DOCUMENT_SIDES.map((side) => (
                <DocumentPicker
                  key={side}
                  label={t(`uploadKycPage.${side}.label`)}
                  removeLabel={t(`uploadKycPage.${side}.remove`)}
                  hint={t(`uploadKycPage.${side}.hint`)}
                  file={files[side] ?? null}
                  error={errors[side]?.message}
                  disabled={uploading || done}
                  onPick={(file) => pick(side, file)}
                  onClear={() => {
                    setValue(side, null);
                    clearErrors(side);
                  }}
                />
              ))}
            </div>

            <p className="mt-4 text-xs text-slate-500 dark:text-slate-400">
              {t('uploadKycPage.accepted', { types: ACCEPTED.slice(0, -1).join(', '), last: ACCEPTED[ACCEPTED.length - 1] })}
            </p>

            {formError && (
              <p id="kyc-form-error" role="alert" className="mt-4 text-sm font-medium text-red-600 dark:text-red-400">
                {translate(formError)}
              </p>
            )}

            {progress !== null && (
              <div className="mt-6">
                <div className="mb-1 flex justify-between text-xs font-medium text-slate-600 dark:text-slate-300">
                  <span>{done ? t('uploadKycPage.progress.uploaded') : progress >= 100 ? t('uploadKycPage.progress.checking') : t('uploadKycPage.progress.uploading')}</span>
                  <span className="tabular-nums">{progress}%</span>
                </div>
                <div
                  role="progressbar"
                  aria-label={t('uploadKycPage.progress.label')}
                  aria-valuemin={0}
                  aria-valuemax={100}
                  aria-valuenow={progress}
                  className="h-2.5 overflow-hidden rounded-full bg-slate-200 dark:bg-slate-800"
                >
                  <div className="h-full rounded-full bg-brand-600 transition-[width] duration-200" style={{ width: `${progress}%` }} />
                </div>
              </div>
            )}

            {done && (
              <Alert tone="success" title={translate(KYC_MESSAGES.uploaded)} className="mt-6">
                {t('uploadKycPage.redirecting')}
              </Alert>
            )}

            <div className="mt-6 flex flex-col-reverse gap-3 sm:flex-row sm:items-center sm:justify-between">
              <p className="flex items-center gap-2 text-xs text-slate-500 dark:text-slate-400">
                <Lock className="size-4 shrink-0" aria-hidden />
                {t('uploadKycPage.privacy')}
              </p>
              <Button type="submit" size="lg" loading={uploading} disabled={done} className="sm:min-w-48">
                <ShieldCheck className="size-5" aria-hidden />
                {uploading ? t('uploadKycPage.progress.uploading') : t('uploadKycPage.submit')}
              </Button>
            </div>
          </form>
        </Card>
      )}
    </div>
  );
}
