import { useTranslation } from 'react-i18next';
import { toast } from '../../../lib/toast';
import { Copy, Gift, Link2 } from 'lucide-react';
import { REFERRAL_MESSAGES } from '@app/shared';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Card, PageHeader, StatCard } from '../../../components/ui/card';
import { Money } from '../../../components/ui/money';
import { EmptyState, Spinner } from '../../../components/ui/spinner';
import { useCurrentUser } from '../../../lib/hooks';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useReferralsQuery } from '../api/invest-api';
import { formatMoney, formatPercent } from '../../../i18n/format';
import { useTranslateMessage } from '../../../i18n/messages';

async function copy(text: string, messages: { success: string; failure: string }) {
  try {
    if (!navigator.clipboard) throw new Error('Clipboard unavailable');
    await navigator.clipboard.writeText(text);
    toast.success(messages.success);
  } catch {
    toast.error(messages.failure);
  }
}

const CODE_MESSAGES = { success: REFERRAL_MESSAGES.copied, failure: REFERRAL_MESSAGES.copyFailed };
const LINK_MESSAGES = { success: REFERRAL_MESSAGES.linkCopied, failure: REFERRAL_MESSAGES.linkCopyFailed };

function initials(name: string): string {
  return (
    name
      .split(/\s+/)
      .filter(Boolean)
      .slice(0, 2)
      .map((part) => part[0]!.toUpperCase())
      .join('') || '?'
  );
}

export function ReferralsPage() {
  const { t } = useTranslation('app');
  const translate = useTranslateMessage();
  useDocumentTitle(t('referralsPage.title'), t('referralsPage.metaDescription'));
  const user = useCurrentUser();
  const { data, isLoading, isError } = useReferralsQuery();
  const code = data?.referralCode ?? user?.referralCode ?? '';
  const link = code ? `${window.location.origin}/register?ref=${encodeURIComponent(code)}` : '';

  return (
    <div>
      <PageHeader title={t('referralsPage.title')} description={t('referralsPage.description')} />
      <div className="grid gap-4 lg:grid-cols-[minmax(0,2fr)_minmax(0,1fr)]">
        <Card className="space-y-5">
          <div>
            <h2 className="flex items-center gap-2 text-sm font-semibold text-slate-800 dark:text-slate-100">
              <Gift className="size-4 text-brand-600" aria-hidden /> {t('referralsPage.code')}
            </h2>
            <div className="mt-2 flex flex-wrap items-center gap-3">
              <code className="rounded-lg bg-slate-100 px-4 py-2 text-xl font-bold tracking-widest text-slate-900 dark:bg-slate-800 dark:text-white" data-testid="referral-code">
                {code || '—'}
              </code>
              <Button variant="outline" onClick={() => void copy(code, CODE_MESSAGES)} disabled={!code}>
                <Copy className="size-4" aria-hidden /> {t('referralsPage.copyCode')}
              </Button>
            </div>
          </div>
          <div>
            <h2 className="flex items-center gap-2 text-sm font-semibold text-slate-800 dark:text-slate-100">
              <Link2 className="size-4 text-brand-600" aria-hidden /> {t('referralsPage.link')}
            </h2>
            <div className="mt-2 flex flex-col gap-2 sm:flex-row">
              <input
                readOnly
                aria-label={t('referralsPage.linkLabel')}
                value={link}
                className="min-w-0 flex-1 rounded-lg border border-slate-300 bg-slate-50 px-3 py-2 text-sm dark:border-slate-700 dark:bg-slate-800"
                onFocus={(event) => event.currentTarget.select()}
              />
              <Button variant="outline" onClick={() => void copy(link, LINK_MESSAGES)} disabled={!link}>
                <Copy className="size-4" aria-hidden /> {t('referralsPage.copyLink')}
              </Button>
            </div>
          </div>
          <p className="text-sm text-slate-600 dark:text-slate-300">
            {t('referralsPage.how', { percent: formatPercent(data?.bonusPercent ?? 5), cap: formatMoney(data?.bonusCap ?? '5.00') })}
          </p>
        </Card>
        <StatCard
          label={t('referralsPage.earned')}
          value={<Money value={data?.totalBonus ?? '0.00'} />}
          hint={t('referralsPage.referred', { count: data?.referrals.length ?? 0 })}
        />
      </div>

      <section className="mt-8" aria-labelledby="referred-title">
        <h2 id="referred-title" className="mb-3 text-lg font-semibold text-slate-900 dark:text-white">
          {t('referralsPage.people')}
        </h2>
        {isLoading ? (
          <Spinner label={t('referralsPage.loading')} />
        ) : isError ? (
          <Alert tone="danger" title={t('referralsPage.failed')} />
        ) : !data || data.referrals.length === 0 ? (
          <EmptyState title={translate(data?.message ?? REFERRAL_MESSAGES.none)}>{t('referralsPage.empty')}</EmptyState>
        ) : (
          <ul className="divide-y divide-slate-200 overflow-hidden rounded-2xl border border-slate-200 bg-white dark:divide-slate-800 dark:border-slate-800 dark:bg-slate-900">
            {data.referrals.map((referral) => (
              <li key={referral._id} className="flex items-center gap-3 px-4 py-3">
                {referral.photo ? (
                  <img src={referral.photo} alt="" className="size-10 rounded-full object-cover" />
                ) : (
                  <span aria-hidden className="flex size-10 items-center justify-center rounded-full bg-brand-100 text-sm font-semibold text-brand-800 dark:bg-brand-900 dark:text-brand-100">
                    {initials(referral.name)}
                  </span>
                )}
                <div className="min-w-0 flex-1">
                  <p className="truncate font-medium text-slate-900 dark:text-white" title={referral.name}>
                    {referral.name}
                  </p>
                  <p className="truncate text-sm text-slate-500 dark:text-slate-400" title={referral.email}>
                    {referral.email}
                  </p>
                </div>
                <span className="text-right text-sm">
                  {referral.bonus ? (
                    <span className="font-semibold text-emerald-700 dark:text-emerald-300">
                      +<Money value={referral.bonus} />
                    </span>
                  ) : (
                    <span className="text-slate-500 dark:text-slate-400">{t('referralsPage.waiting')}</span>
                  )}
                </span>
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
