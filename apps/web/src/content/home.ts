/** Home page product cards: where each leads. Their texts are `products.cards.<id>` in the `public` messages. */
export const PRODUCT_CARDS: Array<{ id: 'plans' | 'wallet' | 'security'; to: string; icon: 'plans' | 'wallet' | 'shield' }> = [
  { id: 'plans', to: '/investment-plans', icon: 'plans' },
  { id: 'wallet', to: '/how-it-works', icon: 'wallet' },
  { id: 'security', to: '/our-story', icon: 'shield' },
];
