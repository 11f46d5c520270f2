import { createAsyncThunk, createSlice, isPending, isRejected, type PayloadAction } from '@reduxjs/toolkit';
import type { UserView } from '@app/shared';
import { apiFetch, errorMessage } from '../../lib/api';
import { authApi, SignInError } from './api/auth-api';
import { initialAuthState, type AuthState } from './auth-state';

export { initialAuthState, type AuthState } from './auth-state';

type Rejects = { rejectValue: string };
type SignInRejects = { rejectValue: string; rejectedMeta: { twoFactorRequired: boolean; passkeyAvailable: boolean } };

/** A thunk whose failure carries the server's message (SPEC §8), else the error's, else `fallback`. */
function thunk<Result, Arg>(type: string, fallback: string, run: (arg: Arg) => Promise<Result>) {
  return createAsyncThunk<Result, Arg, Rejects>(type, async (arg, { rejectWithValue }) => {
    try {
      return await run(arg);
    } catch (error) {
      return rejectWithValue(errorMessage(error, fallback));
    }
  });
}

// ---------------------------------------------------------------- the session: status, account, logout

export const loginStatus = thunk('auth/loginStatus', 'Could not check login status', (_: void) => apiFetch<boolean>('/api/users/loginStatus'));
export const getUser = thunk('auth/getUser', 'Could not load your account', (_: void) => apiFetch<UserView>('/api/users/getUser'));
export const logout = thunk('auth/logout', 'Logout failed', (_: void) => apiFetch<{ message: string }>('/api/users/logout'));

const sessionThunks = [loginStatus, getUser, logout] as const;

// ---------------------------------------------------------------- sign-in and account thunks (SPEC §4)

/** Sign-in thunks also say whether an authenticator code is wanted. */
function signInThunk<Arg>(type: string, fallback: string, run: (arg: Arg) => Promise<UserView>) {
  return createAsyncThunk<UserView, Arg, SignInRejects>(type, async (arg, { rejectWithValue }) => {
    try {
      return await run(arg);
    } catch (error) {
      const signIn = error instanceof SignInError ? error : null;
      return rejectWithValue(errorMessage(error, fallback), {
        twoFactorRequired: signIn?.twoFactorRequired ?? false,
        passkeyAvailable: signIn?.passkeyAvailable ?? false,
      });
    }
  });
}

export const register = thunk('auth/register', 'Registration failed', authApi.register);
export const login = signInThunk('auth/login', 'Login failed', authApi.login);
export const loginWithGoogle = signInThunk('auth/loginWithGoogle', 'Google sign-in failed', authApi.google);
/**
 * With an email (the two-factor step), only a passkey of that account is accepted. The passkey
 * code loads with the pages that offer it, not with the store.
 */
export const loginWithPasskey = signInThunk('auth/loginWithPasskey', 'Passkey sign-in failed', async (arg: { email?: string }) =>
  (await import('./passkeys')).signInWithPasskey(arg.email),
);
export const loginWithCode = thunk('auth/loginWithCode', 'Login failed', (arg: { email: string; loginCode: string }) =>
  authApi.loginWithCode(arg.email, arg.loginCode),
);
export const sendLoginCode = thunk('auth/sendLoginCode', 'Could not send the access code', authApi.sendLoginCode);
export const updateUser = thunk('auth/updateUser', 'Could not update your profile', authApi.updateUser);
export const uploadPhoto = thunk('auth/uploadPhoto', 'Upload failed. Please try again.', authApi.uploadPhoto);
export const sendVerificationEmail = thunk('auth/sendVerificationEmail', 'Could not send the email', (_: void) =>
  authApi.sendVerificationEmail(),
);
export const verifyUser = thunk('auth/verifyUser', 'Verification failed', authApi.verifyUser);
export const changePassword = thunk('auth/changePassword', 'Could not change the password', authApi.changePassword);
export const forgotPassword = thunk('auth/forgotPassword', 'Could not send the email', authApi.forgotPassword);
export const resetPassword = thunk('auth/resetPassword', 'Could not reset the password', (arg: { token: string; password: string }) =>
  authApi.resetPassword(arg.token, arg.password),
);

const accountThunks = [
  register,
  login,
  loginWithGoogle,
  loginWithPasskey,
  loginWithCode,
  sendLoginCode,
  updateUser,
  uploadPhoto,
  sendVerificationEmail,
  verifyUser,
  changePassword,
  forgotPassword,
  resetPassword,
] as const;

function signedIn(state: AuthState, action: PayloadAction<UserView>) {
  state.isLoading = false;
  state.isSuccess = true;
  state.isError = false;
  state.isLoggedIn = true;
  state.statusChecked = true;
  state.user = action.payload;
}

function clearUser(state: AuthState) {
  state.isLoggedIn = false;
  state.user = null;
}

function finished(state: AuthState, message: string) {
  state.isLoading = false;
  state.isSuccess = true;
  state.isError = false;
  state.message = message;
}

const authSlice = createSlice({
  name: 'auth',
  initialState: initialAuthState,
  reducers: {
    /** SPEC §4: clears twoFactor, error, success, loading, message, login and user. */
    RESET(state) {
      state.twoFactor = false;
      state.isError = false;
      state.isSuccess = false;
      state.isLoading = false;
      state.message = '';
      state.isLoggedIn = false;
      state.user = null;
    },
    /** SPEC §4 count action: verified (isVerified) and suspended (role suspended) users. */
    CALC_VERIFIED_USER(state) {
      state.verifiedUsers = state.users.filter((user) => user.isVerified).length;
      state.suspendedUsers = state.users.filter((user) => user.role === 'suspended').length;
    },
    SET_USER(state, action: PayloadAction<UserView | null>) {
      state.user = action.payload;
      state.isLoggedIn = action.payload !== null;
    },
  },
  extraReducers: (builder) => {
    builder
      .addCase(loginStatus.fulfilled, (state, action) => {
        state.isLoading = false;
        state.isSuccess = true;
        state.isLoggedIn = action.payload;
        state.statusChecked = true;
        if (!action.payload) state.user = null;
      })
      .addCase(loginStatus.rejected, (state) => {
        state.isLoggedIn = false;
        state.statusChecked = true;
      })
      .addCase(getUser.fulfilled, (state, action) => {
        state.isLoading = false;
        state.isSuccess = true;
        state.isLoggedIn = true;
        state.user = action.payload;
      })
      .addCase(logout.fulfilled, (state, action) => {
        state.isLoading = false;
        state.isSuccess = true;
        state.isLoggedIn = false;
        state.user = null;
        state.message = action.payload.message;
      })
      // SPEC §4: register, login, Google login and login-with-code success sign in (and a passkey sign-in).
      .addCase(register.fulfilled, signedIn)
      .addCase(login.fulfilled, signedIn)
      .addCase(loginWithGoogle.fulfilled, signedIn)
      .addCase(loginWithPasskey.fulfilled, signedIn)
      .addCase(loginWithCode.fulfilled, (state, action) => {
        signedIn(state, action);
        state.twoFactor = false;
      })
      // Their failures clear the user; a 'New browser' login failure starts the code flow.
      .addCase(register.rejected, clearUser)
      .addCase(loginWithGoogle.rejected, clearUser)
      .addCase(loginWithPasskey.rejected, clearUser)
      .addCase(loginWithCode.rejected, clearUser)
      .addCase(login.rejected, (state, action) => {
        clearUser(state);
        if ((action.payload ?? '').includes('New browser')) state.twoFactor = true;
      })
      // getUser and updateUser success set the user and isLoggedIn.
      .addCase(updateUser.fulfilled, signedIn)
      .addCase(uploadPhoto.fulfilled, signedIn)
      .addCase(verifyUser.fulfilled, (state, action) => {
        finished(state, action.payload.message);
        if (state.user) state.user.isVerified = true;
      })
      .addCase(sendLoginCode.fulfilled, (state, action) => finished(state, action.payload.message))
      .addCase(sendVerificationEmail.fulfilled, (state, action) => finished(state, action.payload.message))
      .addCase(changePassword.fulfilled, (state, action) => finished(state, action.payload.message))
      .addCase(forgotPassword.fulfilled, (state, action) => finished(state, action.payload.message))
      .addCase(resetPassword.fulfilled, (state, action) => finished(state, action.payload.message))
      // The session's requests go pending (loading on), then rejected (error on, message stored).
      .addMatcher(isPending(...sessionThunks), (state) => {
        state.isLoading = true;
      })
      .addMatcher(isRejected(...sessionThunks), (state, action) => {
        state.isLoading = false;
        state.isError = true;
        state.message = action.payload ?? '';
      })
      // Every auth action goes pending (loading on), then rejected (error on, message stored).
      .addMatcher(isPending(...accountThunks), (state) => {
        state.isLoading = true;
        state.isError = false;
        state.isSuccess = false;
      })
      .addMatcher(isRejected(...accountThunks), (state, action) => {
        state.isLoading = false;
        state.isError = true;
        state.isSuccess = false;
        state.message = (action.payload as string | undefined) ?? action.error.message ?? '';
      });
  },
});

export const { RESET, CALC_VERIFIED_USER, SET_USER } = authSlice.actions;
export const authReducer = authSlice.reducer;
