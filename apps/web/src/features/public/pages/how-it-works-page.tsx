import { Link } from 'react-router';
import { ArrowRight } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { VERIFIED_EMAIL_NEEDED } from '@app/shared';
import { STEPS } from '../../../content/steps';
import { useTranslateMessage } from '../../../i18n/messages';
import { ContentPage } from '../components/content-page';

export function HowItWorksPage() {
  const { t } = useTranslation('publicText');
  const translate = useTranslateMessage();
  return (
    <ContentPage messages="howItWorks" tabTitle="eyebrow" intro={t('howItWorks.intro')}>
      <ol className="relative mx-auto max-w-3xl">
        {STEPS.map((step, index) => (
          <li key={step.id} className="relative flex gap-5 pb-12 last:pb-0 sm:gap-7" data-testid="step">
            {index < STEPS.length - 1 && <span aria-hidden className="absolute left-5 top-12 h-[calc(100%-3.5rem)] w-px bg-slate-300 dark:bg-slate-700" />}
            <span className="flex size-10 shrink-0 items-center justify-center rounded-full bg-brand-700 text-sm font-semibold text-white tabular-nums">
              {index + 1}
            </span>
            <div className="pt-1.5">
              <h2 className="text-lg font-semibold text-slate-900 dark:text-white">{t(`howItWorks.steps.${step.id}.title`)}</h2>
              <p className="mt-2 leading-relaxed text-slate-600 dark:text-slate-300">
                {t(`howItWorks.steps.${step.id}.body`)}
                {step.gating && ` ${translate(VERIFIED_EMAIL_NEEDED)}`}
              </p>
              {step.to && (
                <Link to={step.to} className="mt-3 inline-flex items-center gap-1.5 text-sm font-semibold text-brand-700 hover:text-brand-800 dark:text-brand-300">
                  {t(`howItWorks.steps.${step.id}.link`)}
                  <ArrowRight className="size-4" aria-hidden />
                </Link>
              )}
            </div>
          </li>
        ))}
      </ol>
    </ContentPage>
  );
}
