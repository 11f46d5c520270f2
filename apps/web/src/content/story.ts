/** /our-story: operator-editable copy. */
export const STORY = {
  title: 'Our story',
  lead: 'Vaultline began with a simple complaint: investment sites show the big number and hide the rest. We set out to build one that shows everything first.',
  sections: [
    {
      heading: 'Why we started',
      body: [
        'Too many platforms ask people to trust a headline rate without showing the term, the fees or what happens when they want their money back. We wanted the opposite: every figure on the screen before you commit, and a record of every movement afterwards.',
      ],
    },
    {
      heading: 'How we work',
      body: [
        'Every balance you see comes from a double-entry ledger. Deposits, investments, profit, fees and withdrawals are each recorded as entries that can be traced and re-checked; nobody edits a balance by hand, and staff corrections appear in your history with their reason.',
        'Requests are reviewed by people. Deposits are confirmed against the payment, identity documents are checked by our team, and withdrawals are processed in order, usually within 1-2 business days.',
      ],
    },
    {
      heading: 'What we will never do',
      body: [
        'We will never ask for your password, your login code or your recovery codes, by email, phone or chat. We will never ask you to pay a fee or make a new deposit to release a withdrawal. If someone does, it is not us.',
      ],
    },
  ],
  values: [
    { title: 'Disclosure first', body: 'Term rate, annual equivalent, range, duration and fees, on the card, before you click.' },
    { title: 'One ledger', body: 'Every figure is derived from entries that add up, and we check that they do.' },
    { title: 'People who answer', body: 'Live chat, email and phone, 24/7, from a team that can see your request.' },
  ],
} as const;
