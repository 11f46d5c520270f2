import { gatingMessage, type GatedAction, type KycStatus } from '@app/shared';
import { forbidden } from '../../lib/errors';

export { gatingMessage, missingStep, type GatedAction, type MissingStep } from '@app/shared';

/** Throws 403 with a message naming the missing step (email verification, then KYC). */
export function requireMoneyAccess(user: { isVerified: boolean; kycStatus: KycStatus }, action: GatedAction): void {
  const message = gatingMessage(user, action);
  if (message) throw forbidden(message);
}
