import { useState } from 'react';
import { apiFetch, errorMessage } from './api';

/**
 * Ends a staff member's view of the product as a user: back to their own profile, reloaded.
 * `exiting` from the click until then, or until it fails (the reason goes to `showError`).
 */
export function useExitImpersonation(showError: (message: string) => void): { exiting: boolean; exit: () => Promise<void> } {
  const [exiting, setExiting] = useState(false);
  async function exit() {
    setExiting(true);
    try {
      await apiFetch('/api/users/exit-impersonation', { method: 'POST' });
      window.location.assign('/user-profile');
    } catch (error) {
      showError(errorMessage(error, 'Something went wrong.'));
      setExiting(false);
    }
  }
  return { exiting, exit };
}
