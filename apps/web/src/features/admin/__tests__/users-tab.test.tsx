import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AdminUserView, UserListResponse } from '@app/shared';
import { renderApp, testUser } from '../../../test/render';
import { browser } from '../components/user-actions';
import { adminUser, bodyOf, resolveRelativeRequests } from './admin-test-utils';

// Lazy pages load slowly when the machine is busy; wait longer than the 1 s default.
configure({ asyncUtilTimeout: 5000 });

let users: AdminUserView[];
let calls: Array<{ method: string; path: string; search: string; body: unknown }>;
let answer: (path: string, method: string) => { status: number; body: unknown } | undefined;

/** A page as the server answers it: `limit` users after the cursor (here, the index to start at). */
function listFor(search: string): UserListResponse {
  const params = new URLSearchParams(search);
  const term = params.get('search')?.toLowerCase() ?? '';
  const matched = users.filter((user) => !term || user.name.toLowerCase().includes(term) || user.email.includes(term));
  const from = Number(params.get('cursor') ?? 0);
  const to = from + Number(params.get('limit') ?? 50);
  return { users: matched.slice(from, to), nextCursor: to < matched.length ? String(to) : null, total: matched.length, counts: { all: 42, verified: 30, suspended: 3 } };
}

beforeEach(() => {
  resolveRelativeRequests();
  users = [
    adminUser(),
    adminUser({ _id: 'u-2', name: 'Ann', email: 'ann@example.com', role: 'author', isVerified: false, kycStatus: 'Pending' }),
    adminUser({ _id: 'admin-1', name: 'Ada Admin', email: 'ada@example.com', role: 'admin' }),
  ];
  calls = [];
  answer = () => undefined;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL(typeof input === 'string' ? input : input instanceof URL ? input.toString() : input.url, 'http://localhost');
      const method = (init?.method ?? (input instanceof Request ? input.method : 'GET')).toUpperCase();
      calls.push({ method, path: url.pathname, search: url.search, body: await bodyOf(input, init) });
      const custom = answer(url.pathname, method);
      const reply = custom ?? (() => {
        if (url.pathname === '/api/users/loginStatus') return { status: 200, body: true };
        if (url.pathname === '/api/users/getUsers') return { status: 200, body: listFor(url.search) };
        if (url.pathname === '/api/admin/pending-counts') return { status: 200, body: { deposits: 0, investments: 0, withdrawals: 0, kyc: 0, approvals: 0 } };
        return { status: 404, body: { message: 'Not found' } };
      })();
      return new Response(JSON.stringify(reply.body), { status: reply.status, headers: { 'content-type': 'application/json' } });
    }),
  );
});

afterEach(() => {
  vi.restoreAllMocks();
});

const staff = () => testUser({ _id: 'admin-1', role: 'admin', name: 'Ada Admin' });

async function cardOf(name: string) {
  const cards = await screen.findAllByTestId('user-card');
  const card = cards.find((element) => within(element).queryByRole('heading', { name }));
  if (!card) throw new Error(`no card for ${name}`);
  return card;
}

/** For the impersonation tests: a user, and spies on window.alert (never used) and on the reload into the user's view. */
function impersonationSpies() {
  return {
    user: userEvent.setup(),
    alert: vi.spyOn(window, 'alert').mockImplementation(() => {}),
    reload: vi.spyOn(browser, 'reload').mockImplementation(() => {}),
  };
}

describe('UsersTab', () => {
  it('shows the counts and a card per user: name truncated at 12, email, role, verification, KYC, balances', async () => {
    renderApp('/admin/users', { user: staff() });
    expect(await screen.findByText('42')).toBeInTheDocument();
    expect(screen.getByText('30')).toBeInTheDocument();
    expect(screen.getByText('3')).toBeInTheDocument();
    const card = await cardOf('Bartholomew…');
    expect(within(card).getByRole('heading')).toHaveAttribute('title', 'Bartholomew Fitzgerald');
    expect(within(card).getByText('bart@example.com')).toBeInTheDocument();
    expect(within(card).getByText('subscriber', { selector: 'span' })).toBeInTheDocument();
    expect(within(card).getByText('Email verified')).toBeInTheDocument();
    expect(within(card).getByText('Approved')).toBeInTheDocument();
    expect(within(card).getByText('$1,250.00')).toBeInTheDocument();
    expect(within(card).getByText('$300.00')).toBeInTheDocument();
    expect(within(card).getByText('$45.50')).toBeInTheDocument();
    expect(within(card).getByRole('link', { name: 'Profit' })).toHaveAttribute('href', '/edit-balance/u-1');
    expect(within(card).getByRole('link', { name: 'Balance' })).toHaveAttribute('href', '/edit-user-balance/u-1');
    expect(within(card).getByRole('link', { name: 'Fees' })).toHaveAttribute('href', '/update-fee/u-1');
    expect(within(card).getByRole('link', { name: 'Audit trail' })).toHaveAttribute('href', '/admin/audit?targetId=u-1');
    const ann = await cardOf('Ann');
    expect(within(ann).getByText('Email not verified')).toBeInTheDocument();
    expect(within(ann).getByText('Pending')).toBeInTheDocument();
    // Your own account has no actions.
    const self = await cardOf('Ada Admin');
    expect(within(self).queryByRole('button', { name: /Impersonate/ })).not.toBeInTheDocument();
    expect(within(self).getByText('This is your account.')).toBeInTheDocument();
  });

  it('searches by name or email', async () => {
    const user = userEvent.setup();
    renderApp('/admin/users', { user: staff() });
    await cardOf('Ann');
    await user.type(screen.getByRole('searchbox', { name: 'Search users by name or email' }), 'ann@');
    await waitFor(() => expect(calls.some((call) => call.path === '/api/users/getUsers' && call.search.includes('search=ann%40'))).toBe(true));
    await waitFor(() => expect(screen.getAllByTestId('user-card')).toHaveLength(1));
  });

  it('shows the next page of users under the first with Load more, while there is one', async () => {
    const user = userEvent.setup();
    users.push(...Array.from({ length: 13 }, (_, i) => adminUser({ _id: `more-${i}`, name: `More ${i}`, email: `more-${i}@example.com` })));
    renderApp('/admin/users', { user: staff() });
    await waitFor(() => expect(screen.getAllByTestId('user-card')).toHaveLength(12));
    await user.click(screen.getByRole('button', { name: 'Load more' }));
    await waitFor(() => expect(screen.getAllByTestId('user-card')).toHaveLength(16));
    expect(calls.some((call) => call.path === '/api/users/getUsers' && call.search.includes('cursor=12'))).toBe(true);
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
  });

  it("says 'Please select a role' without a role, and changes it after confirmation", async () => {
    const user = userEvent.setup();
    answer = (path) => (path === '/api/users/upgradeUser' ? { status: 200, body: { message: 'User role updated to suspended' } } : undefined);
    renderApp('/admin/users', { user: staff() });
    const card = await cardOf('Bartholomew…');
    await user.click(within(card).getByRole('button', { name: /Change role/ }));
    expect(await screen.findByText('Please select a role')).toBeInTheDocument();
    expect(calls.some((call) => call.path === '/api/users/upgradeUser')).toBe(false);

    await user.selectOptions(within(card).getByLabelText('New role for Bartholomew Fitzgerald'), 'suspended');
    await user.click(within(card).getByRole('button', { name: /Change role/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Change role?' });
    await user.click(within(dialog).getByRole('button', { name: 'Change role' }));
    await waitFor(() => expect(calls.find((call) => call.path === '/api/users/upgradeUser')?.body).toEqual({ id: 'u-1', role: 'suspended' }));
    expect(await screen.findByText('User role updated to suspended')).toBeInTheDocument();
  });

  it('deletes after the confirm dialog, and shows the refusal reason', async () => {
    const user = userEvent.setup();
    answer = (path, method) =>
      path === '/api/users/u-1' && method === 'DELETE'
        ? { status: 409, body: { message: 'This account cannot be deleted while it holds money: a balance of $1,000.00.' } }
        : undefined;
    renderApp('/admin/users', { user: staff() });
    const card = await cardOf('Bartholomew…');
    await user.click(within(card).getByRole('button', { name: 'Delete Bartholomew Fitzgerald' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete this user?' });
    expect(calls.some((call) => call.method === 'DELETE')).toBe(false);
    await user.click(within(dialog).getByRole('button', { name: 'Delete user' }));
    expect(await screen.findByText(/cannot be deleted while it holds money/)).toBeInTheDocument();
  });

  it("impersonates: shows the server's message in an in-app dialog, then reloads into the user's view", async () => {
    const { user, alert, reload } = impersonationSpies();
    answer = (path) =>
      path === '/api/users/impersonate/u-1'
        ? { status: 200, body: { message: 'You are now viewing the account of Bartholomew Fitzgerald', name: 'Bartholomew Fitzgerald' } }
        : undefined;
    renderApp('/admin/users', { user: staff() });
    const card = await cardOf('Bartholomew…');
    await user.click(within(card).getByRole('button', { name: /Impersonate/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Impersonation started' });
    expect(dialog).toHaveAccessibleDescription('You are now viewing the account of Bartholomew Fitzgerald');
    expect(reload).not.toHaveBeenCalled();
    await user.click(within(dialog).getByRole('button', { name: 'Continue to their view' }));
    expect(reload).toHaveBeenCalledWith('/my-account');
    expect(alert).not.toHaveBeenCalled();
  });

  it('impersonation: closing the dialog still reloads, as it has started', async () => {
    const { user, alert, reload } = impersonationSpies();
    answer = (path) => (path === '/api/users/impersonate/u-1' ? { status: 200, body: { message: 'You are now viewing the account of Bartholomew Fitzgerald' } } : undefined);
    renderApp('/admin/users', { user: staff() });
    await user.click(within(await cardOf('Bartholomew…')).getByRole('button', { name: /Impersonate/ }));
    await screen.findByRole('dialog', { name: 'Impersonation started' });
    await user.keyboard('{Escape}');
    expect(reload).toHaveBeenCalledWith('/my-account');
    expect(alert).not.toHaveBeenCalled();
  });

  it('impersonation: a failure says why in the dialog, or "Something went wrong.", and reloads nothing', async () => {
    const { user, alert, reload } = impersonationSpies();
    renderApp('/admin/users', { user: staff() });
    answer = (path) => (path === '/api/users/impersonate/u-2' ? { status: 500, body: {} } : undefined);
    await user.click(within(await cardOf('Ann')).getByRole('button', { name: /Impersonate/ }));
    const failed = await screen.findByRole('dialog', { name: 'Could not start impersonation' });
    expect(failed).toHaveAccessibleDescription('Something went wrong.');
    await user.click(within(failed).getByRole('button', { name: 'Back to users' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(reload).not.toHaveBeenCalled();
    expect(alert).not.toHaveBeenCalled();
  });
});
