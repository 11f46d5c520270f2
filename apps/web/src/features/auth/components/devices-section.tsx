import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '../../../lib/toast';
import { LogOut, Monitor, Smartphone } from 'lucide-react';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import { errorMessage } from '../../../lib/api';
import { settleWhileLive } from '../../../lib/live-request';
import { authApi, type DeviceSession } from '../api/auth-api';
import { SecurityHeading } from './security-heading';
import { localeDateFormat } from '../../../i18n/format';
import { i18n } from '../../../i18n';

/** A readable name for a user agent, in the app's language: browser on system. */
export function describeAgent(agent: string | null): string {
  if (!agent) return i18n.t('auth:devices.unknown');
  const browser = /Edg\//.test(agent)
    ? 'Edge'
    : /OPR\//.test(agent)
      ? 'Opera'
      : /Firefox\//.test(agent)
        ? 'Firefox'
        : /Chrome\//.test(agent)
          ? 'Chrome'
          : /Safari\//.test(agent)
            ? 'Safari'
            : null;
  const system = /Android/.test(agent)
    ? 'Android'
    : /iPhone|iPad/.test(agent)
      ? 'iOS'
      : /Windows/.test(agent)
        ? 'Windows'
        : /Mac OS X/.test(agent)
          ? 'macOS'
          : /Linux/.test(agent)
            ? 'Linux'
            : null;
  if (browser && system) return i18n.t('auth:devices.browserOn', { browser, system });
  return browser ?? system ?? agent.slice(0, 60);
}

const dateTime = localeDateFormat({ dateStyle: 'medium', timeStyle: 'short' });

/** Security tab: the account's signed-in devices, each with Sign out. */
export function DevicesSection({ readOnly, refreshKey = 0 }: { readOnly: boolean; refreshKey?: number }) {
  const { t } = useTranslation('auth');
  const [sessions, setSessions] = useState<DeviceSession[] | null>(null);
  const [busy, setBusy] = useState<string | null>(null);

  /** A list that cannot load says so and shows none. */
  const loadFailed = useCallback(
    (error: unknown) => {
      toast.error(errorMessage(error, t('devices.loadFailed')));
      setSessions([]);
    },
    [t],
  );

  const load = useCallback(async () => {
    try {
      setSessions((await authApi.sessions()).sessions);
    } catch (error) {
      loadFailed(error);
    }
  }, [loadFailed]);

  useEffect(
    () => settleWhileLive(authApi.sessions(), (answer) => setSessions(answer.sessions), loadFailed),
    [refreshKey, loadFailed],
  );

  async function signOut(session: DeviceSession) {
    setBusy(session.id);
    try {
      const answer = await authApi.revokeSession(session.id);
      toast.success(answer.message);
      if (session.current) {
        window.location.assign('/login');
        return;
      }
      await load();
    } catch (error) {
      toast.error(errorMessage(error, t('devices.signOutFailed')));
    } finally {
      setBusy(null);
    }
  }

  async function signOutEverywhere() {
    setBusy('everywhere');
    try {
      const answer = await authApi.logoutEverywhere();
      toast.success(answer.message);
      window.location.assign('/login');
    } catch (error) {
      toast.error(errorMessage(error, t('devices.signOutEverywhereFailed')));
      setBusy(null);
    }
  }

  return (
    <section aria-labelledby="devices-heading" className="space-y-4">
      <SecurityHeading id="devices-heading" title={t('devices.title')} intro={t('devices.intro')} />
      {sessions === null ? (
        <Spinner label={t('devices.loading')} />
      ) : (
        <ul className="divide-y divide-slate-200 rounded-xl border border-slate-200 dark:divide-slate-800 dark:border-slate-800">
          {sessions.map((session) => {
            const mobile = /Mobile|Android|iPhone/.test(session.userAgent ?? '');
            const Icon = mobile ? Smartphone : Monitor;
            return (
              <li key={session.id} className="flex flex-col gap-3 p-4 sm:flex-row sm:items-center sm:justify-between">
                <div className="flex min-w-0 items-start gap-3">
                  <Icon className="mt-0.5 size-5 shrink-0 text-slate-500" aria-hidden />
                  <div className="min-w-0">
                    <p className="flex flex-wrap items-center gap-2 text-sm font-medium text-slate-900 dark:text-white">
                      {describeAgent(session.userAgent)}
                      {session.current && <Badge tone="success">{t('devices.thisDevice')}</Badge>}
                    </p>
                    <p className="text-xs text-slate-500 dark:text-slate-400">
                      {session.ip ? `${session.ip} · ` : ''}
                      {t('devices.signedInAt', { signedIn: dateTime.format(new Date(session.createdAt)), lastActive: dateTime.format(new Date(session.lastSeenAt)) })}
                    </p>
                  </div>
                </div>
                <Button
                  variant="outline"
                  size="sm"
                  onClick={() => signOut(session)}
                  loading={busy === session.id}
                  disabled={readOnly}
                  aria-label={t(session.current ? 'devices.signOutThis' : 'devices.signOutDevice', { device: describeAgent(session.userAgent) })}
                >
                  <LogOut className="size-4" aria-hidden />
                  {t('devices.signOut')}
                </Button>
              </li>
            );
          })}
        </ul>
      )}
      <div className="flex flex-col gap-2 rounded-xl border border-slate-200 p-4 sm:flex-row sm:items-center sm:justify-between dark:border-slate-800">
        <p className="text-sm text-slate-600 dark:text-slate-400">{t('devices.lostDevice')}</p>
        <Button variant="danger" size="sm" onClick={() => void signOutEverywhere()} loading={busy === 'everywhere'} disabled={readOnly}>
          <LogOut className="size-4" aria-hidden />
          {t('devices.signOutEverywhere')}
        </Button>
      </div>
    </section>
  );
}
