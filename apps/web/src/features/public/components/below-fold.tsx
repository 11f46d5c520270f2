import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { Testimonials } from './testimonials';
import { Leadership } from './leadership';
import { Faq } from './faq';

/**
 * The home page below the fold (testimonials, leadership, FAQ). Its own chunk, so the
 * accordion and the content files stay out of the first load of `/`.
 */
export default function BelowFold() {
  const { hash } = useLocation();
  useEffect(() => {
    // Arriving at /#faq (or #leadership, #testimonials): scroll once the section exists.
    if (hash) document.getElementById(decodeURIComponent(hash.slice(1)))?.scrollIntoView?.();
  }, [hash]);
  return (
    <>
      <Testimonials />
      <Leadership />
      <Faq />
    </>
  );
}
