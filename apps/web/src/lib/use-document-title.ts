import { useEffect } from 'react';
import { i18n } from '../i18n';

/** Sets the page title and meta description for a route. */
export function useDocumentTitle(title: string, description?: string) {
  useEffect(() => {
    document.title = title ? `${title} · Vaultline` : i18n.t('shell.defaultTitle');
    if (description) {
      document.querySelector('meta[name="description"]')?.setAttribute('content', description);
    }
  }, [title, description]);
}
