import type { Language } from './languages';
import type { KycStatus, Role } from './roles';

/** The user object the API returns (SPEC §3 User, plus availableBalance). Money as decimal strings. */
export interface UserView {
  _id: string;
  name: string;
  email: string;
  phone: string;
  country: string;
  bio: string;
  photo: string | null;
  role: Role;
  isVerified: boolean;
  kycStatus: KycStatus;
  balance: string;
  availableBalance: string;
  investmentBalance: string;
  totalMaturityAmount: string;
  fees: string;
  hasFees: boolean;
  referralCode: string;
  isImpersonated: boolean;
  twoFactorEnabled: boolean;
  language: Language;
  createdAt: string;
}
