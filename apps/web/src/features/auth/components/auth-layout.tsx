import { useTranslation } from 'react-i18next';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { BrandMark } from '../../../app/layouts/brand-mark';
import { Card } from '../../../components/ui/card';

/** The link below the card, after an optional prompt ("New to Vaultline? Create an account"). */
export type AuthFooterLink = { prompt?: string; to: string; label: string };

/** The frame of the sign-in pages: a centred card with a heading, the form, and a link below. */
export function AuthLayout({
  title,
  subtitle,
  children,
  footer,
  wide,
}: {
  title: string;
  subtitle?: ReactNode;
  children: ReactNode;
  footer?: AuthFooterLink;
  wide?: boolean;
}) {
  const { t } = useTranslation('auth');
  return (
    <div className="relative isolate overflow-hidden bg-gradient-to-b from-brand-50 to-white px-4 py-10 sm:py-16 dark:from-brand-950/40 dark:to-slate-950">
      <div className={wide ? 'mx-auto w-full max-w-2xl' : 'mx-auto w-full max-w-md'}>
        <div className="mb-6 flex flex-col items-center text-center">
          <Link to="/" aria-label={t('layout.home')} className="mb-4">
            <BrandMark className="size-12" />
          </Link>
          <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl dark:text-white">{title}</h1>
          {subtitle && <p className="mt-2 text-sm text-slate-600 dark:text-slate-400">{subtitle}</p>}
        </div>
        <Card className="p-6 sm:p-8">{children}</Card>
        {footer && (
          <div className="mt-6 text-center text-sm text-slate-600 dark:text-slate-400">
            {footer.prompt && `${footer.prompt} `}
            <Link to={footer.to} className={linkClass}>
              {footer.label}
            </Link>
          </div>
        )}
      </div>
    </div>
  );
}

export const linkClass = 'font-semibold text-brand-700 underline-offset-2 hover:underline dark:text-brand-300';
