import { Suspense } from 'react';
import { Spinner } from '../../../components/ui/spinner';
import { UsersTab } from './users-tab';

/**
 * The Users tab as /user-profile places it. That page loads the `auth` and `app` messages, not
 * the back office's: the tab waits here for the `staff` messages rather than suspending the page.
 */
export function UsersTabSlot() {
  return (
    <Suspense fallback={<Spinner />}>
      <UsersTab />
    </Suspense>
  );
}
