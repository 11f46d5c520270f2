import type { LucideIcon } from 'lucide-react';
import { Button, type ButtonProps } from '../../../components/ui/button';

/** The sign-in pages' large, full-width button, its icon before the label. */
export function AuthButton({ icon: Icon, children, ...props }: Omit<ButtonProps, 'size' | 'className'> & { icon: LucideIcon }) {
  return (
    <Button size="lg" className="w-full" {...props}>
      <Icon className="size-5" aria-hidden />
      {children}
    </Button>
  );
}
