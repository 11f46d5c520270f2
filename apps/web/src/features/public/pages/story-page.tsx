import { useDocumentTitle } from '../../../lib/use-document-title';
import { STORY } from '../../../content/story';
import { PageIntro } from '../components/section';

export function StoryPage() {
  useDocumentTitle('Our story', 'Why Vaultline exists and how we work: disclosure first, one ledger, and people who answer.');
  return (
    <>
      <PageIntro eyebrow="About us" title={STORY.title}>
        <p>{STORY.lead}</p>
      </PageIntro>
      <div className="container-page py-14 sm:py-20">
        <div className="grid gap-14 lg:grid-cols-[2fr_1fr]">
          <div className="max-w-2xl space-y-12">
            {STORY.sections.map((section) => (
              <section key={section.heading}>
                <h2 className="text-2xl font-semibold text-slate-900 dark:text-white">{section.heading}</h2>
                {section.body.map((paragraph) => (
                  <p key={paragraph.slice(0, 24)} className="mt-4 text-lg leading-relaxed text-slate-700 dark:text-slate-300">
                    {paragraph}
                  </p>
                ))}
              </section>
            ))}
          </div>
          <aside aria-label="Our values" className="space-y-4 self-start">
            {STORY.values.map((value) => (
              <div key={value.title} className="rounded-2xl border border-slate-200 bg-white p-6 dark:border-slate-800 dark:bg-slate-900">
                <h2 className="font-semibold text-slate-900 dark:text-white">{value.title}</h2>
                <p className="mt-2 text-sm leading-relaxed text-slate-600 dark:text-slate-300">{value.body}</p>
              </div>
            ))}
          </aside>
        </div>
      </div>
    </>
  );
}
