import type { AuthEmailTexts } from './types';

/** The spec's English, unchanged. */
export const en: AuthEmailTexts = {
  verification: ({ name, url, hours }) => ({
    subject: 'Verify your email address',
    heading: `Welcome, ${name}`,
    paragraphs: ['Please confirm that this is your email address. You need a verified email before you can withdraw funds.'],
    action: { label: 'Verify email', url },
    footnote: `This link expires in ${hours} hours and works once.`,
  }),
  loginCode: ({ code, ip, url, minutes }) => ({
    subject: `Your access code: ${code}`,
    heading: 'Sign-in from a new browser',
    paragraphs: [
      `Someone signed in to your account with your password from a browser we have not seen before${ip ? ` (IP ${ip})` : ''}.`,
      `If it was you, enter this access code to finish signing in: ${code}`,
      'If it was not you, do not share the code and change your password now.',
    ],
    action: { label: 'Enter the code', url },
    footnote: `The code expires in ${minutes} minutes and works only in the browser that asked for it.`,
  }),
  reset: ({ name, url, minutes }) => ({
    subject: 'Reset your password',
    heading: `Hello ${name}`,
    paragraphs: ['We received a request to reset your password. Use the button below to choose a new one.'],
    action: { label: 'Reset password', url },
    footnote: `This link expires in ${minutes} minutes and works once. If you did not ask for it, you can ignore this email.`,
  }),
  passwordChanged: ({ name, how, url }) => ({
    subject: 'Your password was changed',
    heading: `Hello ${name}`,
    paragraphs: [
      how === 'reset'
        ? 'Your password was reset with a link sent to this address. Every signed-in session has been signed out.'
        : 'Your password was changed. Your other signed-in sessions have been signed out.',
      'If you did not do this, reset your password now and contact support.',
    ],
    action: { label: 'Reset password', url },
  }),
  newDevice: ({ when, userAgent, ip, url }) => ({
    subject: 'New sign-in to your account',
    heading: 'A new browser signed in',
    paragraphs: [
      `Your account was signed in from a new browser on ${when}.`,
      [userAgent ? `Browser: ${userAgent}` : null, ip ? `IP address: ${ip}` : null].filter(Boolean).join('\n') || 'No browser details were available.',
      'If this was not you, change your password and sign out the other devices from your profile (Security tab).',
    ],
    action: { label: 'Review security', url },
  }),
};
