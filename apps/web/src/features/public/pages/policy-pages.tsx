import { useDocumentTitle } from '../../../lib/use-document-title';
import { LICENSE, PRIVACY_POLICY, type PolicyDocument } from '../../../content/policies';
import { PageIntro } from '../components/section';
import { localeDateFormat } from '../../../i18n/format';

const date = localeDateFormat({ dateStyle: 'long', timeZone: 'UTC' });

function PolicyPage({ document: doc }: { document: PolicyDocument }) {
  return (
    <>
      <PageIntro eyebrow="Legal" title={doc.title}>
        <p>{doc.intro}</p>
        <p className="mt-3 text-sm text-slate-500 dark:text-slate-400">Last updated {date.format(new Date(`${doc.updated}T00:00:00Z`))}</p>
      </PageIntro>
      <div className="container-page py-14 sm:py-20">
        <div className="max-w-3xl space-y-10">
          {doc.sections.map((section, index) => (
            <section key={section.heading}>
              <h2 className="text-xl font-semibold text-slate-900 dark:text-white">
                <span className="mr-2 text-brand-700 tabular-nums dark:text-brand-300">{index + 1}.</span>
                {section.heading}
              </h2>
              {section.paragraphs.map((paragraph) => (
                <p key={paragraph.slice(0, 24)} className="mt-3 leading-relaxed text-slate-700 dark:text-slate-300">
                  {paragraph}
                </p>
              ))}
            </section>
          ))}
        </div>
      </div>
    </>
  );
}

export function PrivacyPolicyPage() {
  useDocumentTitle('Privacy policy', 'What personal data Vaultline collects, why, how it is protected and the choices you have.');
  return <PolicyPage document={PRIVACY_POLICY} />;
}

export function LicensePage() {
  useDocumentTitle('License', 'The terms under which you may use the Vaultline website and its content.');
  return <PolicyPage document={LICENSE} />;
}
