import type { Language } from '@app/shared';
import type { AppDeps } from '../../deps';
import type { DbOrTx } from '../../db/client';
import { localizedEmail, type EmailTextKey, type EmailTexts, type EmailVars } from '../../email/locales';
import type { EmailContent } from '../../email/render';
import { SECRET_EMAIL_KINDS } from '../../email/kinds';

/** The emails of the sign-in flows, in the recipient's language; their wording is in email/locales/<language>.json. */

type Recipient = { email: string; name: string; language?: Language };

async function send(deps: AppDeps, db: DbOrTx, to: Recipient, kind: string, content: (texts: EmailTexts) => EmailContent) {
  await deps.outbox.enqueue(db, localizedEmail(to, kind, content));
}

/**
 * An email asking to follow a link (verify the address, reset the password); its texts are under
 * `texts`, its paragraphs the body and then the texts at the keys in `more`.
 */
async function sendLinkEmail(
  deps: AppDeps,
  db: DbOrTx,
  to: Recipient,
  kind: string,
  texts: 'verification' | 'passwordReset',
  url: string,
  footnoteVars: EmailVars,
  more: EmailTextKey[] = [],
) {
  await send(deps, db, to, kind, ({ t }) => ({
    subject: t(`${texts}.subject`),
    heading: t(`${texts}.heading`, { name: to.name }),
    paragraphs: [t(`${texts}.body`), ...more.map((key) => t(key))],
    action: { label: t(`${texts}.action`), url },
    footnote: t(`${texts}.footnote`, footnoteVars),
  }));
}

export async function sendVerificationEmail(deps: AppDeps, db: DbOrTx, to: Recipient, token: string, hours: number) {
  // `gating`: what an unverified email blocks, the sentence the banner, the KYC card and how-it-works show (VERIFIED_EMAIL_NEEDED).
  await sendLinkEmail(deps, db, to, SECRET_EMAIL_KINDS.verification, 'verification', `${deps.config.appUrl}/verify/${token}`, { hours }, ['verification.gating']);
}

export async function sendLoginCodeEmail(
  deps: AppDeps,
  db: DbOrTx,
  to: Recipient,
  code: string,
  minutes: number,
  context: { ip: string | null; userAgent: string | null },
) {
  await send(deps, db, to, SECRET_EMAIL_KINDS.loginCode, ({ t }) => ({
    subject: t('loginCode.subject'),
    heading: t('loginCode.heading'),
    paragraphs: [
      context.ip ? t('loginCode.bodyWithIp', { ip: context.ip }) : t('loginCode.body'),
      t('loginCode.enterCode', { code }),
      t('loginCode.notYou'),
    ],
    action: { label: t('loginCode.action'), url: `${deps.config.appUrl}/loginWithCode/${encodeURIComponent(to.email)}` },
    footnote: t('loginCode.footnote', { minutes }),
  }));
}

export async function sendResetEmail(deps: AppDeps, db: DbOrTx, to: Recipient, token: string, minutes: number) {
  await sendLinkEmail(deps, db, to, SECRET_EMAIL_KINDS.passwordReset, 'passwordReset', `${deps.config.appUrl}/resetPassword/${token}`, { minutes });
}

export async function sendPasswordChangedEmail(deps: AppDeps, db: DbOrTx, to: Recipient, how: 'changed' | 'reset') {
  await send(deps, db, to, 'password-changed', ({ t }) => ({
    subject: t('passwordChanged.subject'),
    heading: t('passwordChanged.heading', { name: to.name }),
    paragraphs: [t(how === 'reset' ? 'passwordChanged.byReset' : 'passwordChanged.byChange'), t('passwordChanged.notYou')],
    action: { label: t('passwordChanged.action'), url: `${deps.config.appUrl}/forgot` },
  }));
}

export async function sendNewDeviceEmail(
  deps: AppDeps,
  db: DbOrTx,
  to: Recipient,
  context: { ip: string | null; userAgent: string | null; at: Date },
) {
  const userAgent = context.userAgent?.slice(0, 150);
  await send(deps, db, to, 'new-device-login', ({ t, date }) => ({
    subject: t('newDevice.subject'),
    heading: t('newDevice.heading'),
    paragraphs: [
      t('newDevice.body', { when: date(context.at) }),
      [userAgent ? t('newDevice.browser', { userAgent }) : null, context.ip ? t('newDevice.ip', { ip: context.ip }) : null].filter(Boolean).join('\n') ||
        t('newDevice.noDetails'),
      t('newDevice.notYou'),
    ],
    action: { label: t('common.reviewSecurity'), url: `${deps.config.appUrl}/user-profile` },
  }));
}
