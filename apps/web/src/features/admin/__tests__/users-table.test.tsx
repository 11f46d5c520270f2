import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AdminUserView, UserListResponse } from '@app/shared';
import { renderApp, testUser } from '../../../test/render';
import { nextSort } from '../components/users-table';
import { adminUser, bodyOf, resolveRelativeRequests } from './admin-test-utils';

let calls: Array<{ method: string; path: string; params: URLSearchParams; body: unknown }>;
let deleteAnswer: { status: number; body: unknown };

const users: AdminUserView[] = [
  adminUser({ _id: 'u-1', name: 'Kenji Watanabe-Okonkwo', email: 'kenji@example.com', balance: '750.00', createdAt: '2026-03-02T10:00:00.000Z' }),
  adminUser({ _id: 'u-2', name: 'Ann Lee', email: 'ann@example.com', role: 'author', kycStatus: 'Pending', balance: '20.00', createdAt: '2026-02-01T10:00:00.000Z' }),
  adminUser({ _id: 'admin-1', name: 'Ada Admin', email: 'ada@example.com', role: 'admin', createdAt: '2026-01-01T10:00:00.000Z' }),
];

/** The server's answer: it sorts, so the fake answers each sort with an order of its own and the test sees which one is shown. */
function listFor(params: URLSearchParams): UserListResponse {
  const byName = [...users].sort((a, b) => a.name.localeCompare(b.name));
  const ordered = params.get('sort') === 'name' ? (params.get('order') === 'desc' ? byName.reverse() : byName) : users;
  return { users: ordered, nextCursor: null, total: users.length, counts: { all: 3, verified: 3, suspended: 0 } };
}

/** jsdom has no layout: the desk-width media query is answered here. */
function screenWidth(px: number) {
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: /min-width: (\d+)px/.test(query) && px >= Number(/min-width: (\d+)px/.exec(query)![1]),
    media: query,
    addEventListener: () => {},
    removeEventListener: () => {},
  }));
}

beforeEach(() => {
  resolveRelativeRequests();
  calls = [];
  deleteAnswer = { status: 200, body: { message: 'User deleted successfully' } };
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL(typeof input === 'string' ? input : input instanceof URL ? input.toString() : input.url, 'http://localhost');
      const method = (init?.method ?? (input instanceof Request ? input.method : 'GET')).toUpperCase();
      calls.push({ method, path: url.pathname, params: url.searchParams, body: await bodyOf(input, init) });
      const reply =
        url.pathname === '/api/users/loginStatus'
          ? { status: 200, body: true }
          : url.pathname === '/api/users/getUsers'
            ? { status: 200, body: listFor(url.searchParams) }
            : method === 'DELETE'
              ? deleteAnswer
              : url.pathname === '/api/admin/pending-counts'
                ? { status: 200, body: { deposits: 0, investments: 0, withdrawals: 0, kyc: 0, approvals: 0 } }
                : { status: 404, body: { message: 'Not found' } };
      return new Response(JSON.stringify(reply.body), { status: reply.status, headers: { 'content-type': 'application/json' } });
    }),
  );
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const staff = () => testUser({ _id: 'admin-1', role: 'admin', name: 'Ada Admin' });
const rowNames = () => screen.getAllByTestId('user-row').map((row) => within(row).getByRole('rowheader').firstChild?.textContent);
const listCalls = () => calls.filter((call) => call.path === '/api/users/getUsers');

describe('the users table (from 1024 px)', () => {
  it('shows every user in a row with the full name, email, role, KYC, balance and joined date; no card', async () => {
    screenWidth(1366);
    renderApp('/admin/users', { user: staff() });
    const table = await screen.findByRole('table', { name: 'Users' });
    expect(within(table).getAllByRole('columnheader').map((cell) => cell.textContent)).toEqual(['Name', 'Email', 'Role', 'KYC', 'Balance', 'Joined', 'Actions']);
    const kenji = within(table).getByRole('row', { name: /Kenji Watanabe-Okonkwo/ });
    expect(within(kenji).getByText('kenji@example.com')).toBeInTheDocument();
    expect(within(kenji).getByText('subscriber')).toBeInTheDocument();
    expect(within(kenji).getByText('Approved')).toBeInTheDocument();
    expect(within(kenji).getByText('$750.00')).toBeInTheDocument();
    expect(within(kenji).getByText('Mar 2, 2026')).toBeInTheDocument();
    expect(screen.queryByTestId('user-card')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Delete/ })).not.toBeInTheDocument();
  });

  it('sorts by a column on the server (the whole list), the same column again turning the order round', async () => {
    screenWidth(1024);
    const user = userEvent.setup();
    renderApp('/admin/users', { user: staff() });
    await screen.findByRole('table');
    expect(listCalls()[0]!.params.get('sort')).toBe('joined');
    expect(listCalls()[0]!.params.get('order')).toBe('desc');
    expect(screen.getByRole('columnheader', { name: /Joined/ })).toHaveAttribute('aria-sort', 'descending');

    await user.click(screen.getByRole('button', { name: 'Name' }));
    await waitFor(() => expect(rowNames()).toEqual(['Ada Admin', 'Ann Lee', 'Kenji Watanabe-Okonkwo']));
    expect(listCalls().at(-1)!.params.get('sort')).toBe('name');
    expect(listCalls().at(-1)!.params.get('order')).toBe('asc');
    expect(screen.getByRole('columnheader', { name: /Name/ })).toHaveAttribute('aria-sort', 'ascending');
    expect(screen.getByRole('columnheader', { name: /Joined/ })).toHaveAttribute('aria-sort', 'none');

    await user.click(screen.getByRole('button', { name: 'Name' }));
    await waitFor(() => expect(rowNames()).toEqual(['Kenji Watanabe-Okonkwo', 'Ann Lee', 'Ada Admin']));
    expect(listCalls().at(-1)!.params.get('order')).toBe('desc');
    expect(screen.getByRole('columnheader', { name: /Name/ })).toHaveAttribute('aria-sort', 'descending');
  });

  it('orders a new column ascending, money and dates highest first', () => {
    expect(nextSort({ sort: 'joined', order: 'desc' }, 'email')).toEqual({ sort: 'email', order: 'asc' });
    expect(nextSort({ sort: 'email', order: 'asc' }, 'balance')).toEqual({ sort: 'balance', order: 'desc' });
    expect(nextSort({ sort: 'balance', order: 'desc' }, 'balance')).toEqual({ sort: 'balance', order: 'asc' });
    expect(nextSort({ sort: 'role', order: 'desc' }, 'joined')).toEqual({ sort: 'joined', order: 'desc' });
  });

  it("keeps a row's actions in its menu, opened from the keyboard, with Delete last behind the confirm dialog", async () => {
    screenWidth(1366);
    const user = userEvent.setup();
    renderApp('/admin/users', { user: staff() });
    const trigger = await screen.findByRole('button', { name: 'Actions for Kenji Watanabe-Okonkwo' });
    trigger.focus();
    await user.keyboard('{Enter}');
    const menu = await screen.findByRole('menu');
    const items = within(menu).getAllByRole('menuitem').map((item) => item.textContent?.trim());
    expect(items).toEqual(['Change role…', 'Edit wallet balance', 'Edit total profit', 'Manage fees', 'Send email', 'Impersonate', 'Audit trail', 'Delete user…']);
    expect(within(menu).getByRole('menuitem', { name: 'Edit wallet balance' })).toHaveAttribute('href', '/edit-user-balance/u-1');
    expect(within(menu).getByRole('menuitem', { name: 'Audit trail' })).toHaveAttribute('href', '/admin/audit?targetId=u-1');

    await user.click(within(menu).getByRole('menuitem', { name: 'Delete user…' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete this user?' });
    expect(dialog).toHaveTextContent('Kenji Watanabe-Okonkwo (kenji@example.com) loses access');
    expect(calls.some((call) => call.method === 'DELETE')).toBe(false);
    await user.click(within(dialog).getByRole('button', { name: 'Delete user' }));
    await waitFor(() => expect(calls.some((call) => call.method === 'DELETE' && call.path === '/api/users/u-1')).toBe(true));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('changes the role from the menu: the role is picked in the dialog', async () => {
    screenWidth(1366);
    const user = userEvent.setup();
    renderApp('/admin/users', { user: staff() });
    await user.click(await screen.findByRole('button', { name: 'Actions for Ann Lee' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Change role…' }));
    const dialog = await screen.findByRole('dialog', { name: 'Change role?' });
    await user.selectOptions(within(dialog).getByLabelText('New role for Ann Lee'), 'subscriber');
    expect(dialog).toHaveTextContent('Ann Lee will become "subscriber"');
    await user.click(within(dialog).getByRole('button', { name: 'Change role' }));
    await waitFor(() => expect(calls.find((call) => call.path === '/api/users/upgradeUser')?.body).toEqual({ id: 'u-2', role: 'subscriber' }));
  });

  it('offers only the audit trail on your own row', async () => {
    screenWidth(1366);
    const user = userEvent.setup();
    renderApp('/admin/users', { user: staff() });
    await user.click(await screen.findByRole('button', { name: 'Actions for Ada Admin' }));
    const menu = await screen.findByRole('menu');
    expect(within(menu).getAllByRole('menuitem').map((item) => item.textContent?.trim())).toEqual(['Audit trail']);
  });

  it('below 1024 px shows cards with the name cut at 12 characters', async () => {
    screenWidth(390);
    renderApp('/admin/users', { user: staff() });
    const cards = await screen.findAllByTestId('user-card');
    expect(cards.map((card) => within(card).getByRole('heading').textContent)).toEqual(['Kenji Watana…', 'Ann Lee', 'Ada Admin']);
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });
});
