import { useEffect } from 'react';

/** Sets the page title and meta description for a route. */
export function useDocumentTitle(title: string, description?: string) {
  useEffect(() => {
    document.title = title ? `${title} · Vaultline` : 'Vaultline — Invest with clarity';
    if (description) {
      document.querySelector('meta[name="description"]')?.setAttribute('content', description);
    }
  }, [title, description]);
}
