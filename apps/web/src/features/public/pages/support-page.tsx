import type { ReactNode } from 'react';
import { Clock, Mail, MessageCircle, Phone, Send, type LucideIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { isHttpsUrl } from '@app/shared';
import { usePublicSettings } from '../../../lib/public-settings';
import { ContactForm } from '../components/contact-form';
import { ContentPage } from '../components/content-page';
import { localSupportClaim } from '../components/support-claim';

const channelLink = 'text-sm text-brand-700 underline-offset-2 hover:underline dark:text-brand-300';

/** One way to reach support: its icon, its name and how to use it. */
function Channel({ icon: Icon, label, children }: { icon: LucideIcon; label: string; children: ReactNode }) {
  return (
    <li className="flex gap-4 py-4">
      <span className="inline-flex size-10 shrink-0 items-center justify-center rounded-lg bg-brand-50 text-brand-700 dark:bg-brand-950 dark:text-brand-300">
        <Icon className="size-5" aria-hidden />
      </span>
      <div className="min-w-0">
        <p className="text-sm font-medium text-slate-900 dark:text-white">{label}</p>
        {children}
      </div>
    </li>
  );
}

function Channels() {
  const { t } = useTranslation('publicText');
  const { settings, status } = usePublicSettings();
  const phone = settings?.supportPhone.trim();
  const email = settings?.supportEmail.trim();
  // Only an https address becomes a link (the server drops any other, this is the second lock).
  const chat = settings && isHttpsUrl(settings.chatEmbedUrl) ? settings.chatEmbedUrl : '';
  const hours = settings?.supportHours.trim();
  return (
    <div className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm dark:border-slate-800 dark:bg-slate-900">
      <h2 className="text-lg font-semibold text-slate-900 dark:text-white">{t('support.waysToReach')}</h2>
      <p className="mt-1 text-sm text-slate-600 dark:text-slate-400" aria-busy={status === 'loading'}>
        {settings ? localSupportClaim(t, settings) : status === 'loading' ? t('support.loading') : t('supportClaim.fallback')}
      </p>
      <ul className="mt-2 divide-y divide-slate-200 dark:divide-slate-800">
        <Channel icon={Send} label={t('support.form')}>
          <p className="text-sm text-slate-600 dark:text-slate-400">{t('support.formNote')}</p>
        </Channel>
        {email && (
          <Channel icon={Mail} label={t('support.email')}>
            <a href={`mailto:${email}`} className={`break-all ${channelLink}`}>
              {email}
            </a>
          </Channel>
        )}
        {phone && (
          <Channel icon={Phone} label={t('support.phone')}>
            <a href={`tel:${phone.replace(/[^\d+]/g, '')}`} className={channelLink}>
              {phone}
            </a>
          </Channel>
        )}
        {chat && (
          <Channel icon={MessageCircle} label={t('support.chat')}>
            <a href={chat} target="_blank" rel="noopener noreferrer" className={channelLink}>
              {t('support.startChat')}
              <span className="sr-only"> {t('support.newTab')}</span>
            </a>
          </Channel>
        )}
        {hours && (
          <Channel icon={Clock} label={t('support.hours')}>
            <p className="text-sm text-slate-600 dark:text-slate-400">{hours}</p>
          </Channel>
        )}
      </ul>
    </div>
  );
}

/** Who runs the service (PRODUCT §4), as far as the operator has set it; nothing when unset. */
function Operator() {
  const { t } = useTranslation('publicText');
  const { settings } = usePublicSettings();
  const operator = settings?.operator;
  const rows = operator
    ? ([
        ['legalName', operator.legalName],
        ['address', operator.address],
        ['registrationNumber', operator.registrationNumber],
        ['regulator', operator.regulator],
      ] as const).filter(([, value]) => value)
    : [];
  if (rows.length === 0) return null;
  return (
    <section aria-labelledby="operator-heading" className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm dark:border-slate-800 dark:bg-slate-900">
      <h2 id="operator-heading" className="text-lg font-semibold text-slate-900 dark:text-white">
        {t('support.operator')}
      </h2>
      <dl className="mt-2 divide-y divide-slate-200 dark:divide-slate-800">
        {rows.map(([key, value]) => (
          <div key={key} className="py-3">
            <dt className="text-sm font-medium text-slate-900 dark:text-white">{t(`support.${key}`)}</dt>
            <dd className="mt-0.5 whitespace-pre-line break-words text-sm text-slate-600 dark:text-slate-400">{value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

export function SupportPage() {
  const { t } = useTranslation('publicText');
  return (
    <ContentPage
      messages="support"
      tabTitle="eyebrow"
      className="grid gap-10 lg:grid-cols-[1.5fr_1fr]"
      intro={
        <>
          {t('support.intro')}{' '}
          <Link to="/#faq" className="font-medium text-brand-700 underline underline-offset-2 dark:text-brand-300">
            {t('support.faqLink')}
          </Link>
          {t('support.introEnd')}
        </>
      }
    >
      <div className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8 dark:border-slate-800 dark:bg-slate-900">
        <h2 className="mb-6 text-lg font-semibold text-slate-900 dark:text-white">{t('support.sendMessage')}</h2>
        <ContactForm />
      </div>
      <div className="space-y-6">
        <Channels />
        <Operator />
      </div>
    </ContentPage>
  );
}
