import { z } from 'zod';
import { emailField, requiredString } from './common';

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
export interface PublicStats {
  investors: number;
  countries: number;
  assetsUnderManagement: string;
  paidOut: string;
}

/** GET /api/settings/public: what visitors may know about the operator's configuration. */
export interface PublicSettings {
  supportPhone: string;
  supportEmail: string;
  chatEmbedUrl: string;
  chartServiceUrl: string;
  riskNotice: string;
  googleSignIn: boolean;
}
