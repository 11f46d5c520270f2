import { Link } from 'react-router';
import { buttonClasses } from '../components/ui/button';
import { useDocumentTitle } from '../lib/use-document-title';

export function NotFoundPage() {
  useDocumentTitle('Page not found');
  return (
    <section className="mx-auto flex max-w-xl flex-col items-center px-4 py-24 text-center">
      <p className="text-sm font-semibold uppercase tracking-widest text-brand-700 dark:text-brand-300">Error 404</p>
      <h1 className="mt-3 text-3xl font-bold sm:text-4xl">We couldn't find that page</h1>
      <p className="mt-4 text-slate-600 dark:text-slate-400">The link may be broken or the page may have moved.</p>
      <Link to="/" className={buttonClasses('primary', 'lg', 'mt-8')}>
        Go back home
      </Link>
    </section>
  );
}

export function RouteErrorPage() {
  return (
    <section className="mx-auto flex max-w-xl flex-col items-center px-4 py-24 text-center">
      <h1 className="text-3xl font-bold">Something went wrong</h1>
      <p className="mt-4 text-slate-600">Please reload the page. If it keeps happening, contact support.</p>
      <a href="/" className={buttonClasses('primary', 'lg', 'mt-8')}>
        Go back home
      </a>
    </section>
  );
}
