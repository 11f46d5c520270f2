export { bodyOf, resolveRelativeRequests } from '../../../test/api';
import type { AdminUserView } from '@app/shared';

export function adminUser(overrides: Partial<AdminUserView> = {}): AdminUserView {
  return {
    _id: 'u-1',
    name: 'Bartholomew Fitzgerald',
    email: 'bart@example.com',
    phone: '+14155550100',
    country: 'US',
    photo: null,
    role: 'subscriber',
    isVerified: true,
    kycStatus: 'Approved',
    balance: '1250.00',
    availableBalance: '1000.00',
    investmentBalance: '300.00',
    totalMaturityAmount: '45.50',
    fees: '2.00',
    hasFees: true,
    createdAt: '2026-01-01T00:00:00.000Z',
    lastLoginAt: null,
    ...overrides,
  };
}
