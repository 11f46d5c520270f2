/**
 * /privacy-policy and /license texts. These are a starting point written for this software;
 * the operator must review them with counsel for their jurisdiction before going live.
 */
export interface PolicyDocument {
  title: string;
  updated: string;
  intro: string;
  sections: Array<{ heading: string; paragraphs: string[] }>;
}

export const PRIVACY_POLICY: PolicyDocument = {
  title: 'Privacy policy',
  updated: '2026-11-01',
  intro: 'This policy explains what personal data Vaultline collects, why, how long we keep it and the choices you have.',
  sections: [
    {
      heading: 'What we collect',
      paragraphs: [
        'Account details you give us: name, email address, phone number, country, an optional bio and profile photo.',
        'Identity documents you upload for KYC checks (front and back of an identity document).',
        'Financial records: deposits you report, investments, withdrawals, wallet addresses you save and the ledger entries they create.',
        'Security data: a device identifier to recognise browsers you have used, session records, and the IP address of staff actions in the audit log.',
      ],
    },
    {
      heading: 'Why we use it',
      paragraphs: [
        'To run your account and the services you ask for, to meet our legal duties to verify identity and keep financial records, to protect your account from fraud, and to answer you when you contact us.',
        'We do not sell your data and we do not use it for advertising.',
      ],
    },
    {
      heading: 'How we protect it',
      paragraphs: [
        'Passwords are stored only as argon2id hashes. Identity documents are encrypted at rest, kept outside any public path and shown only to authorised staff. Sessions use httpOnly cookies that we can revoke. Every staff action on an account is written to an append-only audit log.',
      ],
    },
    {
      heading: 'Third parties',
      paragraphs: [
        'Email is delivered through our mail provider. Optional services the operator may enable, such as charts, live chat and Google sign-in, load only when configured and receive only what they need to work.',
      ],
    },
    {
      heading: 'How long we keep it',
      paragraphs: [
        'Account data is kept while your account is open. If your account is deleted, your access and personal details are removed, but the ledger history of money movements is kept as financial law requires.',
      ],
    },
    {
      heading: 'Your choices',
      paragraphs: [
        'You can see and edit your profile at any time, download your transaction history, and ask support for a copy of your data or for your account to be deleted. Write to us from the Help Center.',
      ],
    },
  ],
};

export const LICENSE: PolicyDocument = {
  title: 'License',
  updated: '2026-11-01',
  intro: 'The terms under which you may use this website and its content.',
  sections: [
    {
      heading: 'Use of the site',
      paragraphs: [
        'You may use this website to learn about our services and to manage your own account. You may not copy, resell or republish its content, or try to access accounts, data or systems that are not yours.',
      ],
    },
    {
      heading: 'Content',
      paragraphs: [
        'Text, graphics and software on this site belong to the operator or its licensors. Market charts, when shown, are provided by a third-party service under its own terms.',
      ],
    },
    {
      heading: 'No advice',
      paragraphs: [
        'Information on this site is general and is not financial, tax or legal advice. Plan rates describe the return credited at maturity under each plan; past results do not guarantee future results.',
      ],
    },
    {
      heading: 'Open-source software',
      paragraphs: [
        'This site is built with open-source software, including React, React Router, Redux Toolkit, Radix UI, Tailwind CSS, Fastify and Drizzle ORM, each used under its own licence (MIT or similar).',
      ],
    },
  ],
};
