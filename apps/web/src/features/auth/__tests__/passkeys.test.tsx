import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { RouteObject } from 'react-router';
import type { PasskeyList } from '@app/shared';
import { ToastContainer } from '../../../lib/toast';
import { renderApp, stubFetch, testUser } from '../../../test/render';
import { LoginPage } from '../pages/login-page';
import { UserProfilePage } from '../pages/user-profile-page';

const routes: RouteObject[] = [
  {
    path: '/login',
    element: (
      <>
        <LoginPage />
        <ToastContainer />
      </>
    ),
  },
  {
    path: '/user-profile',
    element: (
      <>
        <UserProfilePage />
        <ToastContainer />
      </>
    ),
  },
];

type Answer = { status?: number; body?: unknown } | undefined;
function api(answers: Record<string, Answer | ((init?: RequestInit) => Answer)>) {
  return stubFetch((url, init) => {
    const path = url.replace(/^https?:\/\/[^/]+/, '');
    const answer = answers[`${init?.method ?? 'GET'} ${path}`] ?? answers[path];
    return typeof answer === 'function' ? answer(init) : answer;
  });
}

/** jsdom has no WebAuthn: these tests give the page a browser that has it. */
function withWebAuthn() {
  vi.stubGlobal('PublicKeyCredential', function PublicKeyCredential() {});
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('/login with passkeys', () => {
  it('offers "Sign in with a passkey" only where the browser supports WebAuthn', async () => {
    api({});
    const first = renderApp('/login', { routes });
    await screen.findByRole('button', { name: 'Sign In' });
    expect(screen.queryByRole('button', { name: 'Sign in with a passkey' })).not.toBeInTheDocument();
    first.unmount();

    withWebAuthn();
    renderApp('/login', { routes });
    expect(await screen.findByRole('button', { name: 'Sign in with a passkey' })).toBeInTheDocument();
  });

  it('at the two-factor step, offers "Use a passkey instead" when the account has one', async () => {
    withWebAuthn();
    let passkeyAvailable = false;
    api({
      '/api/users/login': () => ({
        status: 401,
        body: { message: 'Enter the 6-digit code from your authenticator app (or a recovery code)', twoFactorRequired: true, passkeyAvailable },
      }),
    });
    const user = userEvent.setup();
    const first = renderApp('/login', { routes });
    await user.type(await screen.findByLabelText('Email'), 'ada@example.com');
    await user.type(screen.getByLabelText('Password'), 'secret1');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    await screen.findByLabelText('Authentication code');
    expect(screen.queryByRole('button', { name: 'Use a passkey instead' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Sign in with a passkey' })).not.toBeInTheDocument();
    first.unmount();

    passkeyAvailable = true;
    renderApp('/login', { routes });
    await user.type(await screen.findByLabelText('Email'), 'ada@example.com');
    await user.type(screen.getByLabelText('Password'), 'secret1');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    await screen.findByLabelText('Authentication code');
    expect(await screen.findByRole('button', { name: 'Use a passkey instead' })).toBeInTheDocument();
  });
});

describe('Profile > Security: passkeys', () => {
  const list = (recentAuthUntil: string | null): PasskeyList => ({
    passkeys: [
      { id: 'p1', name: 'Work laptop', createdAt: '2026-11-01T10:00:00.000Z', lastUsedAt: null, synced: false },
      { id: 'p2', name: 'Phone', createdAt: '2026-11-02T10:00:00.000Z', lastUsedAt: '2026-11-20T10:00:00.000Z', synced: true },
    ],
    recentAuthUntil,
    hasPassword: true,
  });

  beforeEach(() => {
    withWebAuthn();
  });

  async function security() {
    const user = userEvent.setup();
    renderApp('/user-profile', { routes, user: testUser() });
    await user.click(await screen.findByRole('tab', { name: 'Security' }));
    return user;
  }

  it('is hidden where the browser lacks WebAuthn', async () => {
    vi.unstubAllGlobals();
    const { calls } = api({});
    await security();
    await screen.findByRole('heading', { name: 'Change password' });
    expect(screen.queryByRole('heading', { name: 'Passkeys' })).not.toBeInTheDocument();
    expect(calls.some((call) => call.url.endsWith('/api/users/passkeys'))).toBe(false);
  });

  it('lists the passkeys with their dates and renames one', async () => {
    const { calls } = api({
      'GET /api/users/passkeys': { body: list(null) },
      'PATCH /api/users/passkeys/p1': { body: { id: 'p1', name: 'Old laptop', createdAt: '2026-11-01T10:00:00.000Z', lastUsedAt: null, synced: false } },
    });
    const user = await security();
    const items = within(await screen.findByRole('list', { name: 'Your passkeys' })).getAllByRole('listitem');
    expect(items[0]).toHaveTextContent('Work laptop');
    expect(items[0]).toHaveTextContent('Never used');
    expect(items[1]).toHaveTextContent('Phone');
    expect(items[1]).toHaveTextContent('Synced');
    expect(items[1]).toHaveTextContent('Last used');

    await user.click(screen.getByRole('button', { name: 'Rename Work laptop' }));
    const dialog = await screen.findByRole('dialog', { name: 'Rename passkey' });
    const name = within(dialog).getByLabelText('Passkey name');
    await user.clear(name);
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('Please give this passkey a name')).toBeInTheDocument();
    await user.type(name, 'Old laptop');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Passkey renamed')).toBeInTheDocument();
    const patch = calls.find((call) => call.init?.method === 'PATCH');
    expect(JSON.parse(String(patch?.init?.body))).toEqual({ name: 'Old laptop' });
  });

  it('removes at once right after signing in', async () => {
    const { calls } = api({
      'GET /api/users/passkeys': { body: list(new Date(Date.now() + 5 * 60_000).toISOString()) },
      'DELETE /api/users/passkeys/p2': { body: { message: 'Passkey removed' } },
    });
    const user = await security();
    await user.click(await screen.findByRole('button', { name: 'Remove Phone' }));
    const dialog = await screen.findByRole('dialog', { name: /Remove “Phone”/ });
    await user.click(within(dialog).getByRole('button', { name: 'Remove passkey' }));
    expect(await screen.findByText('Passkey removed')).toBeInTheDocument();
    expect(calls.some((call) => call.url.endsWith('/api/users/passkeys/reauth'))).toBe(false);
  });

  it('asks for the password first when the sign-in is not recent, also when the server says so', async () => {
    let confirmed = false;
    const { calls } = api({
      // The list still says recent; by the time of the click the server wants a fresh check.
      'GET /api/users/passkeys': { body: list(new Date(Date.now() + 5 * 60_000).toISOString()) },
      'DELETE /api/users/passkeys/p1': () =>
        confirmed
          ? { body: { message: 'Passkey removed' } }
          : { status: 403, body: { message: 'For your security, confirm it is you (password or passkey) before removing a passkey.', reauthRequired: true } },
      'POST /api/users/passkeys/reauth': (init) => {
        const body = JSON.parse(String(init?.body));
        if (body.password !== 'secret1') return { status: 400, body: { message: 'Password is incorrect' } };
        confirmed = true;
        return { body: { message: 'Thank you: confirmed', recentAuthUntil: new Date(Date.now() + 600_000).toISOString() } };
      },
    });
    const user = await security();
    await user.click(await screen.findByRole('button', { name: 'Remove Work laptop' }));
    const dialog = await screen.findByRole('dialog', { name: /Remove “Work laptop”/ });
    await user.click(within(dialog).getByRole('button', { name: 'Remove passkey' }));
    const password = await within(dialog).findByLabelText('Your password');
    expect(within(dialog).getByRole('button', { name: 'Confirm with a passkey instead' })).toBeInTheDocument();
    await user.type(password, 'wrong');
    await user.click(within(dialog).getByRole('button', { name: 'Confirm and remove' }));
    expect(await screen.findByText('Password is incorrect')).toBeInTheDocument();
    await user.clear(password);
    await user.type(password, 'secret1');
    await user.click(within(dialog).getByRole('button', { name: 'Confirm and remove' }));
    expect(await screen.findByText('Passkey removed')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(calls.filter((call) => call.init?.method === 'DELETE')).toHaveLength(2);
  });
});
