import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Fingerprint, KeyRound, Pencil, Plus, Trash2 } from 'lucide-react';
import {
  PASSKEY_RECENT_AUTH_MINUTES,
  passkeyNameSchema,
  passkeyReauthPasswordSchema,
  type PasskeyList,
  type PasskeyNameInput,
  type PasskeyReauthPasswordInput,
  type PasskeyView,
} from '@app/shared';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { Field, Input } from '../../../components/ui/input';
import { Spinner } from '../../../components/ui/spinner';
import { errorMessage } from '../../../lib/api';
import { settleWhileLive } from '../../../lib/live-request';
import { toast } from '../../../lib/toast';
import { passkeysApi, ReauthRequiredError } from '../api/passkeys-api';
import { confirmWithPasskey, createPasskey, passkeyErrorMessage } from '../passkeys';
import { describeAgent } from './devices-section';
import { toastFirstError } from './form-errors';
import { PasswordInput } from './password-input';
import { SecurityHeading } from './security-heading';
import { localeDateFormat } from '../../../i18n/format';

const date = localeDateFormat({ dateStyle: 'medium' });

/** The name dialog of "Add a passkey" and "Rename". */
function NameDialog({
  title,
  description,
  initialName,
  submitLabel,
  onSubmit,
  onClose,
}: {
  title: string;
  description: string;
  initialName: string;
  submitLabel: string;
  onSubmit: (name: string) => Promise<boolean>;
  onClose: () => void;
}) {
  const { t } = useTranslation('auth');
  const {
    register: field,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<PasskeyNameInput, unknown, { name: string }>({ resolver: zodResolver(passkeyNameSchema), defaultValues: { name: initialName } });
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()} title={title} description={description}>
      <form
        noValidate
        className="space-y-5"
        onSubmit={handleSubmit(async (values) => {
          if (await onSubmit(values.name)) onClose();
        }, toastFirstError)}
      >
        <Field label={t('passkeys.nameLabel')} hint={t('passkeys.nameHint')} error={errors.name?.message}>
          {(props) => <Input {...props} {...field('name')} autoFocus autoComplete="off" />}
        </Field>
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button variant="ghost" onClick={onClose}>
            {t('passkeys.cancel')}
          </Button>
          <Button type="submit" loading={isSubmitting}>
            {submitLabel}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}

/**
 * Removing a passkey: when this session signed in (or confirmed it is you) more than a few
 * minutes ago, the server asks to confirm with the password or a passkey first.
 */
function RemoveDialog({
  passkey,
  mustConfirm,
  hasPassword,
  onRemoved,
  onClose,
}: {
  passkey: PasskeyView;
  mustConfirm: boolean;
  hasPassword: boolean;
  onRemoved: () => void;
  onClose: () => void;
}) {
  const { t } = useTranslation('auth');
  const [confirming, setConfirming] = useState(mustConfirm);
  const [busy, setBusy] = useState<'remove' | 'passkey' | null>(null);
  const {
    register: field,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<PasskeyReauthPasswordInput, unknown, { password: string }>({
    resolver: zodResolver(passkeyReauthPasswordSchema),
    defaultValues: { password: '' },
  });

  async function remove() {
    try {
      const answer = await passkeysApi.remove(passkey.id);
      toast.success(answer.message);
      onRemoved();
      onClose();
    } catch (error) {
      if (error instanceof ReauthRequiredError) setConfirming(true);
      else toast.error(errorMessage(error, t('passkeys.removeFailed')));
    }
  }

  async function confirmThen(run: () => Promise<unknown>, fallback: string) {
    try {
      await run();
    } catch (error) {
      toast.error(passkeyErrorMessage(error, fallback));
      return;
    }
    await remove();
  }

  return (
    <Dialog
      open
      onOpenChange={(open) => !open && onClose()}
      title={t('passkeys.removeTitle', { name: passkey.name })}
      description={confirming ? t('passkeys.confirmFirst', { minutes: PASSKEY_RECENT_AUTH_MINUTES }) : t('passkeys.removeNote')}
    >
      {confirming ? (
        <div className="space-y-5">
          {hasPassword && (
            <form
              noValidate
              className="space-y-4"
              onSubmit={handleSubmit((values) => confirmThen(() => passkeysApi.reauth({ password: values.password }), t('passkeys.confirmFailed')), toastFirstError)}
            >
              <Field label={t('passkeys.yourPassword')} error={errors.password?.message}>
                {(props) => <PasswordInput {...props} {...field('password')} autoComplete="current-password" autoFocus />}
              </Field>
              <Button type="submit" variant="danger" className="w-full" loading={isSubmitting}>
                <Trash2 className="size-4" aria-hidden />
                {t('passkeys.confirmAndRemove')}
              </Button>
            </form>
          )}
          <Button
            variant="outline"
            className="w-full"
            loading={busy === 'passkey'}
            onClick={async () => {
              setBusy('passkey');
              await confirmThen(confirmWithPasskey, t('passkeys.confirmWithPasskeyFailed'));
              setBusy(null);
            }}
          >
            <Fingerprint className="size-4" aria-hidden />
            {hasPassword ? t('passkeys.confirmWithPasskey') : t('passkeys.confirmWithPasskeyAndRemove')}
          </Button>
        </div>
      ) : (
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button variant="ghost" onClick={onClose}>
            {t('passkeys.cancel')}
          </Button>
          <Button
            variant="danger"
            loading={busy === 'remove'}
            onClick={async () => {
              setBusy('remove');
              await remove();
              setBusy(null);
            }}
          >
            <Trash2 className="size-4" aria-hidden />
            {t('passkeys.removePasskey')}
          </Button>
        </div>
      )}
    </Dialog>
  );
}

type Open = { kind: 'add' } | { kind: 'rename'; passkey: PasskeyView } | { kind: 'remove'; passkey: PasskeyView; mustConfirm: boolean } | null;

/** Security tab: the account's passkeys (add, rename, remove). The page shows it only in browsers with WebAuthn. */
export function PasskeysSection({ readOnly }: { readOnly: boolean }) {
  const { t } = useTranslation('auth');
  const [list, setList] = useState<PasskeyList | null>(null);
  const [open, setOpen] = useState<Open>(null);
  const [version, setVersion] = useState(0);

  useEffect(
    () => settleWhileLive(passkeysApi.list(), setList, (error) => toast.error(errorMessage(error, t('passkeys.loadFailed')))),
    [version, t],
  );

  const reload = () => setVersion((count) => count + 1);
  // Asked again at removal by the server; knowing it here spares a refused request first.
  const recentlySignedIn = () => Boolean(list?.recentAuthUntil && Date.parse(list.recentAuthUntil) > Date.now());

  /** The name dialog's save: whether it worked (the dialog closes), with a toast either way. */
  async function save(work: () => Promise<unknown>, done: string, failure: (error: unknown) => string): Promise<boolean> {
    try {
      await work();
      toast.success(done);
      reload();
      return true;
    } catch (error) {
      toast.error(failure(error));
      return false;
    }
  }

  const add = (name: string) => save(() => createPasskey(name), t('passkeys.added'), (error) => passkeyErrorMessage(error, t('passkeys.addFailed')));
  const rename = (passkey: PasskeyView, name: string) =>
    save(() => passkeysApi.rename(passkey.id, name), t('passkeys.renamed'), (error) => errorMessage(error, t('passkeys.renameFailed')));

  return (
    <section aria-labelledby="passkeys-heading" className="space-y-4">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
        <SecurityHeading id="passkeys-heading" title={t('passkeys.title')} intro={t('passkeys.intro')} className="min-w-0" />
        <Button className="shrink-0 self-start" onClick={() => setOpen({ kind: 'add' })} disabled={readOnly || !list}>
          <Plus className="size-4" aria-hidden />
          {t('passkeys.add')}
        </Button>
      </div>
      {list === null ? (
        <Spinner label={t('passkeys.loading')} />
      ) : list.passkeys.length === 0 ? (
        <p className="rounded-xl border border-dashed border-slate-300 p-4 text-sm text-slate-600 dark:border-slate-700 dark:text-slate-400">
          {t('passkeys.none')}
        </p>
      ) : (
        <ul aria-label={t('passkeys.yours')} className="divide-y divide-slate-200 rounded-xl border border-slate-200 dark:divide-slate-800 dark:border-slate-800">
          {list.passkeys.map((passkey) => (
            <li key={passkey.id} className="flex flex-col gap-3 p-4 sm:flex-row sm:items-center sm:justify-between">
              <div className="flex min-w-0 items-start gap-3">
                <KeyRound className="mt-0.5 size-5 shrink-0 text-slate-500" aria-hidden />
                <div className="min-w-0">
                  <p className="flex flex-wrap items-center gap-2 text-sm font-medium text-slate-900 dark:text-white">
                    <span className="break-all">{passkey.name}</span>
                    {passkey.synced && <Badge tone="info">{t('passkeys.synced')}</Badge>}
                  </p>
                  <p className="text-xs text-slate-500 dark:text-slate-400">
                    {t('passkeys.addedOn', { date: date.format(new Date(passkey.createdAt)) })} ·{' '}
                    {passkey.lastUsedAt ? t('passkeys.lastUsed', { date: date.format(new Date(passkey.lastUsedAt)) }) : t('passkeys.neverUsed')}
                  </p>
                </div>
              </div>
              <div className="flex shrink-0 gap-2">
                <Button variant="outline" size="sm" onClick={() => setOpen({ kind: 'rename', passkey })} disabled={readOnly} aria-label={t('passkeys.renameNamed', { name: passkey.name })}>
                  <Pencil className="size-4" aria-hidden />
                  {t('passkeys.rename')}
                </Button>
                <Button variant="outline" size="sm" onClick={() => setOpen({ kind: 'remove', passkey, mustConfirm: !recentlySignedIn() })} disabled={readOnly} aria-label={t('passkeys.removeNamed', { name: passkey.name })}>
                  <Trash2 className="size-4" aria-hidden />
                  {t('passkeys.remove')}
                </Button>
              </div>
            </li>
          ))}
        </ul>
      )}
      {open?.kind === 'add' && (
        <NameDialog
          title={t('passkeys.add')}
          description={t('passkeys.addNote')}
          initialName={describeAgent(navigator.userAgent)}
          submitLabel={t('passkeys.continue')}
          onSubmit={add}
          onClose={() => setOpen(null)}
        />
      )}
      {open?.kind === 'rename' && (
        <NameDialog
          title={t('passkeys.renameTitle')}
          description={t('passkeys.renameNote')}
          initialName={open.passkey.name}
          submitLabel={t('passkeys.save')}
          onSubmit={(name) => rename(open.passkey, name)}
          onClose={() => setOpen(null)}
        />
      )}
      {open?.kind === 'remove' && list && (
        <RemoveDialog passkey={open.passkey} mustConfirm={open.mustConfirm} hasPassword={list.hasPassword} onRemoved={reload} onClose={() => setOpen(null)} />
      )}
    </section>
  );
}
