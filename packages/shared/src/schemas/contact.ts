import { z } from 'zod';
import { decimalString, emailField, requiredString } from './common';

/** SPEC §8 contact texts. */
export const CONTACT_MESSAGES = {
  sent: 'Message sent successfully!',
  failed: 'Failed to send. Please try again.',
} as const;

/** SPEC §3 contact form; §5: all fields required, email valid. Used by /support and POST /api/contact. */
export const contactSchema = z.object({
  user_name: requiredString(undefined, 100),
  user_email: emailField(),
  message: requiredString(undefined, 5000),
});
export type ContactInput = z.input<typeof contactSchema>;

/** GET /api/stats: live figures for the home page counters. Money as decimal strings. */
export const publicStatsSchema = z.object({
  investors: z.number().int(),
  countries: z.number().int(),
  assetsUnderManagement: decimalString,
  paidOut: decimalString,
});
export type PublicStats = z.infer<typeof publicStatsSchema>;

/** GET /api/settings/public: what visitors may know about the operator's configuration. */
export const publicSettingsSchema = z.object({
  /** The support channels as configured ("" for one that is not). */
  supportPhone: z.string(), supportEmail: z.string(), chatEmbedUrl: z.string(),
  /** Support hours as the operator set them ("" claims none). */
  supportHours: z.string(),
  /** The lowest minimum of the open plans (the minimum investment), a decimal string; null without open plans. */
  minInvestment: decimalString.nullable(),
  chartServiceUrl: z.string(),
  /** The operator's social links, "" for a network not set (only set ones are shown). */
  social: z.object({ facebook: z.string(), instagram: z.string(), linkedin: z.string(), whatsapp: z.string(), x: z.string() }),
  /** Who runs the platform, "" for what is not set. */
  operator: z.object({ legalName: z.string(), address: z.string(), registrationNumber: z.string(), regulator: z.string() }),
  riskNotice: z.string(),
  googleSignIn: z.boolean(),
});
export type PublicSettings = z.infer<typeof publicSettingsSchema>;

/**
 * The sentence that says how support is reached, from the channels actually configured: the
 * contact form always, then email, phone and live chat only where set, and hours only as set.
 */
export function supportClaim(settings: Pick<PublicSettings, 'supportPhone' | 'supportEmail' | 'chatEmbedUrl' | 'supportHours'>): string {
  const channels = ['the Help Center form'];
  if (settings.supportEmail.trim()) channels.push('email');
  if (settings.supportPhone.trim()) channels.push('phone');
  if (settings.chatEmbedUrl.trim()) channels.push('live chat');
  const list = channels.length === 1 ? channels[0] : `${channels.slice(0, -1).join(', ')} and ${channels[channels.length - 1]}`;
  const hours = settings.supportHours.trim();
  return `Support is by ${list}${hours ? `, ${hours}` : ''}.`;
}
