import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../components/ui/card';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { AdminNav } from '../components/admin-nav';
import { UsersTab } from '../components/users-tab';

/** Staff: the Users tab on a page of its own (/admin/users). */
export function UsersPage() {
  const { t } = useTranslation('staff');
  useDocumentTitle(t('usersPage.title'), t('usersPage.docDescription'));
  return (
    <>
      <PageHeader title={t('usersPage.title')} description={t('usersPage.description')} />
      <AdminNav />
      <UsersTab />
    </>
  );
}
