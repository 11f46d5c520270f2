import { Clock, Mail, MessageCircle, Phone, Send } from 'lucide-react';
import { supportClaim } from '@app/shared';
import { Link } from 'react-router';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { usePublicSettings } from '../../../lib/public-settings';
import { ContactForm } from '../components/contact-form';
import { PageIntro } from '../components/section';

function Channels() {
  const { settings, status } = usePublicSettings();
  const phone = settings?.supportPhone.trim();
  const email = settings?.supportEmail.trim();
  const chat = settings?.chatEmbedUrl.trim();
  const hours = settings?.supportHours.trim();
  const item = 'flex gap-4 py-4';
  const icon = 'inline-flex size-10 shrink-0 items-center justify-center rounded-lg bg-brand-50 text-brand-700 dark:bg-brand-950 dark:text-brand-300';
  return (
    <div className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm dark:border-slate-800 dark:bg-slate-900">
      <h2 className="text-lg font-semibold text-slate-900 dark:text-white">Ways to reach us</h2>
      <p className="mt-1 text-sm text-slate-600 dark:text-slate-400" aria-busy={status === 'loading'}>
        {settings ? supportClaim(settings) : status === 'loading' ? 'Loading…' : 'Support is by the Help Center form.'}
      </p>
      <ul className="mt-2 divide-y divide-slate-200 dark:divide-slate-800">
        <li className={item}>
          <span className={icon}>
            <Send className="size-5" aria-hidden />
          </span>
          <div className="min-w-0">
            <p className="text-sm font-medium text-slate-900 dark:text-white">Help Center form</p>
            <p className="text-sm text-slate-600 dark:text-slate-400">On this page; we reply to the email address you give.</p>
          </div>
        </li>
        {email && (
          <li className={item}>
            <span className={icon}>
              <Mail className="size-5" aria-hidden />
            </span>
            <div className="min-w-0">
              <p className="text-sm font-medium text-slate-900 dark:text-white">Email</p>
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
              <p className="text-sm font-medium text-slate-900 dark:text-white">Phone</p>
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
              <p className="text-sm font-medium text-slate-900 dark:text-white">Live chat</p>
              <a href={chat} target="_blank" rel="noopener noreferrer" className="text-sm text-brand-700 underline-offset-2 hover:underline dark:text-brand-300">
                Start a chat<span className="sr-only"> (opens in a new tab)</span>
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
              <p className="text-sm font-medium text-slate-900 dark:text-white">Hours</p>
              <p className="text-sm text-slate-600 dark:text-slate-400">{hours}</p>
            </div>
          </li>
        )}
      </ul>
    </div>
  );
}

export function SupportPage() {
  useDocumentTitle('Help center', 'Contact Vaultline support.');
  return (
    <>
      <PageIntro eyebrow="Help center" title="How can we help?">
        <p>
          Send us a message and it goes straight to our support mailbox; we reply to the email address you give. Quick answers may already be in the{' '}
          <Link to="/#faq" className="font-medium text-brand-700 underline underline-offset-2 dark:text-brand-300">
            FAQ
          </Link>
          .
        </p>
      </PageIntro>
      <div className="container-page grid gap-10 py-14 sm:py-20 lg:grid-cols-[1.5fr_1fr]">
        <div className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8 dark:border-slate-800 dark:bg-slate-900">
          <h2 className="mb-6 text-lg font-semibold text-slate-900 dark:text-white">Send us a message</h2>
          <ContactForm />
        </div>
        <Channels />
      </div>
    </>
  );
}
