import { useEffect, useRef, useState } from 'react';

/**
 * True once the element has come within `rootMargin` of the viewport, and from then on.
 * `eager` (or a browser without IntersectionObserver) makes it true at once.
 */
export function useInView<T extends Element>({ rootMargin = '0px', eager = false }: { rootMargin?: string; eager?: boolean } = {}) {
  const ref = useRef<T>(null);
  const [seen, setSeen] = useState(() => eager || typeof IntersectionObserver === 'undefined');
  useEffect(() => {
    if (seen || !ref.current) return;
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((entry) => entry.isIntersecting)) setSeen(true);
    }, { rootMargin });
    observer.observe(ref.current);
    return () => observer.disconnect();
  }, [seen, rootMargin]);
  return { ref, inView: seen || eager };
}
