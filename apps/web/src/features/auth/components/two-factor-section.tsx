import { useEffect, useState, type FormEvent } from 'react';
import { toast } from '../../../lib/toast';
import { Copy, Download, ShieldCheck, ShieldOff } from 'lucide-react';
import { Alert } from '../../../components/ui/alert';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Field, Input } from '../../../components/ui/input';
import { errorMessage } from '../../../lib/api';
import { useAppDispatch } from '../../../lib/hooks';
import { authApi } from '../api/auth-api';
import { getUser } from '../auth-slice';
import { PasswordInput } from './password-input';

type Setup = { secret: string; otpauthUrl: string; qrCodeDataUrl: string };

function RecoveryCodes({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  const text = codes.join('\n');
  async function copy() {
    try {
      await navigator.clipboard.writeText(text);
      toast.success('Recovery codes copied');
    } catch {
      toast.error('Could not copy. Please write them down.');
    }
  }
  const download = `data:text/plain;charset=utf-8,${encodeURIComponent(`Vaultline recovery codes\n\n${text}\n`)}`;
  return (
    <div className="space-y-4">
      <Alert tone="warning" title="Save your recovery codes now">
        Each code signs you in once if you lose your phone. They will not be shown again.
      </Alert>
      <ol className="grid grid-cols-2 gap-2 rounded-lg bg-slate-50 p-4 font-mono text-sm sm:grid-cols-5 dark:bg-slate-800/60" aria-label="Recovery codes">
        {codes.map((code) => (
          <li key={code} className="text-slate-800 dark:text-slate-100">
            {code}
          </li>
        ))}
      </ol>
      <div className="flex flex-wrap gap-2">
        <Button variant="outline" size="sm" onClick={copy}>
          <Copy className="size-4" aria-hidden />
          Copy
        </Button>
        <a href={download} download="vaultline-recovery-codes.txt" className="inline-flex h-8 items-center gap-2 rounded-lg border border-slate-300 px-3 text-sm font-semibold text-slate-900 hover:bg-slate-50 dark:border-slate-700 dark:text-slate-100 dark:hover:bg-slate-800">
          <Download className="size-4" aria-hidden />
          Download
        </a>
        <Button size="sm" onClick={onDone}>
          I have saved them
        </Button>
      </div>
    </div>
  );
}

/** Security tab: optional authenticator-app two-factor, with recovery codes. */
export function TwoFactorSection({ readOnly }: { readOnly: boolean }) {
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
      toast.error(errorMessage(error, 'Could not load two-factor status'));
    }
  }

  useEffect(() => {
    let live = true;
    authApi
      .twoFactorStatus()
      .then((answer) => live && setStatus(answer))
      .catch((error: unknown) => live && toast.error(errorMessage(error, 'Could not load two-factor status')));
    return () => {
      live = false;
    };
  }, []);

  async function run<T>(work: () => Promise<T>): Promise<T | undefined> {
    setBusy(true);
    try {
      return await work();
    } catch (error) {
      toast.error(errorMessage(error, 'Something went wrong.'));
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

  async function enable(event: FormEvent) {
    event.preventDefault();
    if (!code.trim()) return toast.error('Please enter the code from your authenticator app');
    const answer = await run(() => authApi.twoFactorEnable(code.trim()));
    if (!answer) return;
    toast.success(answer.message);
    setSetup(null);
    setCodes(answer.recoveryCodes);
    setCode('');
    void dispatch(getUser());
    void refresh();
  }

  async function disable(event: FormEvent) {
    event.preventDefault();
    if (!password || !code.trim()) return toast.error('All fields are required');
    const answer = await run(() => authApi.twoFactorDisable(password, code.trim()));
    if (!answer) return;
    toast.success(answer.message);
    setMode('idle');
    setPassword('');
    setCode('');
    void dispatch(getUser());
    void refresh();
  }

  async function regenerate(event: FormEvent) {
    event.preventDefault();
    if (!code.trim()) return toast.error('Please enter the code from your authenticator app');
    const answer = await run(() => authApi.recoveryCodes(code.trim()));
    if (!answer) return;
    toast.success(answer.message);
    setMode('idle');
    setCode('');
    setCodes(answer.recoveryCodes);
    void refresh();
  }

  return (
    <section aria-labelledby="two-factor-heading" className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div>
          <h2 id="two-factor-heading" className="text-lg font-semibold text-slate-900 dark:text-white">
            Two-factor authentication
          </h2>
          <p className="text-sm text-slate-600 dark:text-slate-400">Ask for a code from an authenticator app each time you sign in.</p>
        </div>
        {status && <Badge tone={status.enabled ? 'success' : 'neutral'}>{status.enabled ? 'On' : 'Off'}</Badge>}
      </div>

      {codes ? (
        <RecoveryCodes codes={codes} onDone={() => setCodes(null)} />
      ) : setup ? (
        <form onSubmit={enable} className="grid gap-5 sm:grid-cols-[auto_1fr] sm:items-start">
          <img src={setup.qrCodeDataUrl} alt="QR code to scan with your authenticator app" className="size-44 rounded-lg border border-slate-200 bg-white p-2" />
          <div className="space-y-4">
            <ol className="list-decimal space-y-1 pl-5 text-sm text-slate-700 dark:text-slate-300">
              <li>Scan the QR code with an authenticator app (Google Authenticator, 1Password, Authy…).</li>
              <li>Or type this key: <code className="break-all rounded bg-slate-100 px-1.5 py-0.5 font-mono text-xs dark:bg-slate-800">{setup.secret}</code></li>
              <li>Enter the 6-digit code the app shows.</li>
            </ol>
            <Field label="Code from the app">
              {(props) => (
                <Input {...props} value={code} onChange={(event) => setCode(event.target.value)} inputMode="numeric" autoComplete="one-time-code" maxLength={6} placeholder="123456" />
              )}
            </Field>
            <div className="flex flex-wrap gap-2">
              <Button type="submit" loading={busy}>
                <ShieldCheck className="size-4" aria-hidden />
                Turn on
              </Button>
              <Button variant="ghost" onClick={() => setSetup(null)}>
                Cancel
              </Button>
            </div>
          </div>
        </form>
      ) : status?.enabled ? (
        <div className="space-y-4">
          <p className="text-sm text-slate-600 dark:text-slate-400">
            {status.recoveryCodesLeft} unused recovery code{status.recoveryCodesLeft === 1 ? '' : 's'} left.
          </p>
          {mode === 'idle' && (
            <div className="flex flex-wrap gap-2">
              <Button variant="outline" size="sm" onClick={() => setMode('regenerate')} disabled={readOnly}>
                New recovery codes
              </Button>
              <Button variant="danger" size="sm" onClick={() => setMode('disable')} disabled={readOnly}>
                <ShieldOff className="size-4" aria-hidden />
                Turn off
              </Button>
            </div>
          )}
          {mode === 'disable' && (
            <form onSubmit={disable} className="grid gap-4 sm:grid-cols-2">
              <Field label="Password">
                {(props) => <PasswordInput {...props} value={password} onChange={(event) => setPassword(event.target.value)} autoComplete="current-password" />}
              </Field>
              <Field label="Code (or a recovery code)">
                {(props) => <Input {...props} value={code} onChange={(event) => setCode(event.target.value)} autoComplete="one-time-code" />}
              </Field>
              <div className="flex gap-2 sm:col-span-2">
                <Button type="submit" variant="danger" loading={busy}>
                  Turn off two-factor
                </Button>
                <Button variant="ghost" onClick={() => setMode('idle')}>
                  Cancel
                </Button>
              </div>
            </form>
          )}
          {mode === 'regenerate' && (
            <form onSubmit={regenerate} className="flex flex-col gap-3 sm:flex-row sm:items-end">
              <Field label="Code from the app" className="sm:w-60">
                {(props) => <Input {...props} value={code} onChange={(event) => setCode(event.target.value)} autoComplete="one-time-code" />}
              </Field>
              <Button type="submit" loading={busy}>
                Create new codes
              </Button>
              <Button variant="ghost" onClick={() => setMode('idle')}>
                Cancel
              </Button>
            </form>
          )}
        </div>
      ) : (
        <Button onClick={start} loading={busy} disabled={readOnly || !status}>
          <ShieldCheck className="size-4" aria-hidden />
          Set up two-factor
        </Button>
      )}
    </section>
  );
}
