import { useTranslation } from 'react-i18next';
import { Button } from './button';

/** Under a staff queue: the next page (the server answers 50 cases a page), while there is one. */
export function LoadMore({ hasMore, loading, onLoad }: { hasMore: boolean; loading: boolean; onLoad: () => void }) {
  const { t } = useTranslation();
  if (!hasMore) return null;
  return (
    <div className="mt-4 flex justify-center">
      <Button variant="outline" onClick={onLoad} loading={loading}>
        {t('common.loadMore')}
      </Button>
    </div>
  );
}
