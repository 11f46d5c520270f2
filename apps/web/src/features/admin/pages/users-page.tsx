import { PageHeader } from '../../../components/ui/card';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { AdminNav } from '../components/admin-nav';
import { UsersTab } from '../components/users-tab';

/** Staff: the Users tab on a page of its own (/admin/users). */
export function UsersPage() {
  useDocumentTitle('Users', 'Search, manage and impersonate user accounts.');
  return (
    <>
      <PageHeader title="Users" description="Search accounts, change roles, adjust balances and fees, or view the product as a user." />
      <AdminNav />
      <UsersTab />
    </>
  );
}
