import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, render, screen } from '@testing-library/react';
import { Provider } from 'react-redux';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { ToastContainer } from '../../../lib/toast';
import { makeStore } from '../../../app/store-toolkit';
import { BackOfficeMenu, usePendingCounts } from '../live';

class FakeEventSource {
  static instances: FakeEventSource[] = [];
  listeners = new Map<string, Array<(event: MessageEvent<string>) => void>>();
  closed = false;
  constructor(
    readonly url: string,
    readonly init?: EventSourceInit,
  ) {
    FakeEventSource.instances.push(this);
  }
  addEventListener(type: string, listener: (event: MessageEvent<string>) => void) {
    this.listeners.set(type, [...(this.listeners.get(type) ?? []), listener]);
  }
  close() {
    this.closed = true;
  }
  emit(type: string, data: unknown) {
    for (const listener of this.listeners.get(type) ?? []) listener(new MessageEvent(type, { data: JSON.stringify(data) }));
  }
}

function Counter() {
  const counts = usePendingCounts(true);
  return <p>kyc: {counts ? counts.kyc : 'none'}</p>;
}

function renderMenu() {
  const store = makeStore();
  const router = createMemoryRouter([
    {
      path: '*',
      element: (
        <>
          <BackOfficeMenu />
          <Counter />
          <ToastContainer />
        </>
      ),
    },
  ]);
  return render(
    <Provider store={store}>
      <RouterProvider router={router} />
    </Provider>,
  );
}

beforeEach(() => {
  FakeEventSource.instances = [];
  vi.stubGlobal('EventSource', FakeEventSource);
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('live staff queues', () => {
  it('opens one stream for every component, updates the count and announces arrivals', async () => {
    const { unmount } = renderMenu();
    expect(FakeEventSource.instances).toHaveLength(1);
    const source = FakeEventSource.instances[0]!;
    expect(source.url).toBe('/api/admin/events');
    expect(source.init?.withCredentials).toBe(true);

    act(() => source.emit('counts', { counts: { deposits: 0, investments: 0, withdrawals: 0, kyc: 1, approvals: 0 }, arrived: [] }));
    expect(screen.getByRole('button', { name: 'Back office: 1 pending' })).toBeInTheDocument();
    expect(screen.getByText('kyc: 1')).toBeInTheDocument();

    act(() => source.emit('counts', { counts: { deposits: 2, investments: 0, withdrawals: 0, kyc: 1, approvals: 0 }, arrived: ['deposits'] }));
    expect(screen.getByRole('button', { name: 'Back office: 3 pending' })).toBeInTheDocument();
    expect(await screen.findByText('New deposit request waiting')).toBeInTheDocument();
    // The arrival also loads RTK Query (lib/query) to refresh the queue: let that import finish
    // before the test ends (on a busy machine it could outlast the test environment).
    await import('../../../lib/query');

    unmount();
    expect(source.closed).toBe(true);
  });
});
