import { lazy, Suspense } from 'react';
import { useLocation } from 'react-router';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useInView } from '../../../lib/use-in-view';
import { DEFAULT_DESCRIPTION } from '../../../content/site';
import { Spinner } from '../../../components/ui/spinner';
import { Hero } from '../components/hero';
import { ProductCards, ScamBanner } from '../components/home-blocks';
import { StatsCounters } from '../components/stats-counters';

const BelowFold = lazy(() => import('../components/below-fold'));

export function HomePage() {
  useDocumentTitle('', DEFAULT_DESCRIPTION);
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
          <Suspense fallback={<Spinner label="Loading" />}>
            <BelowFold />
          </Suspense>
        ) : (
          <div className="min-h-[60rem]" aria-hidden />
        )}
      </div>
    </>
  );
}
