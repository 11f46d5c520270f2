import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { toast } from '../../../lib/toast';
import { ShieldCheck, Lock } from 'lucide-react';
import { KYC_ACCEPTED_TYPES_TEXT, KYC_MESSAGES, KYC_SIDE_LABELS, kycFileFound, kycFileSchema, kycSideMessage, TIMERS_MS, type KycDocumentSide } from '@app/shared';
import { Alert } from '../../../components/ui/alert';
import { Button, buttonClasses } from '../../../components/ui/button';
import { Card, PageHeader } from '../../../components/ui/card';
import { Spinner } from '../../../components/ui/spinner';
import { useCurrentUser, useAppDispatch } from '../../../lib/hooks';
import { errorMessage } from '../../../lib/api';
import { api } from '../../../lib/query';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useKycStatusQuery } from '../api/kyc-api';
import { uploadKycDocuments } from '../api/upload';
import { DocumentPicker } from '../components/document-picker';

type Files = Record<KycDocumentSide, File | null>;
type Errors = Partial<Record<KycDocumentSide | 'form', string>>;

const SIDES: { side: KycDocumentSide; label: string; hint: string }[] = [
  { side: 'front', label: KYC_SIDE_LABELS.front, hint: 'The side with your photo and name' },
  { side: 'back', label: KYC_SIDE_LABELS.back, hint: 'The reverse side (or the signature page)' },
];

/**
 * SPEC §5 client checks for one picked file, from the shared schema: the SPEC's message,
 * with the side it concerns and what was found (the type, or the size).
 */
export function validateKycFile(side: KycDocumentSide, file: File | null): string | undefined {
  if (!file) return kycSideMessage(side, KYC_MESSAGES.selectFile);
  const result = kycFileSchema.safeParse(file);
  if (result.success) return undefined;
  const message = result.error.issues[0]?.message ?? KYC_MESSAGES.selectFile;
  const found = message === KYC_MESSAGES.tooLarge ? kycFileFound(file, 'size') : message === KYC_MESSAGES.invalidFormat ? kycFileFound(file, 'type') : undefined;
  return kycSideMessage(side, message, found);
}

export function UploadKycPage() {
  useDocumentTitle('Verify your identity', 'Upload the front and back of your identity document for KYC review.');
  const user = useCurrentUser();
  const navigate = useNavigate();
  const dispatch = useAppDispatch();
  const status = useKycStatusQuery();
  const [files, setFiles] = useState<Files>({ front: null, back: null });
  const [errors, setErrors] = useState<Errors>({});
  const [progress, setProgress] = useState<number | null>(null);
  const [done, setDone] = useState(false);
  const redirect = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  useEffect(() => () => clearTimeout(redirect.current), []);

  const kycStatus = status.data?.kycStatus ?? user?.kycStatus ?? 'Not Submitted';
  const uploading = progress !== null && !done;

  function pick(side: KycDocumentSide, file: File | null) {
    const problem = validateKycFile(side, file);
    setFiles((current) => ({ ...current, [side]: file && !problem ? file : null }));
    setErrors((current) => ({ ...current, [side]: problem, form: undefined }));
  }

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (uploading || done) return;
    if (!files.front || !files.back) {
      setErrors((current) => ({
        front: files.front ? current.front : kycSideMessage('front', KYC_MESSAGES.selectFile),
        back: files.back ? current.back : kycSideMessage('back', KYC_MESSAGES.selectFile),
        form: KYC_MESSAGES.bothRequired,
      }));
      toast.error(KYC_MESSAGES.bothRequired);
      return;
    }
    const sideErrors: Errors = { front: validateKycFile('front', files.front), back: validateKycFile('back', files.back) };
    if (sideErrors.front || sideErrors.back) {
      setErrors(sideErrors);
      return;
    }
    setErrors({});
    setProgress(0);
    try {
      await uploadKycDocuments({ front: files.front, back: files.back }, setProgress);
      setDone(true);
      toast.dismiss();
      toast.success(KYC_MESSAGES.uploaded);
      dispatch(api.util.invalidateTags(['Kyc', 'User']));
      redirect.current = setTimeout(() => navigate('/my-account'), TIMERS_MS.redirectAfterKycUpload);
    } catch (error) {
      setProgress(null);
      const message = errorMessage(error, KYC_MESSAGES.uploadFailed);
      // A refusal naming a side ("Back of document: ...") goes under that side's box.
      const side = SIDES.find((item) => message.startsWith(`${item.label}:`))?.side;
      setErrors(side ? { [side]: message } : { form: message });
      toast.error(message);
    }
  }

  if (status.isLoading && !user) return <Spinner label="Loading your verification status" />;

  return (
    <div className="mx-auto max-w-3xl">
      <PageHeader
        title="Verify your identity"
        description="Upload clear photos or scans of the front and back of a government-issued ID. Staff review them, usually within one business day."
      />

      {kycStatus === 'Approved' ? (
        <Alert
          tone="success"
          title="Your identity is verified"
          action={
            <Link to="/my-account" className={buttonClasses('outline', 'sm')}>
              Go to dashboard
            </Link>
          }
        >
          There is nothing more to upload.
        </Alert>
      ) : (
        <Card className="p-5 sm:p-8">
          {kycStatus === 'Pending' && !done && (
            <Alert tone="info" title="Your documents are under review" className="mb-6">
              Uploading again replaces the documents waiting for review.
            </Alert>
          )}
          {kycStatus === 'Rejected' && !done && (
            <Alert tone="danger" title="Your last documents were not approved" className="mb-6">
              {status.data?.reason ? <>Reason: {status.data.reason}</> : 'Please upload clearer photos of both sides.'}
            </Alert>
          )}
          <form onSubmit={onSubmit} noValidate aria-describedby={errors.form ? 'kyc-form-error' : undefined}>
            <div className="grid gap-6 sm:grid-cols-2">
              {SIDES.map(({ side, label, hint }) => (
                <DocumentPicker
                  key={side}
                  label={label}
                  hint={hint}
                  file={files[side]}
                  error={errors[side]}
                  disabled={uploading || done}
                  onPick={(file) => pick(side, file)}
                  onClear={() => {
                    setFiles((current) => ({ ...current, [side]: null }));
                    setErrors((current) => ({ ...current, [side]: undefined }));
                  }}
                />
              ))}
            </div>

            <p className="mt-4 text-xs text-slate-500 dark:text-slate-400">
              Accepted: {KYC_ACCEPTED_TYPES_TEXT}, up to 10MB each.
            </p>

            {errors.form && (
              <p id="kyc-form-error" role="alert" className="mt-4 text-sm font-medium text-red-600 dark:text-red-400">
                {errors.form}
              </p>
            )}

            {progress !== null && (
              <div className="mt-6">
                <div className="mb-1 flex justify-between text-xs font-medium text-slate-600 dark:text-slate-300">
                  <span>{done ? 'Uploaded' : progress >= 100 ? 'Checking documents…' : 'Uploading…'}</span>
                  <span className="tabular-nums">{progress}%</span>
                </div>
                <div
                  role="progressbar"
                  aria-label="Upload progress"
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
              <Alert tone="success" title={KYC_MESSAGES.uploaded} className="mt-6">
                Taking you to your dashboard…
              </Alert>
            )}

            <div className="mt-6 flex flex-col-reverse gap-3 sm:flex-row sm:items-center sm:justify-between">
              <p className="flex items-center gap-2 text-xs text-slate-500 dark:text-slate-400">
                <Lock className="size-4 shrink-0" aria-hidden />
                Stored encrypted and seen only by our verification staff.
              </p>
              <Button type="submit" size="lg" loading={uploading} disabled={done} className="sm:min-w-48">
                <ShieldCheck className="size-5" aria-hidden />
                {uploading ? 'Uploading…' : 'Submit documents'}
              </Button>
            </div>
          </form>
        </Card>
      )}
    </div>
  );
}
