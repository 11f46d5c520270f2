import { describe, expect, it, beforeEach, vi } from 'vitest';
import { screen, within, act } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderApp, stubFetch, testUser } from '../../test/render';
import { Splash } from '../layouts/splash';
import { render } from '@testing-library/react';
import { RequireAuth } from '../layouts/guards';
import { loginStatus } from '../../features/auth/auth-slice';

describe('app shell', () => {
  beforeEach(() => {
    stubFetch((url) => {
      if (url.endsWith('/api/users/loginStatus')) return { body: false };
      return undefined;
    });
  });

  it('shows the 404 page with a link home for unknown routes', async () => {
    renderApp('/no-such-page');
    expect(await screen.findByRole('heading', { name: "We couldn't find that page" })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go back home' })).toHaveAttribute('href', '/');
  });

  it('shows visitor navigation with Sign In', async () => {
    renderApp('/no-such-page');
    const nav = await screen.findByRole('navigation', { name: 'Main' });
    expect(within(nav).getByRole('link', { name: 'Sign In' })).toBeInTheDocument();
    expect(within(nav).queryByRole('link', { name: 'Dashboard' })).not.toBeInTheDocument();
    expect(within(nav).queryByRole('link', { name: 'Send Email' })).not.toBeInTheDocument();
    for (const label of ['Portfolio Plans', 'About Us', 'Help Center', 'How It Works', 'Current Rates']) {
      expect(within(nav).getByRole('link', { name: label })).toBeInTheDocument();
    }
  });

  it('shows Dashboard, Profile and Logout to a signed-in subscriber, and the back-office menu with Send Email only to staff', async () => {
    stubFetch((url) => (url.endsWith('/api/users/loginStatus') ? { body: true } : undefined));
    const { unmount } = renderApp('/no-such-page', { user: testUser() });
    let nav = await screen.findByRole('navigation', { name: 'Main' });
    expect(within(nav).getByRole('link', { name: 'Dashboard' })).toBeInTheDocument();
    expect(within(nav).getByRole('link', { name: 'Profile' })).toBeInTheDocument();
    expect(within(nav).getByRole('button', { name: 'Logout' })).toBeInTheDocument();
    expect(within(nav).queryByRole('link', { name: 'Send Email' })).not.toBeInTheDocument();
    expect(within(nav).queryByRole('button', { name: /Back office/ })).not.toBeInTheDocument();
    unmount();
    const user = userEvent.setup();
    renderApp('/no-such-page', { user: testUser({ role: 'author' }) });
    nav = await screen.findByRole('navigation', { name: 'Main' });
    expect(within(nav).queryByRole('link', { name: 'Send Email' })).not.toBeInTheDocument();
    // The back-office menu loads on demand (staff only): it appears once its chunk is in.
    const [menu] = await within(nav).findAllByRole('button', { name: /^Back office/ });
    await user.click(menu!);
    expect(within(nav).getByRole('link', { name: 'Send Email' })).toHaveAttribute('href', '/compose-email');
  });

  it('redirects guarded pages to /login when the status check fails', async () => {
    const { store } = renderApp('/secret', {
      routes: [
        { element: <RequireAuth />, children: [{ path: '/secret', element: <p>secret</p> }] },
        { path: '/login', element: <p>login page</p> },
      ],
    });
    await act(() => store.dispatch(loginStatus()));
    expect(await screen.findByText('login page')).toBeInTheDocument();
    expect(screen.queryByText('secret')).not.toBeInTheDocument();
  });
});

describe('splash', () => {
  it('shows for three seconds, once per session', () => {
    vi.useFakeTimers();
    sessionStorage.removeItem('vaultline.splashSeen');
    render(<Splash />);
    expect(screen.getByTestId('splash')).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(2999));
    expect(screen.getByTestId('splash')).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(1));
    expect(screen.queryByTestId('splash')).not.toBeInTheDocument();
    expect(sessionStorage.getItem('vaultline.splashSeen')).toBe('1');
  });
});
