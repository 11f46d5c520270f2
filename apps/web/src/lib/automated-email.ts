import type { AutomatedEmailInput } from '@app/shared';
import { apiFetch } from './api';

/**
 * SPEC §7 sendAutomatedEmail, called after a password or role change. The server queued the
 * email with the change itself and answers this from it, so a failure here loses nothing.
 */
export function requestAutomatedEmail(input: AutomatedEmailInput): void {
  apiFetch<{ message: string }>('/api/users/sendAutomatedEmail', { method: 'POST', body: input }).catch(() => {});
}
