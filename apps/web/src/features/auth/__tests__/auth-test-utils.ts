import { expect } from 'vitest';
import { screen } from '@testing-library/react';
import type userEvent from '@testing-library/user-event';

type User = ReturnType<typeof userEvent.setup>;

/** Clicks the button (once it is there) and expects the message that answers it: a toast and, for a field, the same under it. */
export async function clickAndExpect(user: User, button: string, message: string | RegExp) {
  await user.click(await screen.findByRole('button', { name: button }));
  expect((await screen.findAllByText(message)).length).toBeGreaterThan(0);
}

/** A confirmation that differs is refused; typed again to match, the form is sent. */
export async function confirmAfterMismatch(user: User, { wrong, right, submit }: { wrong: string; right: string; submit: string }) {
  const confirm = () => screen.getByLabelText('Confirm new password');
  await user.type(confirm(), wrong);
  await clickAndExpect(user, submit, 'Passwords do not match');
  await user.clear(confirm());
  await user.type(confirm(), right);
  await user.click(screen.getByRole('button', { name: submit }));
}
