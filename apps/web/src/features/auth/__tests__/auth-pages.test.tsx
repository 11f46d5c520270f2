import { beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ToastContainer } from '../../../lib/toast';
import type { RouteObject } from 'react-router';
import { renderApp, stubFetch, testPublicSettings, testUser } from '../../../test/render';
import { LoginPage } from '../pages/login-page';
import { RegisterPage } from '../pages/register-page';
import { ForgotPage } from '../pages/forgot-page';
import { ResetPasswordPage } from '../pages/reset-password-page';
import { LoginWithCodePage } from '../pages/login-with-code-page';
import { VerifyPage } from '../pages/verify-page';
import { resetCountriesCache } from '../components/use-countries';
import { login } from '../auth-slice';
import { clickAndExpect, confirmAfterMismatch } from './auth-test-utils';

function page(path: string, element: React.ReactNode): RouteObject {
  return {
    path,
    element: (
      <>
        {element}
        <ToastContainer />
      </>
    ),
  };
}

const routes: RouteObject[] = [
  page('/login', <LoginPage />),
  page('/register', <RegisterPage />),
  page('/forgot', <ForgotPage />),
  page('/resetPassword/:resetToken', <ResetPasswordPage />),
  page('/loginWithCode/:email', <LoginWithCodePage />),
  page('/verify/:verificationToken', <VerifyPage />),
  page('/my-account', <p>dashboard page</p>),
  page('/upload-kyc', <p>kyc page</p>),
];

type Answer = { status?: number; body?: unknown } | undefined;
function api(answers: Record<string, Answer | ((init?: RequestInit) => Answer)>) {
  return stubFetch((url, init) => {
    const path = url.replace(/^https?:\/\/[^/]+/, '');
    const answer = answers[path];
    return typeof answer === 'function' ? answer(init) : answer;
  });
}

function bodyOf(calls: Array<{ url: string; init?: RequestInit }>, path: string) {
  const call = calls.find((c) => c.url.endsWith(path));
  return call?.init?.body ? JSON.parse(String(call.init.body)) : undefined;
}

const COUNTRIES = [
  { name: 'France', code: 'FR' },
  { name: 'United Kingdom', code: 'GB' },
];

beforeEach(() => {
  resetCountriesCache();
});

describe('/login', () => {
  it('shows the SPEC messages as toasts and under the fields', async () => {
    const { calls } = api({});
    const user = userEvent.setup();
    renderApp('/login', { routes });
    await clickAndExpect(user, 'Sign In', 'All fields are required');
    await user.type(screen.getByLabelText('Email'), 'not-an-email');
    await user.type(screen.getByLabelText('Password'), 'secret1');
    await clickAndExpect(user, 'Sign In', 'Please enter a valid email');
    expect(calls.filter((c) => c.url.endsWith('/api/users/login'))).toHaveLength(0);
  });

  it('signs in, toasts Login Successful and goes to /my-account', async () => {
    const { calls } = api({ '/api/users/login': { body: testUser() } });
    const user = userEvent.setup();
    const { router, store } = renderApp('/login', { routes });
    await user.type(await screen.findByLabelText('Email'), 'Ada@Example.com');
    await user.type(screen.getByLabelText('Password'), 'secret1');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(await screen.findByText('dashboard page')).toBeInTheDocument();
    expect(await screen.findByText('Login Successful')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/my-account');
    expect(bodyOf(calls, '/api/users/login')).toEqual({ email: 'ada@example.com', password: 'secret1' });
    expect(store.getState().auth).toMatchObject({ isLoggedIn: true, isSuccess: true, isLoading: false });
  });

  it("turns on the twoFactor flag and goes to /loginWithCode/{email} on 'New browser'", async () => {
    api({ '/api/users/login': { status: 401, body: { message: 'New browser or device detected. We sent an access code.' } } });
    const user = userEvent.setup();
    const { router, store } = renderApp('/login', { routes });
    await user.type(await screen.findByLabelText('Email'), 'ada@example.com');
    await user.type(screen.getByLabelText('Password'), 'secret1');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/loginWithCode/ada%40example.com'));
    expect(store.getState().auth).toMatchObject({ twoFactor: true, isError: true, isLoggedIn: false, user: null });
    expect(await screen.findByText(/We emailed a 6-character access code/)).toBeInTheDocument();
    // Information with what to do, not an error.
    expect(screen.getByRole('status')).toHaveTextContent(/New browser.*Enter the code from the email below/);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.queryByText(/New browser or device detected/)).not.toBeInTheDocument();
  });

  it("opens the Account Suspended modal on 'suspended'", async () => {
    api({
      '/api/users/login': { status: 403, body: { message: 'Your account has been suspended. Please contact support.' } },
      '/api/settings/public': { body: testPublicSettings({ supportPhone: '+1 800 555 0100' }) },
    });
    const user = userEvent.setup();
    renderApp('/login', { routes });
    await user.type(await screen.findByLabelText('Email'), 'ada@example.com');
    await user.type(screen.getByLabelText('Password'), 'secret1');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    const dialog = await screen.findByRole('dialog', { name: 'Account Suspended' });
    expect(dialog).toBeInTheDocument();
    expect(await screen.findByText('+1 800 555 0100')).toBeInTheDocument();
  });

  it('asks for the authenticator code when two-factor is on, then sends it', async () => {
    let attempt = 0;
    const { calls } = api({
      '/api/users/login': () => {
        attempt += 1;
        return attempt === 1
          ? { status: 401, body: { message: 'Enter the 6-digit code from your authenticator app', twoFactorRequired: true } }
          : { body: testUser() };
      },
    });
    const user = userEvent.setup();
    renderApp('/login', { routes });
    await user.type(await screen.findByLabelText('Email'), 'ada@example.com');
    await user.type(screen.getByLabelText('Password'), 'secret1');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    const codeField = await screen.findByLabelText('Authentication code');
    await user.type(codeField, '123456');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(await screen.findByText('dashboard page')).toBeInTheDocument();
    const bodies = calls.filter((c) => c.url.endsWith('/api/users/login')).map((c) => JSON.parse(String(c.init?.body)));
    expect(bodies[1]).toEqual({ email: 'ada@example.com', password: 'secret1', twoFactorCode: '123456' });
  });

  it('shows the server message for a wrong password', async () => {
    api({ '/api/users/login': { status: 401, body: { message: 'Invalid email or password' } } });
    const user = userEvent.setup();
    const { store } = renderApp('/login', { routes });
    await user.type(await screen.findByLabelText('Email'), 'ada@example.com');
    await user.type(screen.getByLabelText('Password'), 'wrong-one');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(await screen.findByText('Invalid email or password')).toBeInTheDocument();
    expect(store.getState().auth.message).toBe('Invalid email or password');
  });
});

describe('/register', () => {
  async function fill(user: ReturnType<typeof userEvent.setup>, overrides: Partial<Record<string, string>> = {}) {
    const values = { name: 'Ada Lovelace', email: 'ada@example.com', phone: '+14155550123', password: 'Str0ng!pass', ...overrides };
    await user.type(screen.getByLabelText('Full name'), values.name);
    await user.type(screen.getByLabelText('Email'), values.email);
    await user.type(screen.getByLabelText(/^Phone/), values.phone);
    await user.selectOptions(await screen.findByLabelText('Country'), 'United Kingdom');
    await user.type(screen.getByLabelText('Password'), values.password);
    await user.type(screen.getByLabelText('Confirm password'), overrides.password2 ?? values.password);
  }

  it('loads countries, prefills ?ref=, shows the international placeholder and registers, then goes to /upload-kyc', async () => {
    const { calls } = api({ '/api/countries': { body: COUNTRIES }, '/api/users/register': { status: 201, body: testUser() } });
    const user = userEvent.setup();
    const { router } = renderApp('/register?ref=FRIEND42', { routes });
    expect(await screen.findByRole('option', { name: 'United Kingdom' })).toBeInTheDocument();
    expect(screen.getByLabelText('Referral code (optional)')).toHaveValue('FRIEND42');
    expect(screen.getByLabelText(/^Phone/)).toHaveAttribute('placeholder', '+1 415 555 0123');
    await fill(user);
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    expect(await screen.findByText('kyc page')).toBeInTheDocument();
    expect(await screen.findByText('Registration Successful')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/upload-kyc');
    expect(bodyOf(calls, '/api/users/register')).toEqual({
      name: 'Ada Lovelace',
      email: 'ada@example.com',
      phone: '+14155550123',
      country: 'United Kingdom',
      password: 'Str0ng!pass',
      referralCode: 'FRIEND42',
      language: 'en',
    });
  });

  it('blocks pasting into the confirmation with a toast', async () => {
    api({ '/api/countries': { body: COUNTRIES } });
    renderApp('/register', { routes });
    const confirm = await screen.findByLabelText('Confirm password');
    const pasted = fireEvent.paste(confirm, { clipboardData: { getData: () => 'Str0ng!pass' } });
    expect(pasted).toBe(false);
    expect(await screen.findByText('Cannot paste into input field')).toBeInTheDocument();
    expect(confirm).toHaveValue('');
  });

  it('ticks the strength checklist as the password grows', async () => {
    api({ '/api/countries': { body: COUNTRIES } });
    const user = userEvent.setup();
    renderApp('/register', { routes });
    const list = await screen.findByRole('list', { name: 'Password strength' });
    expect(list).toHaveTextContent('Lowercase & Uppercase: not yet');
    await user.type(screen.getByLabelText('Password'), 'aB3!xy');
    expect(list).toHaveTextContent('Lowercase & Uppercase: done');
    expect(list).toHaveTextContent('Number (0-9): done');
    expect(list).toHaveTextContent('Special Character (!@#$%^&*): done');
    expect(list).toHaveTextContent('At least 6 Characters: done');
  });

  it.each([
    [{ password2: 'Different1!' }, 'Passwords do not match'],
    [{ phone: '0123' }, 'Please enter a valid Phone Number'],
    [{ password: 'abc', password2: 'abc' }, 'Password must be up to 6 characters'],
    [{ email: 'bad@' }, 'Please enter a valid email'],
  ])('refuses %o with the SPEC message', async (overrides, message) => {
    const { calls } = api({ '/api/countries': { body: COUNTRIES } });
    const user = userEvent.setup();
    renderApp('/register', { routes });
    await screen.findByRole('option', { name: 'France' });
    await fill(user, overrides);
    await clickAndExpect(user, 'Create account', message);
    expect(calls.some((c) => c.url.endsWith('/api/users/register'))).toBe(false);
  });

  it('needs every field', async () => {
    api({ '/api/countries': { body: COUNTRIES } });
    const user = userEvent.setup();
    renderApp('/register', { routes });
    await clickAndExpect(user, 'Create account', 'All fields are required');
  });

  it('says so when the countries cannot be loaded', async () => {
    api({ '/api/countries': { status: 500, body: { message: 'boom' } } });
    renderApp('/register', { routes });
    expect(await screen.findByText('Failed to fetch countries. Please try again later.')).toBeInTheDocument();
  });

  it('shows the server refusal', async () => {
    api({ '/api/countries': { body: COUNTRIES }, '/api/users/register': { status: 400, body: { message: 'Invalid referral code' } } });
    const user = userEvent.setup();
    renderApp('/register', { routes });
    await screen.findByRole('option', { name: 'France' });
    await fill(user);
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    expect(await screen.findByText('Invalid referral code')).toBeInTheDocument();
  });
});

describe('/forgot and /resetPassword', () => {
  it('asks for an email, then shows the server message', async () => {
    api({ '/api/users/forgotPassword': { body: { message: 'If an account exists for this email, we have sent a password reset link to it.' } } });
    const user = userEvent.setup();
    renderApp('/forgot', { routes });
    await clickAndExpect(user, 'Get Reset Email', 'Please enter an email');
    await user.type(screen.getByLabelText('Email'), 'ada@example.com');
    await clickAndExpect(user, 'Get Reset Email', /we have sent a password reset link/);
  });

  it('resets with the token from the link and goes to /login', async () => {
    const { calls } = api({ '/api/users/resetPassword/tok123': { body: { message: 'Password Reset Successful, please login' } } });
    const user = userEvent.setup();
    const { router } = renderApp('/resetPassword/tok123', { routes });
    await user.type(await screen.findByLabelText('New password'), 'N3w-password');
    await confirmAfterMismatch(user, { wrong: 'N3w-passwordX', right: 'N3w-password', submit: 'Reset Password' });
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    const call = calls.find((c) => c.url.endsWith('/api/users/resetPassword/tok123'))!;
    expect(call.init?.method).toBe('PATCH');
    expect(JSON.parse(String(call.init?.body))).toEqual({ password: 'N3w-password' });
  });
});

describe('/loginWithCode/:email', () => {
  it('checks the code (SPEC messages), signs in, turns twoFactor off and goes to /my-account', async () => {
    const { calls } = api({ '/api/users/loginWithCode/ada%40example.com': { body: testUser() } });
    const user = userEvent.setup();
    const { store } = renderApp('/loginWithCode/ada%40example.com', { routes });
    await clickAndExpect(user, 'Proceed To Login', 'Please fill in the login code');
    await user.type(screen.getByLabelText('Access code'), 'abc');
    await clickAndExpect(user, 'Proceed To Login', 'Access code must be 6 characters');
    await user.type(screen.getByLabelText('Access code'), 'd23');
    await user.click(screen.getByRole('button', { name: 'Proceed To Login' }));
    expect(await screen.findByText('dashboard page')).toBeInTheDocument();
    expect(bodyOf(calls, '/api/users/loginWithCode/ada%40example.com')).toEqual({ loginCode: 'ABCD23' });
    expect(store.getState().auth).toMatchObject({ twoFactor: false, isLoggedIn: true });
  });

  it('opened directly, claims no code was sent and offers to send one (password first), then says it was sent', async () => {
    const { calls } = api({ '/api/users/login': { status: 401, body: { message: 'New browser or device detected. We sent an access code to your email to confirm it is you.' } } });
    const user = userEvent.setup();
    renderApp('/loginWithCode/ada%40example.com', { routes });
    expect(await screen.findByText(/takes a 6-character access code from your email/)).toBeInTheDocument();
    expect(screen.queryByText(/We emailed/)).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Resend/ })).not.toBeInTheDocument();
    await clickAndExpect(user, 'Send me a code', 'All fields are required');
    await user.type(screen.getByLabelText('Password'), 'secret1');
    await user.click(screen.getByRole('button', { name: 'Send me a code' }));
    expect(await screen.findByText(/We emailed a 6-character access code/)).toBeInTheDocument();
    expect(bodyOf(calls, '/api/users/login')).toEqual({ email: 'ada@example.com', password: 'secret1' });
    expect(screen.getByRole('button', { name: /Resend code in/ })).toBeDisabled();
  });

  it('offers Resend after a short wait once a code was sent', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { calls } = api({
      '/api/users/sendLoginCode/ada%40example.com': { body: { message: 'Access code sent to your email' } },
      '/api/users/login': { status: 401, body: { message: 'New browser or device detected.' } },
    });
    const { store } = renderApp('/loginWithCode/ada%40example.com', { routes });
    // Arriving from the sign-in form's "New browser" answer.
    await act(() => store.dispatch(login({ email: 'ada@example.com', password: 'secret1' })));
    const resend = await screen.findByRole('button', { name: /Resend code in/ });
    expect(resend).toBeDisabled();
    for (let second = 0; second < 31; second += 1) {
      await act(async () => {
        await vi.advanceTimersByTimeAsync(1_000);
      });
    }
    const ready = screen.getByRole('button', { name: 'Resend code' });
    fireEvent.click(ready);
    expect(await screen.findByText('Access code sent to your email')).toBeInTheDocument();
    expect(calls.some((c) => c.url.endsWith('/api/users/sendLoginCode/ada%40example.com') && c.init?.method === 'POST')).toBe(true);
  });
});

describe('/verify/:verificationToken', () => {
  it('verifies with Verify & Continue, then goes to /upload-kyc after 3 seconds', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { calls } = api({ '/api/users/verifyUser/vtok': { body: { message: 'Account Verification Successful' } } });
    const { router } = renderApp('/verify/vtok', { routes });
    fireEvent.click(await screen.findByRole('button', { name: 'Verify & Continue' }));
    expect(await screen.findByText('Account Verification Successful')).toBeInTheDocument();
    expect(calls.find((c) => c.url.endsWith('/api/users/verifyUser/vtok'))?.init?.method).toBe('PATCH');
    await act(async () => {
      await vi.advanceTimersByTimeAsync(2_500);
    });
    expect(router.state.location.pathname).toBe('/verify/vtok');
    await act(async () => {
      await vi.advanceTimersByTimeAsync(600);
    });
    expect(router.state.location.pathname).toBe('/upload-kyc');
  });

  it('shows the refusal for a used link', async () => {
    api({ '/api/users/verifyUser/old': { status: 400, body: { message: 'Invalid or expired link. Please request a new one.' } } });
    const user = userEvent.setup();
    renderApp('/verify/old', { routes });
    await clickAndExpect(user, 'Verify & Continue', 'Invalid or expired link. Please request a new one.');
  });

  it('offers a new link after a bad one: signing in first, then back here straight to the offer', async () => {
    api({ '/api/users/verifyUser/old': { status: 400, body: { message: 'Invalid or expired link. Please request a new one.' } } });
    const user = userEvent.setup();
    const { router } = renderApp('/verify/old', { routes });
    await user.click(await screen.findByRole('button', { name: 'Verify & Continue' }));
    const signIn = await screen.findByRole('link', { name: 'Sign in to resend verification link' });
    expect(signIn).toHaveAttribute('href', '/login');
    await user.click(signIn);
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(router.state.location.state).toEqual({ from: '/verify/old?resend=1' });
  });

  it('signed in, resends the link from the page', async () => {
    const { calls } = api({ '/api/users/sendVerificationEmail': { body: { message: 'Verification Email Sent' } } });
    const user = userEvent.setup();
    renderApp('/verify/old?resend=1', { routes, user: testUser({ isVerified: false }) });
    expect(screen.queryByRole('button', { name: 'Verify & Continue' })).not.toBeInTheDocument();
    await user.click(await screen.findByRole('button', { name: 'Resend verification link' }));
    expect(await screen.findByText('A new link is on its way')).toBeInTheDocument();
    expect(calls.find((c) => c.url.endsWith('/api/users/sendVerificationEmail'))?.init?.method).toBe('POST');
  });
});
