import { useTranslation } from 'react-i18next';
import { STORY_SECTIONS, STORY_VALUES } from '../../../content/story';
import { ContentPage } from '../components/content-page';

export function StoryPage() {
  const { t } = useTranslation('publicText');
  return (
    <ContentPage messages="story" intro={t('story.lead')}>
      <div className="grid gap-14 lg:grid-cols-[2fr_1fr]">
        <div className="max-w-2xl space-y-12">
          {STORY_SECTIONS.map((id) => (
            <section key={id}>
              <h2 className="text-2xl font-semibold text-slate-900 dark:text-white">{t(`story.sections.${id}.heading`)}</h2>
              {(t(`story.sections.${id}.paragraphs`, { returnObjects: true }) as string[]).map((paragraph, index) => (
                <p key={index} className="mt-4 text-lg leading-relaxed text-slate-700 dark:text-slate-300">
                  {paragraph}
                </p>
              ))}
            </section>
          ))}
        </div>
        <aside aria-label={t('story.values')} className="space-y-4 self-start">
          {STORY_VALUES.map((id) => (
            <div key={id} className="rounded-2xl border border-slate-200 bg-white p-6 dark:border-slate-800 dark:bg-slate-900">
              <h2 className="font-semibold text-slate-900 dark:text-white">{t(`story.valueItems.${id}.title`)}</h2>
              <p className="mt-2 text-sm leading-relaxed text-slate-600 dark:text-slate-300">{t(`story.valueItems.${id}.body`)}</p>
            </div>
          ))}
        </aside>
      </div>
    </ContentPage>
  );
}
