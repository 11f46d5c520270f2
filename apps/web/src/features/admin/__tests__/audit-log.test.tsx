import { describe, expect, it } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import type { AuditItem } from '@app/shared';
import { AuditEntry } from '../components/audit-entry';
import { auditChanges } from '../components/audit-sentence';

const ada = { actorId: 'staff-1', actorName: 'Ada King', actorEmail: 'ada@example.com' };
const ben = { targetType: 'user', targetId: 'u-ben', targetName: 'Ben Ode', targetEmail: 'ben@example.com' };

function entry(overrides: Partial<AuditItem>): AuditItem {
  return {
    id: 1,
    at: '2026-03-02T10:00:00.000Z',
    action: 'user.delete',
    ...ada,
    impersonatorId: null,
    impersonatorName: null,
    ...ben,
    subjectName: null,
    subjectEmail: null,
    before: null,
    after: null,
    reason: null,
    ip: '203.0.113.9',
    ...overrides,
  };
}

const request = (targetType: string, targetId: string) => ({ targetType, targetId, targetName: null, targetEmail: null, subjectName: 'Ben Ode', subjectEmail: 'ben@example.com' });

/** Every action the server records, with what its sentence says. */
const SENTENCES: Array<[string, Partial<AuditItem>, string]> = [
  ['payment.confirm', { ...request('payment', 'DEP-7K2M9QX4'), before: { status: 'Pending', amount: '750.00' }, after: { status: 'Confirmed', amount: '750.00', userId: 'u-ben' } }, 'Ada King confirmed deposit DEP-7K2M9QX4 of $750.00 for Ben Ode'],
  ['payment.reject', { ...request('payment', 'DEP-AAAA1111'), before: { status: 'Pending', amount: '20.00' }, after: { status: 'Rejected', amount: '20.00', userId: 'u-ben' } }, 'Ada King rejected deposit DEP-AAAA1111 of $20.00 from Ben Ode'],
  ['withdrawal.approve', { ...request('withdrawal', '0b9f3c1e-uuid'), before: { status: 'Pending' }, after: { status: 'Approved', amount: '100.00', fee: '1.00', userId: 'u-ben' } }, 'Ada King approved a withdrawal of $100.00 for Ben Ode'],
  ['withdrawal.reject', { ...request('withdrawal', '0b9f3c1e-uuid'), before: { status: 'Pending' }, after: { status: 'Rejected', amount: '100.00', userId: 'u-ben' } }, 'Ada King rejected a withdrawal of $100.00 from Ben Ode'],
  ['investment.approve', { ...request('investment', 'inv-uuid'), subjectName: null, subjectEmail: null, before: { status: 'Pending', amountCents: 30000 }, after: { status: 'Active', amountCents: 30000 } }, 'Ada King approved an investment of $300.00'],
  ['investment.reject', { ...request('investment', 'inv-uuid'), before: { status: 'Pending' }, after: { status: 'Rejected', releasedCents: 12345 } }, 'Ada King rejected an investment of $123.45'],
  ['investment.upgrade_cancelled', { actorId: null, actorName: null, actorEmail: null, ...request('investment', 'inv-uuid'), after: { status: 'Rejected', releasedCents: 5000 } }, 'The system cancelled a plan upgrade and released $50.00'],
  ['user.adjust_balance', { after: { operation: 'add', amount: '25.00' } }, 'Ada King added $25.00 to the wallet balance of Ben Ode'],
  ['user.adjust_balance', { after: { operation: 'deduct', amount: '25.00' } }, 'Ada King deducted $25.00 from the wallet balance of Ben Ode'],
  ['user.adjust_profit', { after: { operation: 'add', amount: '3.50' } }, 'Ada King added $3.50 to the total profit of Ben Ode'],
  ['user.adjust_profit', { after: { operation: 'deduct', amount: '3.50' } }, 'Ada King deducted $3.50 from the total profit of Ben Ode'],
  ['user.adjust_fees', { after: { operation: 'add', amount: '2.00' } }, 'Ada King charged Ben Ode a fee of $2.00'],
  ['user.adjust_fees', { after: { operation: 'deduct', amount: '2.00' } }, 'Ada King refunded $2.00 of fees to Ben Ode'],
  ['user.fees_toggle', { before: { hasFees: false }, after: { hasFees: true } }, 'Ada King turned fees on for Ben Ode'],
  ['user.fees_toggle', { before: { hasFees: true }, after: { hasFees: false } }, 'Ada King turned fees off for Ben Ode'],
  ['user.role_change', { before: { role: 'subscriber' }, after: { role: 'suspended' } }, 'Ada King changed the role of Ben Ode from subscriber to suspended'],
  ['user.delete', {}, 'Ada King deleted the account of Ben Ode'],
  ['user.impersonate.start', {}, 'Ada King started impersonating Ben Ode'],
  ['user.impersonate.exit', {}, 'Ada King stopped impersonating Ben Ode'],
  ['kyc.approve', { before: { kycStatus: 'Pending' }, after: { kycStatus: 'Approved' } }, 'Ada King approved the KYC documents of Ben Ode'],
  ['kyc.reject', {}, 'Ada King rejected the KYC documents of Ben Ode'],
  ['kyc.document.view', {}, 'Ada King viewed the KYC documents of Ben Ode'],
  ['email.compose', { targetType: 'email', targetId: '42', targetName: null, targetEmail: null, after: { to: 'ben@example.com', subject: 'Hello' } }, 'Ada King sent an email to ben@example.com: “Hello”'],
  ['email.retry', { targetType: 'email', targetId: '42', targetName: null, targetEmail: null }, 'Ada King retried sending email #42'],
  ['settings.update', { targetType: 'settings', targetId: null, targetName: null, targetEmail: null }, 'Ada King updated the settings'],
  ['plan.create', { targetType: 'plan', targetId: 'p1', after: { name: 'Gold' } }, 'Ada King created the plan Gold'],
  ['plan.update', { targetType: 'plan', targetId: 'p1', before: { name: 'Gold' }, after: { name: 'Gold' } }, 'Ada King updated the plan Gold'],
  ['plan.retire', { targetType: 'plan', targetId: 'p1', after: { name: 'Gold' } }, 'Ada King retired the plan Gold'],
  ['plan.unretire', { targetType: 'plan', targetId: 'p1', after: { name: 'Gold' } }, 'Ada King brought back the plan Gold'],
  ['approval.request', {}, 'Ada King asked for a second approval'],
  ['approval.approve', {}, 'Ada King gave a second approval'],
  ['approval.reject', {}, 'Ada King refused a second approval'],
  ['passkey.register', {}, 'Ada King added a passkey'],
  ['passkey.remove', {}, 'Ada King removed a passkey'],
  ['passkey.rename', {}, 'Ada King renamed a passkey'],
  ['passkey.sign-in', {}, 'Ada King signed in with a passkey'],
  ['passkey.counter-regressed', {}, 'A passkey of Ada King showed a sign-in counter that went backwards'],
  ['session.reauth', { targetType: 'session', targetId: 'a3f9c0ffee-session-hash', targetName: null, targetEmail: null, after: { sessionHash: 'a3f9c0ffee' } }, 'Ada King confirmed their identity'],
  ['ledger.rebalance', { targetType: 'ledger', targetId: 'x' }, 'Ada King did ledger.rebalance on ledger'],
];

function renderEntry(item: AuditItem) {
  render(
    <MemoryRouter>
      <ol>
        <AuditEntry item={item} />
      </ol>
    </MemoryRouter>,
  );
  return screen.getAllByTestId('audit-entry').at(-1)!;
}

describe('an audit entry as a sentence', () => {
  it.each(SENTENCES)('%s reads as a sentence (%#)', (action, overrides, sentence) => {
    const shown = renderEntry(entry({ action, ...overrides }));
    const paragraph = shown.querySelector('p')!;
    expect(paragraph.textContent).toBe(sentence);
    // No internal id or session hash in the sentence view: only behind the details toggle.
    const visible = [...shown.children[1]!.children].filter((child) => child.tagName !== 'DETAILS').map((child) => child.textContent).join(' ');
    expect(visible).not.toMatch(/uuid|u-ben|staff-1|a3f9c0ffee|203\.0\.113\.9/);
  });

  it('links the actor, the target and the owner to their row in the users list', () => {
    const shown = renderEntry(entry({ action: 'payment.confirm', ...request('payment', 'DEP-7K2M9QX4'), after: { status: 'Confirmed', amount: '750.00', userId: 'u-ben' } }));
    expect(within(shown).getByRole('link', { name: 'Ada King' })).toHaveAttribute('href', '/admin/users?search=ada%40example.com');
    expect(within(shown).getByRole('link', { name: 'Ben Ode' })).toHaveAttribute('href', '/admin/users?search=ben%40example.com');
    const deleted = renderEntry(entry({ action: 'user.delete', targetEmail: null, targetName: null }));
    expect(deleted).toHaveTextContent('Ada King deleted the account of a deleted user');
    expect(within(deleted).getAllByRole('link').map((link) => link.textContent)).toEqual(['Ada King']);
  });

  it('lists the fields that changed, before and after, money as dollars, and hides secrets', () => {
    const item = entry({ action: 'payment.confirm', ...request('payment', 'DEP-7K2M9QX4'), before: { status: 'Pending', amount: '700.00', tokenHash: 'x' }, after: { status: 'Confirmed', amount: '750.00', userId: 'u-ben', tokenHash: 'y' } });
    expect(auditChanges(item)).toEqual([
      { field: 'status', before: 'Pending', after: 'Confirmed' },
      { field: 'amount', before: '700.00', after: '750.00' },
    ]);
    const shown = renderEntry(item);
    const changes = shown.querySelector('dl')!;
    expect(changes).toHaveTextContent('StatusPending→ConfirmedAmount$700.00→$750.00');
  });

  it('keeps the raw record behind a details toggle', async () => {
    const user = userEvent.setup();
    const shown = renderEntry(entry({ action: 'session.reauth', targetType: 'session', targetId: 'a3f9c0ffee-session-hash', targetName: null, targetEmail: null }));
    const raw = shown.querySelector('pre')!;
    expect(raw).not.toBeVisible();
    await user.click(within(shown).getByText('Raw record'));
    expect(raw).toBeVisible();
    expect(raw).toHaveTextContent('"targetId": "a3f9c0ffee-session-hash"');
  });
});
