import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useInView } from '../../../lib/use-in-view';
import { loadNamespaces } from '../../../i18n';
import { Spinner } from '../../../components/ui/spinner';
import { Hero } from '../components/hero';
import { ProductCards, ScamBanner } from '../components/home-blocks';
import { StatsCounters } from '../components/stats-counters';

// Its texts (publicText) load with it: they are not part of the first load of `/`.
const BelowFold = lazy(() => Promise.all([import('../components/below-fold'), loadNamespaces(['publicText'])]).then(([module]) => module));

export function HomePage() {
  const { t } = useTranslation('public');
  useDocumentTitle('', t('home.docDescription'));
  const { hash } = useLocation();
  // Sections under the fold load when the visitor scrolls near them, or at once for /#anchor links.
  const { ref, inView: near } = useInView<HTMLDivElement>({ rootMargin: '1200px 0px', eager: Boolean(hash) });
  return (
    <>
      <Hero />
      <ProductCards />
      <ScamBanner />
      <StatsCounters />
      <div ref={ref}>
        {near ? (
          <Suspense fallback={<Spinner label={t('home.loading')} />}>
            <BelowFold />
          </Suspense>
        ) : (
          <div className="min-h-[60rem]" aria-hidden />
        )}
      </div>
    </>
  );
}
