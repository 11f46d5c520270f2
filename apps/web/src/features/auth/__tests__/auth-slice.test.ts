import { describe, expect, it } from 'vitest';
import { testUser } from '../../../test/render';
import {
  authReducer,
  CALC_VERIFIED_USER,
  initialAuthState,
  login,
  loginWithCode,
  loginWithGoogle,
  register,
  RESET,
  updateUser,
  verifyUser,
  type AuthState,
} from '../auth-slice';

const user = testUser();
const signedIn: AuthState = { ...initialAuthState, isLoggedIn: true, user };

function rejected(thunk: typeof login, message: string, twoFactorRequired = false) {
  return { type: thunk.rejected.type, payload: message, meta: { twoFactorRequired, rejectedWithValue: true }, error: { message: 'Rejected' } };
}

describe('auth slice (SPEC §4)', () => {
  it('goes pending (loading on), then fulfilled (success on) with the user signed in', () => {
    const pending = authReducer(initialAuthState, { type: login.pending.type });
    expect(pending).toMatchObject({ isLoading: true, isError: false });
    for (const thunk of [login, register, loginWithGoogle, loginWithCode]) {
      const state = authReducer(pending, { type: thunk.fulfilled.type, payload: user });
      expect(state).toMatchObject({ isLoading: false, isSuccess: true, isLoggedIn: true, user });
    }
  });

  it('failures of register, login, Google login and login-with-code clear the user and store the message', () => {
    for (const thunk of [login, register, loginWithGoogle, loginWithCode]) {
      const state = authReducer(signedIn, rejected(thunk as typeof login, 'Nope'));
      expect(state).toMatchObject({ isLoading: false, isError: true, message: 'Nope', isLoggedIn: false, user: null });
    }
  });

  it("a 'New browser' login failure turns twoFactor on; a successful login-with-code turns it off", () => {
    const flagged = authReducer(initialAuthState, rejected(login, 'New browser or device detected.'));
    expect(flagged.twoFactor).toBe(true);
    expect(authReducer(initialAuthState, rejected(login, 'Invalid email or password')).twoFactor).toBe(false);
    const done = authReducer(flagged, { type: loginWithCode.fulfilled.type, payload: user });
    expect(done).toMatchObject({ twoFactor: false, isLoggedIn: true });
  });

  it('updateUser success sets the user and isLoggedIn', () => {
    const state = authReducer(initialAuthState, { type: updateUser.fulfilled.type, payload: { ...user, name: 'New' } });
    expect(state).toMatchObject({ isLoggedIn: true, user: { name: 'New' } });
  });

  it('verifyUser success marks the signed-in user verified and stores the message', () => {
    const state = authReducer({ ...signedIn, user: { ...user, isVerified: false } }, {
      type: verifyUser.fulfilled.type,
      payload: { message: 'Account Verification Successful' },
    });
    expect(state.user?.isVerified).toBe(true);
    expect(state.message).toBe('Account Verification Successful');
  });

  it('RESET clears twoFactor, error, success, loading, message, login and user (SPEC §4)', () => {
    const state = authReducer({ ...signedIn, twoFactor: true, isError: true, isSuccess: true, isLoading: true, message: 'x' }, RESET());
    expect(state).toMatchObject({ twoFactor: false, isError: false, isSuccess: false, isLoading: false, message: '', isLoggedIn: false, user: null });
  });

  it('counts verified and suspended users', () => {
    const state = authReducer(
      { ...initialAuthState, users: [testUser(), testUser({ isVerified: false, role: 'suspended' }), testUser({ role: 'suspended' })] },
      CALC_VERIFIED_USER(),
    );
    expect(state).toMatchObject({ verifiedUsers: 2, suspendedUsers: 2 });
  });
});
