import { describe, expect, it, vi } from 'vitest';
import { VERIFIED_EMAIL_NEEDED } from '@app/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ToastContainer } from '../../../lib/toast';
import type { RouteObject } from 'react-router';
import { renderApp, renderWithStore, stubFetch, testUser } from '../../../test/render';
import { UserProfilePage } from '../pages/user-profile-page';
import { UnverifiedEmailBanner } from '../components/verification-banner';
import { describeAgent } from '../components/devices-section';
import { clickAndExpect, confirmAfterMismatch } from './auth-test-utils';

const routes: RouteObject[] = [
  {
    path: '/user-profile',
    element: (
      <>
        <UserProfilePage usersTabSlot={<p>users tab content</p>} />
        <ToastContainer />
      </>
    ),
  },
  { path: '/login', element: <p>login page</p> },
];

const SESSIONS = {
  sessions: [
    {
      id: 'a'.repeat(64),
      current: true,
      userAgent: 'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_0) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Safari/605.1.15',
      ip: '203.0.113.7',
      createdAt: '2026-11-01T10:00:00.000Z',
      lastSeenAt: '2026-11-20T10:00:00.000Z',
    },
    {
      id: 'b'.repeat(64),
      current: false,
      userAgent: 'Mozilla/5.0 (Linux; Android 14) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0 Mobile Safari/537.36',
      ip: '198.51.100.2',
      createdAt: '2026-11-02T10:00:00.000Z',
      lastSeenAt: '2026-11-19T10:00:00.000Z',
    },
  ],
};

function api(extra: Record<string, (init?: RequestInit) => { status?: number; body?: unknown }> = {}) {
  return stubFetch((url, init) => {
    const path = url.replace(/^https?:\/\/[^/]+/, '');
    if (extra[path]) return extra[path](init);
    if (path === '/api/countries') return { body: [{ name: 'France', code: 'FR' }, { name: 'United Kingdom', code: 'GB' }] };
    if (path === '/api/users/sessions') return { body: SESSIONS };
    if (path === '/api/users/2fa') return { body: { enabled: false, recoveryCodesLeft: 0 } };
    return undefined;
  });
}

describe('/user-profile', () => {
  it('shows the name truncated at 10 characters, the email read-only, and updates the profile', async () => {
    const { calls } = api({
      '/api/users/updateUser': (init) => ({ body: testUser({ name: 'Ada Byron-King', ...JSON.parse(String(init?.body)) }) }),
    });
    const user = userEvent.setup();
    renderApp('/user-profile', { routes, user: testUser({ name: 'Ada Byron-King', country: 'United Kingdom' }) });
    expect(await screen.findByRole('heading', { level: 1, name: 'Ada Byron-…' })).toBeInTheDocument();
    const email = screen.getByLabelText('Email');
    expect(email).toHaveAttribute('readonly');
    expect(email).toHaveValue('ada@example.com');
    await screen.findByRole('option', { name: 'France' });
    await user.clear(screen.getByLabelText('Bio'));
    await user.type(screen.getByLabelText('Bio'), 'Long-term investor');
    await user.selectOptions(screen.getByLabelText('Country'), 'France');
    await user.click(screen.getByRole('button', { name: 'Update Profile' }));
    expect(await screen.findByText('User Updated')).toBeInTheDocument();
    const call = calls.find((c) => c.url.endsWith('/api/users/updateUser'))!;
    expect(call.init?.method).toBe('PATCH');
    expect(JSON.parse(String(call.init?.body))).toEqual({
      name: 'Ada Byron-King',
      phone: '+14155550100',
      country: 'France',
      bio: 'Long-term investor',
    });
  });

  it('clears the form errors once a submit succeeds: the field errors and the error toast', async () => {
    api({ '/api/users/updateUser': (init) => ({ body: testUser({ ...JSON.parse(String(init?.body)) }) }) });
    const user = userEvent.setup();
    renderApp('/user-profile', { routes, user: testUser({ name: 'Ada Byron-King', country: 'United Kingdom' }) });
    const name = await screen.findByLabelText('Full name');
    await user.clear(name);
    await user.click(screen.getByRole('button', { name: 'Update Profile' }));
    // The error toast and the field's own error.
    await waitFor(() => expect(screen.getAllByRole('alert').filter((alert) => alert.textContent === 'All fields are required')).toHaveLength(2));
    expect(name).toHaveAttribute('aria-invalid', 'true');
    await user.type(name, 'Ada Lovelace');
    await user.click(screen.getByRole('button', { name: 'Update Profile' }));
    expect(await screen.findByText('User Updated')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryAllByRole('alert')).toEqual([]));
    expect(name).not.toHaveAttribute('aria-invalid');
  });

  it('shows a country stored as its ISO code by name, once, and keeps it as it is', async () => {
    api();
    const first = renderApp('/user-profile', { routes, user: testUser({ country: 'GB' }) });
    await screen.findByRole('option', { name: 'France' });
    const country = screen.getByLabelText('Country');
    await waitFor(() => expect(within(country).getByRole('option', { selected: true })).toHaveTextContent('United Kingdom'));
    expect(within(country).getAllByRole('option', { name: 'United Kingdom' })).toHaveLength(1);
    expect(within(country).queryByRole('option', { name: 'GB' })).not.toBeInTheDocument();
    first.unmount();
    // A code missing from the list still reads as a country.
    renderApp('/user-profile', { routes, user: testUser({ country: 'NG' }) });
    expect(await screen.findByRole('option', { name: 'Nigeria', selected: true })).toBeInTheDocument();
  });

  it('refuses a photo that is not jpeg or png before uploading', async () => {
    const { calls } = api();
    const user = userEvent.setup({ applyAccept: false });
    renderApp('/user-profile', { routes, user: testUser() });
    const input = await screen.findByLabelText('Profile photo');
    await user.upload(input, new File(['gif'], 'me.gif', { type: 'image/gif' }));
    expect(await screen.findByText('Only jpeg, jpg or png images are allowed')).toBeInTheDocument();
    expect(calls.some((c) => c.url.endsWith('/api/users/uploadPhoto'))).toBe(false);
  });

  it('uploads a png photo', async () => {
    const { calls } = api({ '/api/users/uploadPhoto': () => ({ body: testUser({ photo: `/api/users/photo/${'c'.repeat(32)}.png` }) }) });
    const user = userEvent.setup();
    renderApp('/user-profile', { routes, user: testUser() });
    await user.upload(await screen.findByLabelText('Profile photo'), new File(['png'], 'me.png', { type: 'image/png' }));
    expect(await screen.findByText('Profile Updated')).toBeInTheDocument();
    expect(calls.find((c) => c.url.endsWith('/api/users/uploadPhoto'))?.init?.body).toBeInstanceOf(FormData);
  });

  it('Security tab: changes the password (SPEC messages), lists devices and signs one out', async () => {
    const { calls } = api({
      '/api/users/changePassword': () => ({ body: { message: 'Password changed successfully' } }),
      [`/api/users/sessions/${'b'.repeat(64)}`]: () => ({ body: { message: 'Device signed out' } }),
    });
    const user = userEvent.setup();
    renderApp('/user-profile', { routes, user: testUser() });
    await user.click(await screen.findByRole('tab', { name: 'Security' }));
    await clickAndExpect(user, 'Change Password', 'All fields are required');
    await user.type(screen.getByLabelText('Current password'), 'Old-pass1');
    await user.type(screen.getByLabelText('New password'), 'N3w-pass!');
    await confirmAfterMismatch(user, { wrong: 'N3w-pass?', right: 'N3w-pass!', submit: 'Change Password' });
    expect(await screen.findByText('Password changed successfully')).toBeInTheDocument();
    expect(JSON.parse(String(calls.find((c) => c.url.endsWith('/api/users/changePassword'))!.init!.body))).toEqual({
      oldPassword: 'Old-pass1',
      password: 'N3w-pass!',
    });
    // SPEC §7: the client asks for the automated email after a password change.
    await waitFor(() => expect(calls.some((c) => c.url.endsWith('/api/users/sendAutomatedEmail'))).toBe(true));
    expect(JSON.parse(String(calls.find((c) => c.url.endsWith('/api/users/sendAutomatedEmail'))!.init!.body))).toMatchObject({ template: 'changePassword', send_to: 'ada@example.com' });

    const devices = await screen.findByRole('region', { name: 'Signed-in devices' }).catch(() => screen.getByText('Signed-in devices').closest('section')!);
    expect(await within(devices as HTMLElement).findByText('Safari on macOS')).toBeInTheDocument();
    expect(within(devices as HTMLElement).getByText('This device')).toBeInTheDocument();
    await user.click(within(devices as HTMLElement).getByRole('button', { name: 'Sign out Chrome on Android' }));
    expect(await screen.findByText('Device signed out')).toBeInTheDocument();
    expect(calls.some((c) => c.url.endsWith(`/api/users/sessions/${'b'.repeat(64)}`) && c.init?.method === 'DELETE')).toBe(true);
  });

  it('Security tab: Sign out everywhere is its own explicit action', async () => {
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, assign });
    const { calls } = api({ '/api/users/logout-everywhere': () => ({ body: { message: 'You are signed out on every device' } }) });
    const user = userEvent.setup();
    renderApp('/user-profile', { routes, user: testUser() });
    await user.click(await screen.findByRole('tab', { name: 'Security' }));
    await user.click(await screen.findByRole('button', { name: 'Sign out everywhere' }));
    expect(await screen.findByText('You are signed out on every device')).toBeInTheDocument();
    expect(calls.find((c) => c.url.endsWith('/api/users/logout-everywhere'))?.init?.method).toBe('POST');
    expect(assign).toHaveBeenCalledWith('/login');
    vi.unstubAllGlobals();
  });

  it('Security tab: sets up two-factor with a QR code and shows the recovery codes', async () => {
    api({
      '/api/users/2fa/setup': () => ({ body: { secret: 'JBSWY3DPEHPK3PXP', otpauthUrl: 'otpauth://totp/x', qrCodeDataUrl: 'data:image/png;base64,AAAA' } }),
      '/api/users/2fa/enable': () => ({ body: { message: 'Two-factor authentication is on', recoveryCodes: ['abcde-fghjk', 'mnpqr-stuvw'] } }),
    });
    const user = userEvent.setup();
    renderApp('/user-profile', { routes, user: testUser() });
    await user.click(await screen.findByRole('tab', { name: 'Security' }));
    await user.click(await screen.findByRole('button', { name: 'Set up two-factor' }));
    expect(await screen.findByRole('img', { name: /QR code/ })).toHaveAttribute('src', 'data:image/png;base64,AAAA');
    expect(screen.getByText('JBSWY3DPEHPK3PXP')).toBeInTheDocument();
    await user.type(screen.getByLabelText('Code from the app'), '123456');
    await user.click(screen.getByRole('button', { name: 'Turn on' }));
    const list = await screen.findByRole('list', { name: 'Recovery codes' });
    expect(list).toHaveTextContent('abcde-fghjk');
    expect(await screen.findByText('Two-factor authentication is on')).toBeInTheDocument();
  });

  it('shows the Users tab only to staff, and Exit Impersonation while impersonated', async () => {
    api();
    const user = userEvent.setup();
    const { unmount } = renderApp('/user-profile', { routes, user: testUser() });
    await screen.findByRole('tab', { name: 'Profile' });
    expect(screen.queryByRole('tab', { name: 'Users' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Exit Impersonation' })).not.toBeInTheDocument();
    unmount();
    renderApp('/user-profile', { routes, user: testUser({ role: 'admin', isImpersonated: true }) });
    await user.click(await screen.findByRole('tab', { name: 'Users' }));
    expect(await screen.findByText('users tab content')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Exit Impersonation' })).toBeInTheDocument();
  });

  it('logs out and goes to /login', async () => {
    api({ '/api/users/logout': () => ({ body: { message: 'Logout successful' } }) });
    const user = userEvent.setup();
    const { router, store } = renderApp('/user-profile', { routes, user: testUser() });
    await user.click(await screen.findByRole('button', { name: 'Logout' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(store.getState().auth).toMatchObject({ isLoggedIn: false, user: null });
  });
});

describe('unverified email banner', () => {
  it('shows Resend Verification Link while unverified and sends the email', async () => {
    const { calls } = stubFetch((url) => (url.endsWith('/api/users/sendVerificationEmail') ? { body: { message: 'Verification Email Sent' } } : undefined));
    const user = userEvent.setup();
    renderWithStore(
      <>
        <UnverifiedEmailBanner />
        <ToastContainer />
      </>,
      { user: testUser({ isVerified: false }) },
    );
    // The same words as the how-it-works page about what needs a verified email.
    expect(screen.getByRole('status')).toHaveTextContent(VERIFIED_EMAIL_NEEDED);
    await user.click(screen.getByRole('button', { name: 'Resend Verification Link' }));
    expect(await screen.findByText('Verification Email Sent')).toBeInTheDocument();
    expect(calls.find((c) => c.url.endsWith('/api/users/sendVerificationEmail'))?.init?.method).toBe('POST');
  });

  it('is hidden once verified', () => {
    stubFetch(() => undefined);
    renderWithStore(<UnverifiedEmailBanner />, { user: testUser({ isVerified: true }) });
    expect(screen.queryByRole('button', { name: 'Resend Verification Link' })).not.toBeInTheDocument();
  });
});

describe('describeAgent', () => {
  it('names common browsers', () => {
    expect(describeAgent(null)).toBe('Unknown device');
    expect(describeAgent('Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 Chrome/130.0 Safari/537.36 Edg/130.0')).toBe('Edge on Windows');
    expect(describeAgent('Mozilla/5.0 (X11; Linux x86_64; rv:130.0) Gecko/20100101 Firefox/130.0')).toBe('Firefox on Linux');
  });
});
