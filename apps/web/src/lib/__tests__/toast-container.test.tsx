import { describe, expect, it } from 'vitest';
import { act, render, screen } from '@testing-library/react';
import { useToastContainerRequested } from '../toast-container';

function Probe() {
  return <p>{useToastContainerRequested() ? 'requested' : 'not requested'}</p>;
}

describe('toast container request', () => {
  it('is made by loading lib/toast, and seen by mounted components', async () => {
    render(<Probe />);
    expect(screen.getByText('not requested')).toBeInTheDocument();
    await act(() => import('../toast'));
    expect(screen.getByText('requested')).toBeInTheDocument();
  });
});
