import { useTranslation } from 'react-i18next';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { LICENSE, PRIVACY_POLICY, type PolicyDocument } from '../../../content/policies';
import { PageIntro } from '../components/content-page';
import { localeDateFormat } from '../../../i18n/format';

const date = localeDateFormat({ dateStyle: 'long', timeZone: 'UTC' });

function PolicyPage({ document: doc }: { document: PolicyDocument }) {
  const { t } = useTranslation('publicText');
  const key = `policies.${doc.id}`;
  useDocumentTitle(t(`${key}.title`), t(`${key}.docDescription`));
  return (
    <>
      <PageIntro eyebrow={t('policies.eyebrow')} title={t(`${key}.title`)}>
        <p>{t(`${key}.intro`)}</p>
        <p className="mt-3 text-sm text-slate-500 dark:text-slate-400">{t('policies.updated', { date: date.format(new Date(`${doc.updated}T00:00:00Z`)) })}</p>
      </PageIntro>
      <div className="container-page py-14 sm:py-20">
        <div className="max-w-3xl space-y-10">
          {doc.sections.map((section, index) => (
            <section key={section}>
              <h2 className="text-xl font-semibold text-slate-900 dark:text-white">
                <span className="mr-2 text-brand-700 tabular-nums dark:text-brand-300">{index + 1}.</span>
                {t(`${key}.sections.${section}.heading`)}
              </h2>
              {(t(`${key}.sections.${section}.paragraphs`, { returnObjects: true }) as string[]).map((paragraph, paragraphIndex) => (
                <p key={paragraphIndex} className="mt-3 leading-relaxed text-slate-700 dark:text-slate-300">
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
  return <PolicyPage document={PRIVACY_POLICY} />;
}

export function LicensePage() {
  return <PolicyPage document={LICENSE} />;
}
