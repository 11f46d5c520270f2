/**
 * Operator-editable site copy: brand, footer and social links. The risk notice and the
 * support contacts are replaced by the operator's settings (GET /api/settings/public) when set.
 */
export const SITE_NAME = 'Vaultline';
export const SITE_TAGLINE = 'Fixed-term investment plans with the rate, the term and every fee shown before you commit.';

export const DEFAULT_RISK_NOTICE =
  'Investing involves risk, including the possible loss of principal. Past returns do not guarantee future results. ' +
  'Crypto assets are volatile and are not protected by deposit insurance. Only invest what you can afford to lose.';

export const DEFAULT_DESCRIPTION =
  'Vaultline: fixed-term investment plans with the term rate, the annual equivalent and every fee shown before you commit.';

export type SocialNetwork = 'facebook' | 'instagram' | 'linkedin' | 'whatsapp' | 'x';

/** SPEC §2: the five social and contact icons. Point them at your own accounts. */
export const SOCIAL_LINKS: Array<{ network: SocialNetwork; label: string; href: string }> = [
  { network: 'facebook', label: 'Vaultline on Facebook', href: 'https://www.facebook.com/' },
  { network: 'instagram', label: 'Vaultline on Instagram', href: 'https://www.instagram.com/' },
  { network: 'linkedin', label: 'Vaultline on LinkedIn', href: 'https://www.linkedin.com/' },
  { network: 'whatsapp', label: 'Chat with Vaultline on WhatsApp', href: 'https://wa.me/' },
  { network: 'x', label: 'Vaultline on X', href: 'https://x.com/' },
];

export const FOOTER_LINKS: Array<{ heading: string; links: Array<{ to: string; label: string }> }> = [
  {
    heading: 'Invest',
    links: [
      { to: '/investment-plans', label: 'Investment plans' },
      { to: '/how-it-works', label: 'How it works' },
      { to: '/market-rates', label: 'Current rates' },
      { to: '/Hierarchy', label: 'Achievement levels' },
    ],
  },
  {
    heading: 'Company',
    links: [
      { to: '/our-story', label: 'Our story' },
      { to: '/support', label: 'Help center' },
      { to: '/#faq', label: 'FAQ' },
    ],
  },
  {
    heading: 'Legal',
    links: [
      { to: '/privacy-policy', label: 'Privacy policy' },
      { to: '/license', label: 'License' },
    ],
  },
];
