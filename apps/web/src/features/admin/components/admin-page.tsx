import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../components/ui/card';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { AdminNav } from './admin-nav';

/** The staff messages' group of a back-office page: its `title`, `description` and `docDescription`. */
type PageMessages = 'auditPage' | 'outboxPage' | 'approvalsPage' | 'solvencyPage' | 'settingsPage' | 'composeEmailPage';

/** A back-office page: its document title, header (title, description, actions) and the back office's navigation. */
export function AdminPage({ messages, actions, children }: { messages: PageMessages; actions?: ReactNode; children: ReactNode }) {
  const { t } = useTranslation('staff');
  useDocumentTitle(t(`${messages}.title`), t(`${messages}.docDescription`));
  return (
    <>
      <PageHeader title={t(`${messages}.title`)} description={t(`${messages}.description`)} actions={actions} />
      <AdminNav />
      {children}
    </>
  );
}
