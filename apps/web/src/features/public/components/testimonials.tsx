import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Quote } from 'lucide-react';
import { TESTIMONIALS_SHOWN } from '@app/shared';
import { Button } from '../../../components/ui/button';
import { TESTIMONIALS, TESTIMONIALS_ARE_SAMPLES } from '../../../content/testimonials';
import { InitialsAvatar, SampleNote, Section } from './section';

/** SPEC §2: 14 testimonials, 6 shown by default, with a Show more / Show less toggle. */
export function Testimonials() {
  const { t } = useTranslation('publicText');
  const [expanded, setExpanded] = useState(false);
  const listId = useId();
  const shown = expanded ? TESTIMONIALS : TESTIMONIALS.slice(0, TESTIMONIALS_SHOWN);
  return (
    <Section id="testimonials" eyebrow={t('testimonials.eyebrow')} title={t('testimonials.title')} subtitle={t('testimonials.subtitle')}>
      <ul id={listId} className="grid gap-5 sm:grid-cols-2 lg:grid-cols-3" data-testid="testimonials">
        {shown.map((item) => (
          <li key={item.id} className="flex flex-col rounded-2xl border border-slate-200 bg-white p-6 shadow-sm dark:border-slate-800 dark:bg-slate-900">
            <Quote className="size-5 text-brand-600 dark:text-brand-400" aria-hidden />
            <blockquote className="mt-3 flex-1 leading-relaxed text-slate-700 dark:text-slate-200">
              <p>{t(`testimonials.items.${item.id}.quote`)}</p>
            </blockquote>
            <div className="mt-6 flex items-center gap-3">
              <InitialsAvatar name={item.name} />
              <div>
                <p className="text-sm font-semibold text-slate-900 dark:text-white">{item.name}</p>
                <p className="text-sm text-slate-600 dark:text-slate-400">{t(`testimonials.items.${item.id}.location`)}</p>
              </div>
            </div>
          </li>
        ))}
      </ul>
      <div className="mt-10 flex flex-col items-center gap-4">
        {TESTIMONIALS.length > TESTIMONIALS_SHOWN && (
          <Button variant="outline" aria-expanded={expanded} aria-controls={listId} onClick={() => setExpanded((value) => !value)}>
            {expanded ? t('testimonials.showLess') : t('testimonials.showMore')}
          </Button>
        )}
        {TESTIMONIALS_ARE_SAMPLES && <SampleNote>{t('testimonials.sample')}</SampleNote>}
      </div>
    </Section>
  );
}
