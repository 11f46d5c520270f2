import { beforeEach, describe, expect, it } from 'vitest';
import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { KYC_MESSAGES } from '@app/shared';
import { renderApp, stubFetch, testUser } from '../../../test/render';
import type { PendingKycCase } from '../api/kyc-api';
import { nextCaseId } from '../pages/pending-kyc-page';
import { kase, resolveRelativeRequests, stubObjectUrls } from './kyc-test-utils';

// Pages load lazily and the machine may be busy: allow more than the default second.
configure({ asyncUtilTimeout: 8000 });

let queue: PendingKycCase[];
let decisions: { url: string; method?: string; body: unknown }[];
let failDecisions: boolean;
let documentRequests: string[];

function setup() {
  const { fn } = stubFetch((url, init) => {
    const path = new URL(url, 'http://localhost').pathname;
    if (path === '/api/users/loginStatus') return { body: true };
    if (path === '/api/users/kyc/pending') {
      // Pages of 50 as the server answers, the cursor being the next index.
      const from = Number(new URL(url, 'http://localhost').searchParams.get('cursor') ?? 0);
      return { body: { pendingUsers: queue.slice(from, from + 50), nextCursor: from + 50 < queue.length ? String(from + 50) : null } };
    }
    if (/\/documents\/(front|back)$/.test(path)) {
      documentRequests.push(url);
      return { body: { fake: 'bytes' } };
    }
    const decision = /^\/api\/users\/kyc\/([^/]+)\/(approve|reject)$/.exec(path);
    if (decision) {
      decisions.push({ url: path, method: init?.method, body: undefined });
      if (failDecisions) return { status: 409, body: { message: KYC_MESSAGES.alreadyDecided } };
      queue = queue.filter((item) => item._id !== decision[1]);
      return { body: { message: 'ok' } };
    }
    return undefined;
  });
  renderApp('/pending-kyc', { user: testUser({ role: 'admin' }) });
  return { fn, user: userEvent.setup() };
}

/** The JSON bodies of the approve/reject requests, read from the Request objects fetch received. */
async function requestBodies(fn: ReturnType<typeof stubFetch>['fn']) {
  const bodies: unknown[] = [];
  for (const [input, init] of fn.mock.calls) {
    const request = input instanceof Request ? input : null;
    const url = request ? request.url : String(input);
    if (!/\/(approve|reject)$/.test(new URL(url, 'http://localhost').pathname)) continue;
    const text = request ? await request.clone().text() : String(init?.body ?? '');
    bodies.push(text ? JSON.parse(text) : undefined);
  }
  return bodies;
}

describe('/pending-kyc', { timeout: 30_000 }, () => {
  beforeEach(() => {
    resolveRelativeRequests();
    stubObjectUrls();
    queue = [
      kase('u1', 'Ada Older', '2026-03-01T09:00:00.000Z'),
      kase('u2', 'Bo Middle', '2026-03-02T09:00:00.000Z'),
      kase('u3', 'Cy Newest', '2026-03-03T09:00:00.000Z', 'image/jpeg'),
    ];
    decisions = [];
    failDecisions = false;
    documentRequests = [];
  });

  it('lists the queue oldest first and opens the oldest case with its details and both documents', async () => {
    setup();
    const nav = await screen.findByRole('navigation', { name: 'KYC queue' });
    const names = within(nav).getAllByRole('button').map((button) => button.textContent);
    expect(names[0]).toContain('Ada Older');
    expect(names[2]).toContain('Cy Newest');
    expect(within(nav).getAllByRole('button')[0]!.querySelector('time')).toHaveAttribute('datetime', '2026-03-01T09:00:00.000Z');

    const panel = screen.getByRole('region', { name: 'Ada Older' });
    expect(within(panel).getByText('u1@example.com')).toBeInTheDocument();
    expect(within(panel).getByText('Germany')).toBeInTheDocument();
    expect(within(panel).getByText('Registered')).toBeInTheDocument();
    expect(await within(panel).findByRole('img', { name: 'Front' })).toHaveAttribute('src', expect.stringMatching(/^blob:/));
    expect(await within(panel).findByTitle('Back (PDF)')).toHaveAttribute('src', expect.stringMatching(/^blob:/));
    expect(documentRequests.some((url) => url.includes('/u1/documents/front'))).toBe(true);
    expect(documentRequests.some((url) => url.includes('/u1/documents/back'))).toBe(true);
  });

  it('counts the cases waiting', async () => {
    setup();
    const nav = await screen.findByRole('navigation', { name: 'KYC queue' });
    expect(within(nav).getByText('3 waiting')).toBeInTheDocument();
  });

  it('shows the oldest page of the queue and loads the rest on demand', async () => {
    queue = Array.from({ length: 60 }, (_, i) => kase(`q${i}`, `User ${i}`, new Date(Date.UTC(2026, 2, 1, 0, i)).toISOString()));
    const { user } = setup();
    const nav = await screen.findByRole('navigation', { name: 'KYC queue' });
    expect(await within(nav).findByText('50 shown, more waiting')).toBeInTheDocument();
    expect(within(nav).queryByText('User 50')).not.toBeInTheDocument();
    await user.click(within(nav).getByRole('button', { name: 'Load more' }));
    expect(await within(nav).findByText('60 waiting')).toBeInTheDocument();
    expect(within(nav).getByText('User 59')).toBeInTheDocument();
    expect(within(nav).queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
  });

  it('zooms into an image', async () => {
    const { user } = setup();
    await user.click(await screen.findByRole('button', { name: 'Zoom into front' }));
    const dialog = await screen.findByRole('dialog', { name: 'Front' });
    expect(within(dialog).getByText('100%')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Zoom in' }));
    expect(within(dialog).getByText('150%')).toBeInTheDocument();
  });

  it('approves the pinned submission and opens the next case', async () => {
    const { user, fn } = setup();
    await screen.findByRole('region', { name: 'Ada Older' });
    await user.click(screen.getByRole('button', { name: 'Approve' }));
    expect(await screen.findByRole('region', { name: 'Bo Middle' }, { timeout: 5000 })).toBeInTheDocument();
    expect(decisions.map((d) => d.url)).toEqual(['/api/users/kyc/u1/approve']);
    expect(await requestBodies(fn)).toEqual([{ submissionId: 'sub-u1' }]);
    await waitFor(() => expect(within(screen.getByRole('navigation', { name: 'KYC queue' })).getAllByRole('button')).toHaveLength(2));
  });

  it('rejects with a reason', { timeout: 20_000 }, async () => {
    const { user, fn } = setup();
    await user.click(await screen.findByRole('button', { name: /Bo Middle/ }));
    const panel = await screen.findByRole('region', { name: 'Bo Middle' });
    expect(within(panel).getByText('Photo too dark')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Reject' }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByLabelText(/Reason/));
    await user.paste('Blurred photo');
    await user.click(within(dialog).getByRole('button', { name: 'Reject' }));
    expect(await screen.findByRole('region', { name: 'Cy Newest' }, { timeout: 5000 })).toBeInTheDocument();
    expect(decisions.map((d) => d.url)).toEqual(['/api/users/kyc/u2/reject']);
    expect(await requestBodies(fn)).toEqual([{ submissionId: 'sub-u2', reason: 'Blurred photo' }]);
  });

  it('shows the SPEC failure text when a decision fails', async () => {
    failDecisions = true;
    const { user } = setup();
    await screen.findByRole('region', { name: 'Ada Older' });
    await user.click(screen.getByRole('button', { name: 'Approve' }));
    expect((await screen.findAllByText(KYC_MESSAGES.reviewFailed)).length).toBeGreaterThan(0);
    expect(screen.getByRole('region', { name: 'Ada Older' })).toBeInTheDocument();
  });

  it('says when the queue is empty', async () => {
    queue = [];
    setup();
    expect(await screen.findByText('No KYC submissions are waiting')).toBeInTheDocument();
  });

  it('picks the next case in queue order', () => {
    expect(nextCaseId(queue, 'u1')).toBe('u2');
    expect(nextCaseId(queue, 'u3')).toBe('u1');
    expect(nextCaseId([queue[0]!], 'u1')).toBeNull();
  });
});
