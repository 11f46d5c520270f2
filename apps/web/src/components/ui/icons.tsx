import type { SVGProps } from 'react';

/**
 * The Lucide icons of the first screen of a visit (navigation, home page, plans page), drawn with
 * Lucide's own paths and the same attributes and classes lucide-react renders. Through lucide-react
 * they brought its icon runtime into the first load of every page (ADR 0018); other pages import
 * lucide-react as usual.
 */
type IconProps = Omit<SVGProps<SVGSVGElement>, 'children'>;

function lucideIcon(classes: string, paths: string[]) {
  return function Icon({ className, ...props }: IconProps) {
    return (
      <svg
        xmlns="http://www.w3.org/2000/svg"
        width={24}
        height={24}
        viewBox="0 0 24 24"
        fill="none"
        stroke="currentColor"
        strokeWidth={2}
        strokeLinecap="round"
        strokeLinejoin="round"
        className={className ? `lucide ${classes} ${className}` : `lucide ${classes}`}
        aria-hidden="true"
        {...props}
      >
        {paths.map((d) => (
          <path key={d} d={d} />
        ))}
      </svg>
    );
  };
}

const SHIELD = 'M20 13c0 5-3.5 7.5-7.66 8.95a1 1 0 0 1-.67-.01C7.5 20.5 4 18 4 13V6a1 1 0 0 1 1-1c2 0 4.5-1.2 6.24-2.72a1.17 1.17 0 0 1 1.52 0C14.51 3.81 17 5 19 5a1 1 0 0 1 1 1z';

export const Menu = lucideIcon('lucide-menu', ['M4 5h16', 'M4 12h16', 'M4 19h16']);
export const X = lucideIcon('lucide-x', ['M18 6 6 18', 'm6 6 12 12']);
export const ArrowRight = lucideIcon('lucide-arrow-right', ['M5 12h14', 'm12 5 7 7-7 7']);
export const Check = lucideIcon('lucide-check', ['M20 6 9 17l-5-5']);
export const ChartNoAxesCombined = lucideIcon('lucide-chart-no-axes-combined', [
  'M12 16v5',
  'M16 14.639V21',
  'M20 10.656V21',
  'm22 3-8.646 8.646a.5.5 0 0 1-.708 0L9.354 8.354a.5.5 0 0 0-.707 0L2 15',
  'M4 18.463V21',
  'M8 14.656V21',
]);
export const ShieldAlert = lucideIcon('lucide-shield-exclamation-point lucide-shield-alert', [SHIELD, 'M12 8v4', 'M12 16h.01']);
export const ShieldCheck = lucideIcon('lucide-shield-check', [SHIELD, 'm9 12 2 2 4-4']);
export const Wallet = lucideIcon('lucide-wallet', [
  'M19 7V4a1 1 0 0 0-1-1H5a2 2 0 0 0 0 4h15a1 1 0 0 1 1 1v4h-3a2 2 0 0 0 0 4h3a1 1 0 0 0 1-1v-2a1 1 0 0 0-1-1',
  'M3 5v14a2 2 0 0 0 2 2h15a1 1 0 0 0 1-1v-4',
]);
