import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { buttonClasses } from '../components/ui/button';
import { useDocumentTitle } from '../lib/use-document-title';

export function NotFoundPage() {
  const { t } = useTranslation();
  useDocumentTitle(t('shell.notFound.docTitle'));
  return (
    <section className="mx-auto flex max-w-xl flex-col items-center px-4 py-24 text-center">
      <p className="text-sm font-semibold uppercase tracking-widest text-brand-700 dark:text-brand-300">{t('shell.notFound.code')}</p>
      <h1 className="mt-3 text-3xl font-bold sm:text-4xl">{t('shell.notFound.title')}</h1>
      <p className="mt-4 text-slate-600 dark:text-slate-400">{t('shell.notFound.body')}</p>
      <Link to="/" className={buttonClasses('primary', 'lg', 'mt-8')}>
        {t('shell.notFound.home')}
      </Link>
    </section>
  );
}

export function RouteErrorPage() {
  const { t } = useTranslation();
  return (
    <section className="mx-auto flex max-w-xl flex-col items-center px-4 py-24 text-center">
      <h1 className="text-3xl font-bold">{t('shell.notFound.errorTitle')}</h1>
      <p className="mt-4 text-slate-600">{t('shell.notFound.errorBody')}</p>
      <a href="/" className={buttonClasses('primary', 'lg', 'mt-8')}>
        {t('shell.notFound.home')}
      </a>
    </section>
  );
}
