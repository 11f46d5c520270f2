import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { useLocation } from 'react-router';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { DEFAULT_DESCRIPTION } from '../../../content/site';
import { Spinner } from '../../../components/ui/spinner';
import { Hero } from '../components/hero';
import { ProductCards, ScamBanner } from '../components/home-blocks';
import { StatsCounters } from '../components/stats-counters';

const BelowFold = lazy(() => import('../components/below-fold'));

/** Sections under the fold load when the visitor scrolls near them, or at once for /#anchor links. */
function useNearViewport(eager: boolean) {
  const ref = useRef<HTMLDivElement>(null);
  const [near, setNear] = useState(eager || typeof IntersectionObserver === 'undefined');
  useEffect(() => {
    if (near || !ref.current) return;
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((entry) => entry.isIntersecting)) setNear(true);
    }, { rootMargin: '1200px 0px' });
    observer.observe(ref.current);
    return () => observer.disconnect();
  }, [near]);
  return { ref, near: near || eager };
}

export function HomePage() {
  useDocumentTitle('', DEFAULT_DESCRIPTION);
  const { hash } = useLocation();
  const { ref, near } = useNearViewport(Boolean(hash));
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
