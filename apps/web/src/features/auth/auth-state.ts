import type { UserView } from '@app/shared';

/** SPEC §3 Auth state. */
export interface AuthState {
  isLoggedIn: boolean;
  user: UserView | null;
  users: UserView[];
  twoFactor: boolean;
  isError: boolean;
  isSuccess: boolean;
  isLoading: boolean;
  message: string;
  verifiedUsers: number;
  suspendedUsers: number;
  /** True once the first login-status check has answered (guards wait for it). */
  statusChecked: boolean;
}

export const initialAuthState: AuthState = {
  isLoggedIn: false,
  user: null,
  users: [],
  twoFactor: false,
  isError: false,
  isSuccess: false,
  isLoading: false,
  message: '',
  verifiedUsers: 0,
  suspendedUsers: 0,
  statusChecked: false,
};
