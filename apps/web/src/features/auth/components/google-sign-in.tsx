import { useTranslation } from 'react-i18next';
import { useEffect, useRef, useState } from 'react';
import { settleWhileLive } from '../../../lib/live-request';
import { authApi } from '../api/auth-api';

interface GoogleIdApi {
  initialize(options: { client_id: string; callback: (response: { credential?: string }) => void }): void;
  renderButton(element: HTMLElement, options: Record<string, unknown>): void;
}

declare global {
  interface Window {
    google?: { accounts?: { id?: GoogleIdApi } };
  }
}

const SCRIPT_URL = 'https://accounts.google.com/gsi/client';
let scriptPromise: Promise<void> | null = null;

function loadScript(): Promise<void> {
  scriptPromise ??= new Promise<void>((resolve, reject) => {
    const script = document.createElement('script');
    script.src = SCRIPT_URL;
    script.async = true;
    script.onload = () => resolve();
    script.onerror = () => {
      scriptPromise = null;
      reject(new Error('Google script unavailable'));
    };
    document.head.appendChild(script);
  });
  return scriptPromise;
}

/**
 * "Sign in with Google": hidden when the server has no Google client id; says so when
 * Google's script cannot load. The credential goes to POST /api/users/google/callback.
 */
export function GoogleSignIn({ onCredential }: { onCredential: (credential: string) => void }) {
  const { t } = useTranslation('auth');
  const [clientId, setClientId] = useState<string | null>(null);
  const [failed, setFailed] = useState(false);
  const container = useRef<HTMLDivElement>(null);
  const callback = useRef(onCredential);
  useEffect(() => {
    callback.current = onCredential;
  }, [onCredential]);

  // Without the options the button stays hidden, as with no client id.
  useEffect(() => settleWhileLive(authApi.authOptions(), (options) => setClientId(options.googleClientId), () => {}), []);

  useEffect(() => {
    if (!clientId) return;
    return settleWhileLive(
      loadScript(),
      () => {
        const id = window.google?.accounts?.id;
        if (!id || !container.current) return;
        id.initialize({ client_id: clientId, callback: (response) => response.credential && callback.current(response.credential) });
        id.renderButton(container.current, { theme: 'outline', size: 'large', text: 'signin_with', width: 320 });
      },
      () => setFailed(true),
    );
  }, [clientId]);

  if (!clientId) return null;
  return (
    <div className="mt-6">
      <div className="relative mb-4 text-center text-xs uppercase tracking-wide text-slate-500">
        <span className="relative z-10 bg-white px-2 dark:bg-slate-900">{t('google.or')}</span>
        <span className="absolute inset-x-0 top-1/2 -z-0 border-t border-slate-200 dark:border-slate-700" aria-hidden />
      </div>
      {failed ? (
        <p className="text-center text-sm text-slate-500">{t('google.unavailable')}</p>
      ) : (
        <div ref={container} className="flex justify-center" />
      )}
    </div>
  );
}
