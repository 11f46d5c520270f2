import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { isHttpsUrl, SOCIAL_NETWORKS } from '@app/shared';
import { FOOTER_LINKS, SITE_NAME } from '../../content/site';
import { LanguagePicker } from '../../features/auth/components/language-picker';
import { usePublicSettings } from '../../lib/public-settings';
import { BrandMark } from './brand-mark';
import { SocialIcon } from './social-icons';

/** The operator's risk notice: its own component, so its arrival re-renders only this paragraph. */
function RiskNotice() {
  const { t } = useTranslation();
  const { settings } = usePublicSettings();
  const riskNotice = settings?.riskNotice.trim() || t('footer.riskNoticeDefault');
  return (
    <p data-testid="risk-notice">
      <strong className="font-semibold text-slate-800 dark:text-slate-200">{t('footer.riskNotice')}</strong> {riskNotice}
    </p>
  );
}

/** The operator's social links: only the networks an admin has set an address for (none on a fresh install). */
function SocialLinks() {
  const { t } = useTranslation();
  const { settings } = usePublicSettings();
  const links = SOCIAL_NETWORKS.flatMap((network) => {
    const href = settings?.social[network] ?? '';
    return isHttpsUrl(href) ? [{ network, href }] : [];
  });
  if (links.length === 0) return null;
  return (
    <ul className="mt-6 flex flex-wrap gap-2" aria-label={t('footer.socialAndContact')}>
      {links.map((social) => (
        <li key={social.network}>
          <a
            href={social.href}
            target="_blank"
            rel="noopener noreferrer"
            aria-label={t(`footer.social.${social.network}`)}
            title={t(`footer.social.${social.network}`)}
            className="inline-flex size-10 items-center justify-center rounded-full border border-slate-200 text-slate-600 transition-colors hover:border-brand-600 hover:text-brand-700 dark:border-slate-800 dark:text-slate-300 dark:hover:border-brand-400 dark:hover:text-brand-300"
            data-network={social.network}
          >
            <SocialIcon network={social.network} className="size-4" />
          </a>
        </li>
      ))}
    </ul>
  );
}

/** Who runs the platform, as far as the operator has set it: one line, nothing when unset. */
function OperatorIdentity() {
  const { t } = useTranslation();
  const { settings } = usePublicSettings();
  const operator = settings?.operator;
  const parts = operator
    ? [
        operator.legalName,
        operator.address,
        operator.registrationNumber && t('footer.registration', { number: operator.registrationNumber }),
        operator.regulator && t('footer.regulator', { regulator: operator.regulator }),
      ].filter(Boolean)
    : [];
  if (parts.length === 0) return null;
  return (
    <p data-testid="operator-identity">
      <strong className="font-semibold text-slate-800 dark:text-slate-200">{t('footer.operator')}</strong> {parts.join(' · ')}
    </p>
  );
}

export function Footer() {
  const { t } = useTranslation();
  const year = new Date().getFullYear();
  return (
    <footer className="border-t border-slate-200 bg-white dark:border-slate-800 dark:bg-slate-950">
      <div className="container-page grid gap-10 py-14 md:grid-cols-[1.4fr_repeat(3,1fr)]">
        <div>
          <Link to="/" className="inline-flex items-center gap-2 text-slate-900 dark:text-white">
            <BrandMark className="size-7" />
            <span className="text-lg font-semibold">{SITE_NAME}</span>
          </Link>
          <p className="mt-3 max-w-sm text-sm leading-relaxed text-slate-600 dark:text-slate-400">{t('footer.tagline')}</p>
          <SocialLinks />
        </div>
        {FOOTER_LINKS.map((group) => (
          <nav key={group.heading} aria-label={t(`footer.${group.heading}`)}>
            <h2 className="text-sm font-semibold text-slate-900 dark:text-white">{t(`footer.${group.heading}`)}</h2>
            <ul className="mt-4 space-y-3 text-sm">
              {group.links.map((link) => (
                <li key={link.to}>
                  <Link to={link.to} className="text-slate-600 hover:text-brand-700 hover:underline dark:text-slate-400 dark:hover:text-brand-300">
                    {t(`footer.${link.label}`)}
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
        ))}
      </div>
      <div className="border-t border-slate-200 dark:border-slate-800">
        <div className="container-page flex flex-col gap-3 py-6 text-xs leading-relaxed text-slate-600 dark:text-slate-400">
          <OperatorIdentity />
          <RiskNotice />
          <div className="flex flex-wrap items-center justify-between gap-3">
            <p>{t('footer.copyright', { year, name: SITE_NAME })}</p>
            <LanguagePicker />
          </div>
        </div>
      </div>
    </footer>
  );
}
