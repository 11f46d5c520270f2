import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { DEFAULT_DESCRIPTION } from '../../../content/site';
import { Hero } from '../components/hero';
import { ProductCards, ScamBanner } from '../components/home-blocks';
import { StatsCounters } from '../components/stats-counters';
import { Testimonials } from '../components/testimonials';
import { Leadership } from '../components/leadership';
import { Faq } from '../components/faq';

export function HomePage() {
  useDocumentTitle('', DEFAULT_DESCRIPTION);
  const { hash } = useLocation();
  useEffect(() => {
    // The page loads lazily, after the router's own scroll: honour /#faq and friends here.
    if (hash) document.getElementById(decodeURIComponent(hash.slice(1)))?.scrollIntoView?.();
  }, [hash]);
  return (
    <>
      <Hero />
      <ProductCards />
      <ScamBanner />
      <StatsCounters />
      <Testimonials />
      <Leadership />
      <Faq />
    </>
  );
}
