import { Accordion } from 'radix-ui';
import { ChevronDown } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { centsFromDecimal } from '@app/shared';
import { formatUsd } from '../../../i18n/format';
import { FAQ_IDS } from '../../../content/faq';
import { usePublicSettings } from '../../../lib/public-settings';
import { Section } from './section';
import { localSupportClaim } from './support-claim';

/**
 * SPEC §2 FAQ (anchor `faq`): one item open at a time, clicking the open one closes it
 * (Radix Accordion, type single, collapsible). Answers scroll past 500px (SPEC §9).
 * Answers carry the live figures; before they arrive, words that stay true.
 */
export function Faq() {
  const { t } = useTranslation('publicText');
  const { settings } = usePublicSettings();
  const figures = {
    minInvestment: settings?.minInvestment ? formatUsd(centsFromDecimal(settings.minInvestment)) : t('faq.minInvestmentUnknown'),
    support: settings ? localSupportClaim(t, settings) : t('supportClaim.fallback'),
  };
  return (
    <Section id="faq" eyebrow="FAQ" title={t('faq.title')} subtitle={t('faq.subtitle')}>
      <Accordion.Root type="single" collapsible className="mx-auto max-w-3xl divide-y divide-slate-200 border-y border-slate-200 dark:divide-slate-800 dark:border-slate-800">
        {FAQ_IDS.map((id) => (
          <Accordion.Item key={id} value={id}>
            <Accordion.Header asChild>
              <h3>
                <Accordion.Trigger className="group flex w-full items-center justify-between gap-6 py-5 text-left text-base font-semibold text-slate-900 hover:text-brand-700 dark:text-white dark:hover:text-brand-300">
                  {t(`faq.items.${id}.question`)}
                  <ChevronDown className="size-5 shrink-0 text-slate-500 transition-transform duration-200 group-data-[state=open]:rotate-180" aria-hidden />
                </Accordion.Trigger>
              </h3>
            </Accordion.Header>
            <Accordion.Content className="overflow-hidden data-[state=closed]:animate-accordion-up data-[state=open]:animate-accordion-down">
              <div className="max-h-[500px] overflow-y-auto pb-6 pr-10 leading-relaxed text-slate-600 dark:text-slate-300" data-testid="faq-answer">
                {t(`faq.items.${id}.answer`, figures)}
              </div>
            </Accordion.Content>
          </Accordion.Item>
        ))}
      </Accordion.Root>
    </Section>
  );
}
