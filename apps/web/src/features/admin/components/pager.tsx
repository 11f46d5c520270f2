import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';

/** Previous / "Page 2 of 5" / Next under a paged back-office list; nothing when there is one page. */
export function Pager({ page, pages, onPage }: { page: number; pages: number; onPage: (page: number) => void }) {
  const { t } = useTranslation('staff');
  if (pages <= 1) return null;
  return (
    <nav aria-label={t('staffList.pages')} className="mt-4 flex items-center justify-between gap-2">
      <Button variant="outline" size="sm" disabled={page <= 1} onClick={() => onPage(page - 1)}>
        {t('staffList.previous')}
      </Button>
      <span className="text-sm text-slate-600 dark:text-slate-400">{t('staffList.pageOf', { page, pages })}</span>
      <Button variant="outline" size="sm" disabled={page >= pages} onClick={() => onPage(page + 1)}>
        {t('staffList.next')}
      </Button>
    </nav>
  );
}
