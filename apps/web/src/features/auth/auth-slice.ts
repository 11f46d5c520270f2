import { createAsyncThunk, createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { UserView } from '@app/shared';
import { apiFetch, errorMessage } from '../../lib/api';

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

const reject = (fallback: string) => (error: unknown) => errorMessage(error, fallback);

export const loginStatus = createAsyncThunk<boolean, void, { rejectValue: string }>(
  'auth/loginStatus',
  async (_, { rejectWithValue }) => {
    try {
      return await apiFetch<boolean>('/api/users/loginStatus');
    } catch (error) {
      return rejectWithValue(reject('Could not check login status')(error));
    }
  },
);

export const getUser = createAsyncThunk<UserView, void, { rejectValue: string }>('auth/getUser', async (_, { rejectWithValue }) => {
  try {
    return await apiFetch<UserView>('/api/users/getUser');
  } catch (error) {
    return rejectWithValue(reject('Could not load your account')(error));
  }
});

export const logout = createAsyncThunk<{ message: string }, void, { rejectValue: string }>(
  'auth/logout',
  async (_, { rejectWithValue }) => {
    try {
      return await apiFetch<{ message: string }>('/api/users/logout');
    } catch (error) {
      return rejectWithValue(reject('Logout failed')(error));
    }
  },
);

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
      .addCase(loginStatus.pending, (state) => {
        state.isLoading = true;
      })
      .addCase(loginStatus.fulfilled, (state, action) => {
        state.isLoading = false;
        state.isSuccess = true;
        state.isLoggedIn = action.payload;
        state.statusChecked = true;
        if (!action.payload) state.user = null;
      })
      .addCase(loginStatus.rejected, (state, action) => {
        state.isLoading = false;
        state.isError = true;
        state.isLoggedIn = false;
        state.statusChecked = true;
        state.message = action.payload ?? '';
      })
      .addCase(getUser.pending, (state) => {
        state.isLoading = true;
      })
      .addCase(getUser.fulfilled, (state, action) => {
        state.isLoading = false;
        state.isSuccess = true;
        state.isLoggedIn = true;
        state.user = action.payload;
      })
      .addCase(getUser.rejected, (state, action) => {
        state.isLoading = false;
        state.isError = true;
        state.message = action.payload ?? '';
      })
      .addCase(logout.pending, (state) => {
        state.isLoading = true;
      })
      .addCase(logout.fulfilled, (state, action) => {
        state.isLoading = false;
        state.isSuccess = true;
        state.isLoggedIn = false;
        state.user = null;
        state.message = action.payload.message;
      })
      .addCase(logout.rejected, (state, action) => {
        state.isLoading = false;
        state.isError = true;
        state.message = action.payload ?? '';
      });
  },
});

export const { RESET, CALC_VERIFIED_USER, SET_USER } = authSlice.actions;
export const authReducer = authSlice.reducer;
