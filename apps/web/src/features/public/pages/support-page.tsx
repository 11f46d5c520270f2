import { Clock, Mail, MessageCircle, Phone, Send } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { usePublicSettings } from '../../../lib/public-settings';
import { ContactForm } from '../components/contact-form';
import { PageIntro } from '../components/section';
import { localSupportClaim } from '../components/support-claim';

function Channels() {
  const { t } = useTranslation('publicText');
  const { settings, status } = usePublicSettings();
  const phone = settings?.supportPhone.trim();
  const email = settings?.supportEmail.trim();
  const chat = settings?.chatEmbedUrl.trim();
  const hours = settings?.supportHours.trim();
  const item = 'flex gap-4 py-4';
  const icon = 'inline-flex size-10 shrink-0 items-center justify-center rounded-lg bg-brand-50 text-brand-700 dark:bg-brand-950 dark:text-brand-300';
  return (
    <div className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm dark:border-slate-800 dark:bg-slate-900">
      <h2 className="text-lg font-semibold text-slate-900 dark:text-white">{t('support.waysToReach')}</h2>
      <p className="mt-1 text-sm text-slate-600 dark:text-slate-400" aria-busy={status === 'loading'}>
        {settings ? localSupportClaim(t, settings) : status === 'loading' ? t('support.loading') : t('supportClaim.fallback')}
      </p>
      <ul className="mt-2 divide-y divide-slate-200 dark:divide-slate-800">
        <li className={item}>
          <span className={icon}>
            <Send className="size-5" aria-hidden />
          </span>
          <div className="min-w-0">
            <p className="text-sm font-medium text-slate-900 dark:text-white">{t('support.form')}</p>
            <p className="text-sm text-slate-600 dark:text-slate-400">{t('support.formNote')}</p>
          </div>
        </li>
        {email && (
          <li className={item}>
            <span className={icon}>
              <Mail className="size-5" aria-hidden />
            </span>
            <div className="min-w-0">
              <p className="text-sm font-medium text-slate-900 dark:text-white">{t('support.email')}</p>
              <a href={`mailto:${email}`} className="break-all text-sm text-brand-700 underline-offset-2 hover:underline dark:text-brand-300">
                {email}
              </a>
            </div>
          </li>
        )}
        {phone && (
          <li className={item}>
            <span className={icon}>
              <Phone className="size-5" aria-hidden />
            </span>
            <div className="min-w-0">
              <p className="text-sm font-medium text-slate-900 dark:text-white">{t('support.phone')}</p>
              <a href={`tel:${phone.replace(/[^\d+]/g, '')}`} className="text-sm text-brand-700 underline-offset-2 hover:underline dark:text-brand-300">
                {phone}
              </a>
            </div>
          </li>
        )}
        {chat && (
          <li className={item}>
            <span className={icon}>
              <MessageCircle className="size-5" aria-hidden />
            </span>
            <div className="min-w-0">
              <p className="text-sm font-medium text-slate-900 dark:text-white">{t('support.chat')}</p>
              <a href={chat} target="_blank" rel="noopener noreferrer" className="text-sm text-brand-700 underline-offset-2 hover:underline dark:text-brand-300">
                {t('support.startChat')}
                <span className="sr-only"> {t('support.newTab')}</span>
              </a>
            </div>
          </li>
        )}
        {hours && (
          <li className={item}>
            <span className={icon}>
              <Clock className="size-5" aria-hidden />
            </span>
            <div className="min-w-0">
              <p className="text-sm font-medium text-slate-900 dark:text-white">{t('support.hours')}</p>
              <p className="text-sm text-slate-600 dark:text-slate-400">{hours}</p>
            </div>
          </li>
        )}
      </ul>
    </div>
  );
}

export function SupportPage() {
  const { t } = useTranslation('publicText');
  useDocumentTitle(t('support.eyebrow'), t('support.docDescription'));
  return (
    <>
      <PageIntro eyebrow={t('support.eyebrow')} title={t('support.title')}>
        <p>
          {t('support.intro')}{' '}
          <Link to="/#faq" className="font-medium text-brand-700 underline underline-offset-2 dark:text-brand-300">
            {t('support.faqLink')}
          </Link>
          {t('support.introEnd')}
        </p>
      </PageIntro>
      <div className="container-page grid gap-10 py-14 sm:py-20 lg:grid-cols-[1.5fr_1fr]">
        <div className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8 dark:border-slate-800 dark:bg-slate-900">
          <h2 className="mb-6 text-lg font-semibold text-slate-900 dark:text-white">{t('support.sendMessage')}</h2>
          <ContactForm />
        </div>
        <Channels />
      </div>
    </>
  );
}
