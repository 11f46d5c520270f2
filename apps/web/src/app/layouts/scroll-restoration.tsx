import { useLayoutEffect, useRef } from 'react';
import { useLocation } from 'react-router';

const STORAGE_KEY = 'vaultline.scrollPositions';

/** Scroll position of each history entry (location.key), kept for the browser session. */
let positions: Record<string, number> = {};

/**
 * What React Router's <ScrollRestoration> did with its data router (app/router.tsx says why the
 * app has none): each new page starts at the top, or at the element its #hash names; back and
 * forward, and a reload, return to where that page was left. The browser's own restoration is
 * off while the app runs, as it would jump before the page has rendered.
 */
export function ScrollRestoration() {
  const location = useLocation();
  const current = useRef(location.key);

  // Before the effect below, which restores a reloaded page's position from what this reads.
  useLayoutEffect(() => {
    try {
      positions = JSON.parse(sessionStorage.getItem(STORAGE_KEY) ?? '{}') as Record<string, number>;
    } catch {
      positions = {};
    }
    window.history.scrollRestoration = 'manual';
    // Where each entry was left: recorded as it scrolls, since by the time the next page has
    // rendered the browser may already have moved the position (a shorter page).
    const onScroll = () => {
      positions[current.current] = window.scrollY;
    };
    const onPageHide = () => {
      positions[current.current] = window.scrollY;
      try {
        sessionStorage.setItem(STORAGE_KEY, JSON.stringify(positions));
      } catch {
        // Storage may be unavailable (private mode): positions then last for this page load.
      }
      window.history.scrollRestoration = 'auto';
    };
    window.addEventListener('scroll', onScroll, { passive: true });
    window.addEventListener('pagehide', onPageHide);
    return () => {
      window.removeEventListener('scroll', onScroll);
      window.removeEventListener('pagehide', onPageHide);
      window.history.scrollRestoration = 'auto';
    };
  }, []);

  useLayoutEffect(() => {
    current.current = location.key;
    const saved = positions[location.key];
    if (typeof saved === 'number') {
      window.scrollTo(0, saved);
      return;
    }
    if (location.hash) {
      try {
        const target = document.getElementById(decodeURIComponent(location.hash.slice(1)));
        if (target) {
          target.scrollIntoView();
          return;
        }
      } catch {
        // Not a decodable id: the page starts at the top.
      }
    }
    window.scrollTo(0, 0);
  }, [location]);

  return null;
}
