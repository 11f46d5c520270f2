import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { SurplusAmount, surplusStanding } from '../components/surplus';

/** Issue 40.7: one sign convention for the solvency margin, a word and a colour, never a minus. */
describe('surplus and shortfall', () => {
  it('names a negative margin a shortfall, in red, without its minus', () => {
    expect(surplusStanding('-470.50')).toEqual({ short: true, amount: '470.50', labelKey: 'staffHome.shortfall' });
    render(<SurplusAmount surplus="-470.50" />);
    expect(screen.getByText('$470.50')).toHaveClass('text-red-700');
  });

  it('names zero or more a surplus, in green', () => {
    expect(surplusStanding('0.00')).toEqual({ short: false, amount: '0.00', labelKey: 'staffHome.surplus' });
    render(<SurplusAmount surplus="12.00" />);
    expect(screen.getByText('$12.00')).toHaveClass('text-emerald-700');
  });
});
