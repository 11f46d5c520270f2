import type { EmailContent } from '../render';

/** The sign-in flows' emails in one language (services/auth-emails.ts fills in the links). */
export interface AuthEmailTexts {
  verification(args: { name: string; url: string; hours: number }): EmailContent;
  loginCode(args: { code: string; ip: string | null; url: string; minutes: number }): EmailContent;
  reset(args: { name: string; url: string; minutes: number }): EmailContent;
  passwordChanged(args: { name: string; how: 'changed' | 'reset'; url: string }): EmailContent;
  newDevice(args: { when: string; userAgent: string | null; ip: string | null; url: string }): EmailContent;
}
