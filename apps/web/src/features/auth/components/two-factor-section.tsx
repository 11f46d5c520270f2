import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '../../../lib/toast';
import { Copy, Download, ShieldCheck, ShieldOff } from 'lucide-react';
import { Alert } from '../../../components/ui/alert';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Field, Input } from '../../../components/ui/input';
import { errorMessage } from '../../../lib/api';
import { settleWhileLive } from '../../../lib/live-request';
import { useAppDispatch } from '../../../lib/hooks';
import { authApi } from '../api/auth-api';
import { getUser } from '../auth-slice';
import { PasswordInput } from './password-input';
import { SecurityHeading } from './security-heading';

type Setup = { secret: string; otpauthUrl: string; qrCodeDataUrl: string };

function RecoveryCodes({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  const { t } = useTranslation('auth');
  const text = codes.join('\n');
  async function copy() {
    try {
      await navigator.clipboard.writeText(text);
      toast.success(t('twoFactor.copied'));
    } catch {
      toast.error(t('twoFactor.copyFailed'));
    }
  }
  const download = `data:text/plain;charset=utf-8,${encodeURIComponent(`${t('twoFactor.fileHeading')}\n\n${text}\n`)}`;
  return (
    <div className="space-y-4">
      <Alert tone="warning" title={t('twoFactor.saveNow')}>
        {t('twoFactor.saveNote')}
      </Alert>
      <ol className="grid grid-cols-2 gap-2 rounded-lg bg-slate-50 p-4 font-mono text-sm sm:grid-cols-5 dark:bg-slate-800/60" aria-label={t('twoFactor.recoveryCodes')}>
        {codes.map((code) => (
          <li key={code} className="text-slate-800 dark:text-slate-100">
            {code}
          </li>
        ))}
      </ol>
      <div className="flex flex-wrap gap-2">
        <Button variant="outline" size="sm" onClick={copy}>
          <Copy className="size-4" aria-hidden />
          {t('twoFactor.copy')}
        </Button>
        <a href={download} download="vaultline-recovery-codes.txt" className="inline-flex h-8 items-center gap-2 rounded-lg border border-slate-300 px-3 text-sm font-semibold text-slate-900 hover:bg-slate-50 dark:border-slate-700 dark:text-slate-100 dark:hover:bg-slate-800">
          <Download className="size-4" aria-hidden />
          {t('twoFactor.download')}
        </a>
        <Button size="sm" onClick={onDone}>
          {t('twoFactor.saved')}
        </Button>
      </div>
    </div>
  );
}

/** Security tab: optional authenticator-app two-factor, with recovery codes. */
export function TwoFactorSection({ readOnly }: { readOnly: boolean }) {
  const { t } = useTranslation('auth');
  const dispatch = useAppDispatch();
  const [status, setStatus] = useState<{ enabled: boolean; recoveryCodesLeft: number } | null>(null);
  const [setup, setSetup] = useState<Setup | null>(null);
  const [codes, setCodes] = useState<string[] | null>(null);
  const [code, setCode] = useState('');
  const [password, setPassword] = useState('');
  const [busy, setBusy] = useState(false);
  const [mode, setMode] = useState<'idle' | 'disable' | 'regenerate'>('idle');

  async function refresh() {
    try {
      setStatus(await authApi.twoFactorStatus());
    } catch (error) {
      toast.error(errorMessage(error, t('twoFactor.loadFailed')));
    }
  }

  useEffect(
    () => settleWhileLive(authApi.twoFactorStatus(), setStatus, (error) => toast.error(errorMessage(error, t('twoFactor.loadFailed')))),
    [t],
  );

  async function run<T>(work: () => Promise<T>): Promise<T | undefined> {
    setBusy(true);
    try {
      return await work();
    } catch (error) {
      toast.error(errorMessage(error, t('twoFactor.failed')));
      return undefined;
    } finally {
      setBusy(false);
    }
  }

  async function start() {
    const answer = await run(() => authApi.twoFactorSetup());
    if (answer) {
      setSetup(answer);
      setCode('');
    }
  }

  /** The forms' submit: refused with `missing` while a field is empty, else the request, its message, `after`, and the status again. */
  async function submit<T extends { message: string }>(event: FormEvent, missing: string | null, work: () => Promise<T>, after: (answer: T) => void) {
    event.preventDefault();
    if (missing) return toast.error(missing);
    const answer = await run(work);
    if (!answer) return;
    toast.success(answer.message);
    after(answer);
    void refresh();
  }

  const codeMissing = code.trim() ? null : t('twoFactor.codeNeeded');

  const enable = (event: FormEvent) =>
    submit(event, codeMissing, () => authApi.twoFactorEnable(code.trim()), (answer) => {
      setSetup(null);
      setCodes(answer.recoveryCodes);
      setCode('');
      void dispatch(getUser());
    });

  const disable = (event: FormEvent) =>
    submit(event, password && code.trim() ? null : t('twoFactor.allRequired'), () => authApi.twoFactorDisable(password, code.trim()), () => {
      setMode('idle');
      setPassword('');
      setCode('');
      void dispatch(getUser());
    });

  const regenerate = (event: FormEvent) =>
    submit(event, codeMissing, () => authApi.recoveryCodes(code.trim()), (answer) => {
      setMode('idle');
      setCode('');
      setCodes(answer.recoveryCodes);
    });

  return (
    <section aria-labelledby="two-factor-heading" className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <SecurityHeading id="two-factor-heading" title={t('twoFactor.title')} intro={t('twoFactor.intro')} />
        {status && <Badge tone={status.enabled ? 'success' : 'neutral'}>{status.enabled ? t('twoFactor.on') : t('twoFactor.off')}</Badge>}
      </div>

      {codes ? (
        <RecoveryCodes codes={codes} onDone={() => setCodes(null)} />
      ) : setup ? (
        <form onSubmit={enable} className="grid gap-5 sm:grid-cols-[auto_1fr] sm:items-start">
          <img src={setup.qrCodeDataUrl} alt={t('twoFactor.qrAlt')} className="size-44 rounded-lg border border-slate-200 bg-white p-2" />
          <div className="space-y-4">
            <ol className="list-decimal space-y-1 pl-5 text-sm text-slate-700 dark:text-slate-300">
              <li>{t('twoFactor.scan')}</li>
              <li>
                {t('twoFactor.typeKey')} <code className="break-all rounded bg-slate-100 px-1.5 py-0.5 font-mono text-xs dark:bg-slate-800">{setup.secret}</code>
              </li>
              <li>{t('twoFactor.enterCode')}</li>
            </ol>
            <Field label={t('twoFactor.codeLabel')}>
              {(props) => (
                <Input {...props} value={code} onChange={(event) => setCode(event.target.value)} inputMode="numeric" autoComplete="one-time-code" maxLength={6} placeholder={t('twoFactor.codePlaceholder')} />
              )}
            </Field>
            <div className="flex flex-wrap gap-2">
              <Button type="submit" loading={busy}>
                <ShieldCheck className="size-4" aria-hidden />
                {t('twoFactor.turnOn')}
              </Button>
              <Button variant="ghost" onClick={() => setSetup(null)}>
                {t('twoFactor.cancel')}
              </Button>
            </div>
          </div>
        </form>
      ) : status?.enabled ? (
        <div className="space-y-4">
          <p className="text-sm text-slate-600 dark:text-slate-400">
            {t('twoFactor.codesLeft', { count: status.recoveryCodesLeft })}
          </p>
          {mode === 'idle' && (
            <div className="flex flex-wrap gap-2">
              <Button variant="outline" size="sm" onClick={() => setMode('regenerate')} disabled={readOnly}>
                {t('twoFactor.newCodes')}
              </Button>
              <Button variant="danger" size="sm" onClick={() => setMode('disable')} disabled={readOnly}>
                <ShieldOff className="size-4" aria-hidden />
                {t('twoFactor.turnOff')}
              </Button>
            </div>
          )}
          {mode === 'disable' && (
            <form onSubmit={disable} className="grid gap-4 sm:grid-cols-2">
              <Field label={t('twoFactor.password')}>
                {(props) => <PasswordInput {...props} value={password} onChange={(event) => setPassword(event.target.value)} autoComplete="current-password" />}
              </Field>
              <Field label={t('twoFactor.codeOrRecovery')}>
                {(props) => <Input {...props} value={code} onChange={(event) => setCode(event.target.value)} autoComplete="one-time-code" />}
              </Field>
              <div className="flex gap-2 sm:col-span-2">
                <Button type="submit" variant="danger" loading={busy}>
                  {t('twoFactor.turnOffSubmit')}
                </Button>
                <Button variant="ghost" onClick={() => setMode('idle')}>
                  {t('twoFactor.cancel')}
                </Button>
              </div>
            </form>
          )}
          {mode === 'regenerate' && (
            <form onSubmit={regenerate} className="flex flex-col gap-3 sm:flex-row sm:items-end">
              <Field label={t('twoFactor.codeLabel')} className="sm:w-60">
                {(props) => <Input {...props} value={code} onChange={(event) => setCode(event.target.value)} autoComplete="one-time-code" />}
              </Field>
              <Button type="submit" loading={busy}>
                {t('twoFactor.createCodes')}
              </Button>
              <Button variant="ghost" onClick={() => setMode('idle')}>
                {t('twoFactor.cancel')}
              </Button>
            </form>
          )}
        </div>
      ) : (
        <Button onClick={start} loading={busy} disabled={readOnly || !status}>
          <ShieldCheck className="size-4" aria-hidden />
          {t('twoFactor.setUp')}
        </Button>
      )}
    </section>
  );
}
