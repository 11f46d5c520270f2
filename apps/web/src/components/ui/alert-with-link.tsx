import type { ComponentProps } from 'react';
import { Link } from 'react-router';
import { Alert } from './alert';
import { buttonClasses } from './button';

/** An Alert whose action is a small button-styled link: the one place to go about it. */
export function AlertWithLink({
  to,
  linkText,
  linkVariant = 'outline',
  ...alert
}: Omit<ComponentProps<typeof Alert>, 'action'> & { to: string; linkText: string; linkVariant?: Parameters<typeof buttonClasses>[0] }) {
  return (
    <Alert
      {...alert}
      action={
        <Link to={to} className={buttonClasses(linkVariant, 'sm')}>
          {linkText}
        </Link>
      }
    />
  );
}
