/**
 * Operator-editable site copy: brand, footer and social links. The risk notice and the
 * support contacts are replaced by the operator's settings (GET /api/settings/public) when set.
 */
export const SITE_NAME = 'Vaultline';
export const DEFAULT_DESCRIPTION =
  'Vaultline: fixed-term investment plans with the term rate, the annual equivalent and every fee shown before you commit.';

export type SocialNetwork = 'facebook' | 'instagram' | 'linkedin' | 'whatsapp' | 'x';

/** SPEC §2: the five social and contact icons. Point them at your own accounts. Labels: footer.social.<network>. */
export const SOCIAL_LINKS: Array<{ network: SocialNetwork; href: string }> = [
  { network: 'facebook', href: 'https://www.facebook.com/' },
  { network: 'instagram', href: 'https://www.instagram.com/' },
  { network: 'linkedin', href: 'https://www.linkedin.com/' },
  { network: 'whatsapp', href: 'https://wa.me/' },
  { network: 'x', href: 'https://x.com/' },
];

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
