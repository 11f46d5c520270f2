let query: MediaQueryList | null | undefined;

/** The visitor asked for less motion (prefers-reduced-motion). One MediaQueryList, read live. */
export function prefersReducedMotion(): boolean {
  query ??= typeof window !== 'undefined' && typeof window.matchMedia === 'function' ? window.matchMedia('(prefers-reduced-motion: reduce)') : null;
  return query?.matches ?? false;
}
