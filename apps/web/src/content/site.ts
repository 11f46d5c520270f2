/**
 * Operator-editable site copy: brand and footer links. The risk notice, the support contacts,
 * the social links and the operator's identity are settings (GET /api/settings/public).
 */
export const SITE_NAME = 'Vaultline';
export const DEFAULT_DESCRIPTION =
  'Vaultline: fixed-term investment plans with the term rate, the annual equivalent and every fee shown before you commit.';

/** Headings and labels are keys under footer. in the locale files. */
export const FOOTER_LINKS: Array<{ heading: string; links: Array<{ to: string; label: string }> }> = [
  {
    heading: 'invest',
    links: [
      { to: '/investment-plans', label: 'plans' },
      { to: '/how-it-works', label: 'howItWorks' },
      { to: '/market-rates', label: 'rates' },
      { to: '/Hierarchy', label: 'levels' },
    ],
  },
  {
    heading: 'company',
    links: [
      { to: '/our-story', label: 'story' },
      { to: '/support', label: 'help' },
      { to: '/#faq', label: 'faq' },
    ],
  },
  {
    heading: 'legal',
    links: [
      { to: '/privacy-policy', label: 'privacy' },
      { to: '/license', label: 'license' },
    ],
  },
];
