import type { AppDeps } from '../../deps';
import type { DbOrTx } from '../../db/client';

/** The emails of the sign-in flows, one place for their wording. */

export async function sendVerificationEmail(deps: AppDeps, db: DbOrTx, to: { email: string; name: string }, token: string, hours: number) {
  await deps.outbox.enqueue(db, {
    to: to.email,
    kind: 'verification',
    content: {
      subject: 'Verify your email address',
      heading: `Welcome, ${to.name}`,
      paragraphs: ['Please confirm that this is your email address. You need a verified email before you can withdraw funds.'],
      action: { label: 'Verify email', url: `${deps.config.appUrl}/verify/${token}` },
      footnote: `This link expires in ${hours} hours and works once.`,
    },
  });
}

export async function sendLoginCodeEmail(
  deps: AppDeps,
  db: DbOrTx,
  to: { email: string; name: string },
  code: string,
  minutes: number,
  context: { ip: string | null; userAgent: string | null },
) {
  await deps.outbox.enqueue(db, {
    to: to.email,
    kind: 'login-code',
    content: {
      subject: `Your access code: ${code}`,
      heading: 'Sign-in from a new browser',
      paragraphs: [
        `Someone signed in to your account with your password from a browser we have not seen before${context.ip ? ` (IP ${context.ip})` : ''}.`,
        `If it was you, enter this access code to finish signing in: ${code}`,
        'If it was not you, do not share the code and change your password now.',
      ],
      action: { label: 'Enter the code', url: `${deps.config.appUrl}/loginWithCode/${encodeURIComponent(to.email)}` },
      footnote: `The code expires in ${minutes} minutes and works only in the browser that asked for it.`,
    },
  });
}

export async function sendResetEmail(deps: AppDeps, db: DbOrTx, to: { email: string; name: string }, token: string, minutes: number) {
  await deps.outbox.enqueue(db, {
    to: to.email,
    kind: 'password-reset',
    content: {
      subject: 'Reset your password',
      heading: `Hello ${to.name}`,
      paragraphs: ['We received a request to reset your password. Use the button below to choose a new one.'],
      action: { label: 'Reset password', url: `${deps.config.appUrl}/resetPassword/${token}` },
      footnote: `This link expires in ${minutes} minutes and works once. If you did not ask for it, you can ignore this email.`,
    },
  });
}

export async function sendPasswordChangedEmail(deps: AppDeps, db: DbOrTx, to: { email: string; name: string }, how: 'changed' | 'reset') {
  await deps.outbox.enqueue(db, {
    to: to.email,
    kind: 'password-changed',
    content: {
      subject: 'Your password was changed',
      heading: `Hello ${to.name}`,
      paragraphs: [
        how === 'reset'
          ? 'Your password was reset with a link sent to this address. Every signed-in session has been signed out.'
          : 'Your password was changed. Your other signed-in sessions have been signed out.',
        'If you did not do this, reset your password now and contact support.',
      ],
      action: { label: 'Reset password', url: `${deps.config.appUrl}/forgot` },
    },
  });
}

export async function sendNewDeviceEmail(
  deps: AppDeps,
  db: DbOrTx,
  to: { email: string; name: string },
  context: { ip: string | null; userAgent: string | null; at: Date },
) {
  await deps.outbox.enqueue(db, {
    to: to.email,
    kind: 'new-device-login',
    content: {
      subject: 'New sign-in to your account',
      heading: 'A new browser signed in',
      paragraphs: [
        `Your account was signed in from a new browser on ${context.at.toUTCString()}.`,
        [context.userAgent ? `Browser: ${context.userAgent.slice(0, 150)}` : null, context.ip ? `IP address: ${context.ip}` : null]
          .filter(Boolean)
          .join('\n') || 'No browser details were available.',
        'If this was not you, change your password and sign out the other devices from your profile (Security tab).',
      ],
      action: { label: 'Review security', url: `${deps.config.appUrl}/user-profile` },
    },
  });
}
