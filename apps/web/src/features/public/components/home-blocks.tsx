import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ArrowRight, ChartNoAxesCombined, ShieldAlert, ShieldCheck, Wallet } from '../../../components/ui/icons';
import { PRODUCT_CARDS } from '../../../content/home';
import { formatNumber } from '../../../lib/numbers';
import { Section } from './section';

const CARD_ICONS = { plans: ChartNoAxesCombined, wallet: Wallet, shield: ShieldCheck } as const;

/** SPEC §2 product cards. */
export function ProductCards() {
  const { t } = useTranslation('public');
  return (
    <Section id="products" eyebrow={t('products.eyebrow')} title={t('products.title')} subtitle={t('products.subtitle')}>
      <ul className="grid gap-5 md:grid-cols-3">
        {PRODUCT_CARDS.map((card) => {
          const Icon = CARD_ICONS[card.icon];
          return (
            <li key={card.id} className="group relative flex flex-col rounded-2xl border border-slate-200 bg-white p-7 shadow-sm transition-shadow hover:shadow-md dark:border-slate-800 dark:bg-slate-900">
              <span className="inline-flex size-11 items-center justify-center rounded-xl bg-brand-50 text-brand-700 dark:bg-brand-950 dark:text-brand-300">
                <Icon className="size-5" aria-hidden />
              </span>
              <h3 className="mt-5 text-lg font-semibold text-slate-900 dark:text-white">{t(`products.cards.${card.id}.title`)}</h3>
              <p className="mt-2 flex-1 leading-relaxed text-slate-600 dark:text-slate-300">{t(`products.cards.${card.id}.body`, { min: t('figures.usd', { amount: formatNumber(100) }), max: t('figures.usd', { amount: formatNumber(1000) }) })}</p>
              <Link to={card.to} className="mt-6 inline-flex items-center gap-1.5 text-sm font-semibold text-brand-700 after:absolute after:inset-0 after:rounded-2xl hover:text-brand-800 dark:text-brand-300">
                {t(`products.cards.${card.id}.cta`)}
                <ArrowRight className="size-4 transition-transform group-hover:translate-x-0.5" aria-hidden />
              </Link>
            </li>
          );
        })}
      </ul>
    </Section>
  );
}

/** SPEC §2 scam-awareness banner: how to recognise impersonators and fake addresses. */
export function ScamBanner() {
  const { t } = useTranslation('public');
  const points = t('scam.points', { returnObjects: true }) as string[];
  return (
    <section aria-labelledby="scam-heading" className="container-page">
      <div className="flex flex-col gap-6 rounded-2xl border border-amber-300 bg-amber-50 p-6 sm:p-8 md:flex-row dark:border-amber-800 dark:bg-amber-950/60">
        <span className="inline-flex size-12 shrink-0 items-center justify-center rounded-xl bg-amber-100 text-amber-800 dark:bg-amber-900 dark:text-amber-200">
          <ShieldAlert className="size-6" aria-hidden />
        </span>
        <div className="text-amber-950 dark:text-amber-50">
          <h2 id="scam-heading" className="text-xl font-semibold">
            {t('scam.title')}
          </h2>
          <ul className="mt-3 list-disc space-y-1.5 pl-5 leading-relaxed">
            {points.map((point) => (
              <li key={point}>{point}</li>
            ))}
          </ul>
          <p className="mt-4 font-medium">
            {t('scam.action')}{' '}
            <Link to="/support" className="underline underline-offset-2 hover:no-underline">
              {t('scam.contact')}
            </Link>
          </p>
        </div>
      </div>
    </section>
  );
}
