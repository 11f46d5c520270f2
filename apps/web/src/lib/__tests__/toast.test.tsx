import { describe, expect, it, vi } from 'vitest';
import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, Link, Outlet, RouterProvider } from 'react-router';
import { toast } from '../toast';
import { Toasts } from '../toasts';
import { TOAST_NAVIGATION_GRACE_MS } from '../toast-container';

function Layout() {
  return (
    <>
      <Outlet />
      <Toasts />
    </>
  );
}

function renderPages() {
  const router = createMemoryRouter(
    [
      {
        element: <Layout />,
        children: [
          {
            path: '/a',
            element: (
              <>
                <button type="button" onClick={() => toast.error('Amount is required')}>
                  Submit
                </button>
                <button type="button" onClick={() => toast.success('Saved')}>
                  Save
                </button>
                <Link to="/b">Leave</Link>
              </>
            ),
          },
          { path: '/b', element: <p>Page B</p> },
        ],
      },
    ],
    { initialEntries: ['/a'] },
  );
  render(<RouterProvider router={router} />);
  return router;
}

describe('toasts', () => {
  it('shows one toast per message however often it is raised, errors as alerts and successes as status', async () => {
    const user = userEvent.setup();
    renderPages();
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findAllByText('Amount is required')).toHaveLength(1);
    expect(screen.getByText('Amount is required').closest('.Toastify__toast')).toHaveAttribute('role', 'alert');
    expect(screen.getByText('Amount is required').closest('.Toastify__toast')).toHaveClass('Toastify__toast--error');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findAllByText('Saved')).toHaveLength(1);
    expect(screen.getByText('Saved').closest('.Toastify__toast')).toHaveAttribute('role', 'status');
    expect(screen.getByText('Saved').closest('.Toastify__toast')).toHaveClass('Toastify__toast--success');
    act(() => toast.dismiss());
  });

  it("dismisses the page's errors when a success answers them (a form's error gone once it saves)", async () => {
    const user = userEvent.setup();
    renderPages();
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Amount is required');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Saved');
    // On its way out (jsdom runs no exit animation, so the element stays, no longer an alert).
    await waitFor(() => expect(screen.queryByRole('alert')).not.toBeInTheDocument());
    act(() => toast.dismiss());
  });

  it("dismisses a page's toasts when the user leaves it, but keeps one raised as the navigation began", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    const router = renderPages();
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Amount is required');
    act(() => vi.advanceTimersByTime(TOAST_NAVIGATION_GRACE_MS + 100));
    await user.click(screen.getByRole('link', { name: 'Leave' }));
    expect(await screen.findByText('Page B')).toBeInTheDocument();
    // Leaving: the toast is on its way out (jsdom runs no exit animation, so the element stays, no longer an alert).
    await waitFor(() => expect(screen.queryByRole('alert')).not.toBeInTheDocument());

    // A toast raised as the app navigates (a sign-in's "Login Successful") goes along.
    await act(() => router.navigate('/a'));
    act(() => {
      toast.success('Saved');
    });
    await act(() => router.navigate('/b'));
    expect(await screen.findByRole('status')).toHaveTextContent('Saved');
  });
});
