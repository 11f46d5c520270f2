import type { Language } from '@app/shared';
import type { AppDeps } from '../../deps';
import type { DbOrTx } from '../../db/client';
import { authEmailTexts, emailDate } from '../../email/locales';

/** The emails of the sign-in flows; their wording, in each language, is in email/locales. */

type Recipient = { email: string; name: string; language?: Language };

export async function sendVerificationEmail(deps: AppDeps, db: DbOrTx, to: Recipient, token: string, hours: number) {
  await deps.outbox.enqueue(db, {
    to: to.email,
    kind: 'verification',
    content: authEmailTexts(to.language).verification({ name: to.name, url: `${deps.config.appUrl}/verify/${token}`, hours }),
  });
}

export async function sendLoginCodeEmail(
  deps: AppDeps,
  db: DbOrTx,
  to: Recipient,
  code: string,
  minutes: number,
  context: { ip: string | null; userAgent: string | null },
) {
  await deps.outbox.enqueue(db, {
    to: to.email,
    kind: 'login-code',
    content: authEmailTexts(to.language).loginCode({
      code,
      ip: context.ip,
      url: `${deps.config.appUrl}/loginWithCode/${encodeURIComponent(to.email)}`,
      minutes,
    }),
  });
}

export async function sendResetEmail(deps: AppDeps, db: DbOrTx, to: Recipient, token: string, minutes: number) {
  await deps.outbox.enqueue(db, {
    to: to.email,
    kind: 'password-reset',
    content: authEmailTexts(to.language).reset({ name: to.name, url: `${deps.config.appUrl}/resetPassword/${token}`, minutes }),
  });
}

export async function sendPasswordChangedEmail(deps: AppDeps, db: DbOrTx, to: Recipient, how: 'changed' | 'reset') {
  await deps.outbox.enqueue(db, {
    to: to.email,
    kind: 'password-changed',
    content: authEmailTexts(to.language).passwordChanged({ name: to.name, how, url: `${deps.config.appUrl}/forgot` }),
  });
}

export async function sendNewDeviceEmail(
  deps: AppDeps,
  db: DbOrTx,
  to: Recipient,
  context: { ip: string | null; userAgent: string | null; at: Date },
) {
  await deps.outbox.enqueue(db, {
    to: to.email,
    kind: 'new-device-login',
    content: authEmailTexts(to.language).newDevice({
      when: emailDate(context.at, to.language),
      userAgent: context.userAgent?.slice(0, 150) ?? null,
      ip: context.ip,
      url: `${deps.config.appUrl}/user-profile`,
    }),
  });
}
