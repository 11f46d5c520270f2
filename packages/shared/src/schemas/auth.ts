import { z } from 'zod';
import { ACCESS_CODE_LENGTH, PASSWORD_MIN_LENGTH } from '../constants';
import { LANGUAGES } from '../languages';
import { KYC_STATUSES, ROLES } from '../roles';
import { INVALID_EMAIL, PHONE_PATTERN, REQUIRED, decimalString, emailField, isValidEmail, messageSchema, personSchema, requiredString, textField } from './common';

/** SPEC §5 messages for the auth forms, shared by the server routes and the web forms. */
export const AUTH_MESSAGES = {
  required: REQUIRED,
  invalidEmail: INVALID_EMAIL,
  passwordTooShort: 'Password must be up to 6 characters',
  invalidPhone: 'Please enter a valid Phone Number',
  passwordsDoNotMatch: 'Passwords do not match',
  cannotPaste: 'Cannot paste into input field',
  forgotEmailRequired: 'Please enter an email',
  loginCodeRequired: 'Please fill in the login code',
  loginCodeLength: 'Access code must be 6 characters',
  twoFactorCodeRequired: 'Please enter the code from your authenticator app',
  commonPassword: 'This password is one of the most common ones, which attackers try first. Please choose another.',
} as const;

/** One of the offered languages (issue 21). */
export const languageSchema = z.enum(LANGUAGES, { error: 'Choose one of the offered languages' });

/** Longest password we hash; argon2 would accept more, but nobody needs it and it bounds the work. */
export const PASSWORD_MAX_LENGTH = 256;

/** SPEC §5 register strength checklist: mixed case, a digit, a special character, length over 5. */
export const PASSWORD_SPECIAL_CHARACTERS = '!@#$%^&*';

export interface PasswordStrength {
  mixedCase: boolean;
  number: boolean;
  specialCharacter: boolean;
  length: boolean;
}

export function passwordStrength(password: string): PasswordStrength {
  return {
    mixedCase: /[a-z]/.test(password) && /[A-Z]/.test(password),
    number: /\d/.test(password),
    specialCharacter: /[!@#$%^&*]/.test(password),
    length: password.length > 5,
  };
}

function passwordField(requiredMessage: string = REQUIRED) {
  return z
    .string({ error: requiredMessage })
    .min(1, requiredMessage)
    .min(PASSWORD_MIN_LENGTH, AUTH_MESSAGES.passwordTooShort)
    .max(PASSWORD_MAX_LENGTH, `Password must be at most ${PASSWORD_MAX_LENGTH} characters`);
}

/** A password being checked (login, old password): required, no length rule beyond the maximum. */
function existingPassword(requiredMessage: string = REQUIRED) {
  return z
    .string({ error: requiredMessage })
    .min(1, requiredMessage)
    .max(PASSWORD_MAX_LENGTH, `Password must be at most ${PASSWORD_MAX_LENGTH} characters`);
}

const phoneField = requiredString(REQUIRED, 32)
  .transform((value) => value.replace(/[\s()-]/g, ''))
  .refine((value) => PHONE_PATTERN.test(value), AUTH_MESSAGES.invalidPhone);

/** A TOTP code (6 digits) or a recovery code (xxxxx-xxxxx), as typed. */
export const twoFactorCodeField = z
  .string()
  .trim()
  .min(1, AUTH_MESSAGES.twoFactorCodeRequired)
  .max(32, 'That code is too long');

// ---------- Login ----------

export const loginSchema = z.object({
  email: emailField(),
  password: existingPassword(),
  /** Asked only when the account has two-factor authentication on (login answers twoFactorRequired). */
  twoFactorCode: twoFactorCodeField.optional(),
});
export type LoginInput = z.input<typeof loginSchema>;

// ---------- Register ----------

const referralCodeField = z
  .string()
  .trim()
  .max(32, 'Referral code is too long')
  .optional()
  .transform((value) => (value ? value.toUpperCase() : undefined));

/** The body the API takes (SPEC §7: name, email, password, phone, referralCode, country). */
export const registerSchema = z.object({
  name: requiredString(REQUIRED, 100),
  email: emailField(),
  password: passwordField(),
  phone: phoneField,
  country: requiredString(REQUIRED, 100),
  referralCode: referralCodeField,
  /** The language the browser shows; the account's emails use it (issue 21). */
  language: languageSchema.optional(),
});
export type RegisterInput = z.input<typeof registerSchema>;

/** The register form: the API body plus the confirmation, which must match. */
export const registerFormSchema = registerSchema
  .extend({ password2: z.string({ error: REQUIRED }).min(1, REQUIRED) })
  .refine((value) => value.password === value.password2, { message: AUTH_MESSAGES.passwordsDoNotMatch, path: ['password2'] });
export type RegisterFormInput = z.input<typeof registerFormSchema>;

// ---------- Forgot / reset ----------

export const forgotPasswordSchema = z.object({ email: emailField(AUTH_MESSAGES.forgotEmailRequired) });
export type ForgotPasswordInput = z.input<typeof forgotPasswordSchema>;

export const resetPasswordSchema = z.object({ password: passwordField() });
export type ResetPasswordInput = z.input<typeof resetPasswordSchema>;

export const resetPasswordFormSchema = resetPasswordSchema
  .extend({ password2: z.string({ error: REQUIRED }).min(1, REQUIRED) })
  .refine((value) => value.password === value.password2, { message: AUTH_MESSAGES.passwordsDoNotMatch, path: ['password2'] });
export type ResetPasswordFormInput = z.input<typeof resetPasswordFormSchema>;

// ---------- Change password ----------

export const changePasswordSchema = z.object({
  oldPassword: existingPassword(),
  password: passwordField(),
});
export type ChangePasswordInput = z.input<typeof changePasswordSchema>;

export const changePasswordFormSchema = changePasswordSchema
  .extend({ password2: z.string({ error: REQUIRED }).min(1, REQUIRED) })
  .refine((value) => value.password === value.password2, { message: AUTH_MESSAGES.passwordsDoNotMatch, path: ['password2'] });
export type ChangePasswordFormInput = z.input<typeof changePasswordFormSchema>;

// ---------- Login code ----------

export const loginCodeField = z
  .string({ error: AUTH_MESSAGES.loginCodeRequired })
  .trim()
  .min(1, AUTH_MESSAGES.loginCodeRequired)
  .length(ACCESS_CODE_LENGTH, AUTH_MESSAGES.loginCodeLength)
  .transform((value) => value.toUpperCase());

export const loginWithCodeSchema = z.object({ loginCode: loginCodeField });
export type LoginWithCodeInput = z.input<typeof loginWithCodeSchema>;

/** The email path parameter of sendLoginCode/:email and loginWithCode/:email. */
export const emailParamSchema = z.object({
  email: z
    .string()
    .trim()
    .max(254)
    .refine(isValidEmail, INVALID_EMAIL)
    .transform((value) => value.toLowerCase()),
});

// ---------- Profile ----------

/** SPEC §7 updateUser: name, phone, bio, country, photo, and the language (issue 21). Anything else in the body is ignored. */
export const updateUserSchema = z.object({
  name: requiredString(REQUIRED, 100).optional(),
  phone: phoneField.optional(),
  bio: textField(1000, 'Bio must be at most 1000 characters').optional(),
  country: requiredString(REQUIRED, 100).optional(),
  /** A photo url handed out by our upload endpoint, or null/empty to remove the photo. */
  photo: z.string().trim().max(300).nullable().optional(),
  language: languageSchema.optional(),
});
export type UpdateUserInput = z.input<typeof updateUserSchema>;

/** The profile form: name, phone and country stay required (SPEC §5 register rules); bio optional. */
export const profileFormSchema = z.object({
  name: requiredString(REQUIRED, 100),
  phone: phoneField,
  country: requiredString(REQUIRED, 100),
  bio: textField(1000, 'Bio must be at most 1000 characters').optional(),
});
export type ProfileFormInput = z.input<typeof profileFormSchema>;

/** SPEC §5: profile photos may only be jpeg, jpg or png. */
export const PROFILE_PHOTO_TYPES = ['image/jpeg', 'image/png'] as const;
export const PROFILE_PHOTO_MAX_BYTES = 5 * 1024 * 1024;
export const PROFILE_PHOTO_TYPE_MESSAGE = 'Only jpeg, jpg or png images are allowed';

// ---------- Two-factor ----------

export const twoFactorCodeSchema = z.object({ code: twoFactorCodeField });
export type TwoFactorCodeInput = z.input<typeof twoFactorCodeSchema>;

export const disableTwoFactorSchema = z.object({ password: existingPassword(), code: twoFactorCodeField });
export type DisableTwoFactorInput = z.input<typeof disableTwoFactorSchema>;

// ---------- Google ----------

export const googleCallbackSchema = z.object({
  credential: z.string({ error: 'Google credential is required' }).min(1, 'Google credential is required').max(4096),
  twoFactorCode: twoFactorCodeField.optional(),
});
export type GoogleCallbackInput = z.input<typeof googleCallbackSchema>;

// ---------- Automated emails (SPEC §7 sendAutomatedEmail) ----------

/** The two uses the spec names: after a password change, after a role change. */
export const AUTOMATED_EMAIL_TEMPLATES = ['changePassword', 'changeRole'] as const;

/**
 * POST /api/users/sendAutomatedEmail: subject, send_to, reply_to, template, url. Only
 * `send_to` and `template` decide anything: the content is the server's own email for that
 * event, so nothing here can carry someone else's text or link.
 */
export const automatedEmailSchema = z.object({
  subject: z.string().max(200).optional(),
  send_to: emailField(),
  reply_to: z.string().max(254).optional(),
  template: z.enum(AUTOMATED_EMAIL_TEMPLATES, { error: `Template must be one of ${AUTOMATED_EMAIL_TEMPLATES.join(', ')}` }),
  url: z.string().max(500).optional(),
});
export type AutomatedEmailInput = z.input<typeof automatedEmailSchema>;

// ---------- Answers ----------

/** The user object the API returns (SPEC §3 User, plus availableBalance). Money as decimal strings. */
export const userViewSchema = personSchema.extend({
  phone: z.string(), country: z.string(), bio: z.string(),
  photo: z.string().nullable(),
  role: z.enum(ROLES),
  isVerified: z.boolean(),
  kycStatus: z.enum(KYC_STATUSES),
  balance: decimalString,
  availableBalance: decimalString,
  investmentBalance: decimalString,
  totalMaturityAmount: decimalString,
  fees: decimalString,
  hasFees: z.boolean(),
  referralCode: z.string(),
  isImpersonated: z.boolean(),
  twoFactorEnabled: z.boolean(),
  language: languageSchema,
  createdAt: z.string(),
});
export type UserView = z.infer<typeof userViewSchema>;

/** A refused sign-in (401); twoFactorRequired asks for an authenticator code. */
/** passkeyAvailable: with two-factor on, a passkey sign-in may stand in for the code. */
export const loginRefusalSchema = messageSchema.extend({ twoFactorRequired: z.boolean().optional(), passkeyAvailable: z.boolean().optional() });

/** GET /api/users/auth-options: which sign-in methods are on (Google only with a client id). */
export const authOptionsSchema = z.object({ googleClientId: z.string().nullable() });
export type AuthOptions = z.infer<typeof authOptionsSchema>;

/** One signed-in device of the account (GET /api/users/sessions). */
export const deviceSessionSchema = z.object({
  id: z.string(),
  current: z.boolean(),
  userAgent: z.string().nullable(),
  ip: z.string().nullable(),
  createdAt: z.string(),
  lastSeenAt: z.string(),
});
export type DeviceSession = z.infer<typeof deviceSessionSchema>;
export const deviceSessionListSchema = z.object({ sessions: z.array(deviceSessionSchema) });
export type DeviceSessionList = z.infer<typeof deviceSessionListSchema>;

/** GET /api/users/2fa. */
export const twoFactorStatusSchema = z.object({ enabled: z.boolean(), recoveryCodesLeft: z.number().int() });
export type TwoFactorStatus = z.infer<typeof twoFactorStatusSchema>;

/** POST /api/users/2fa/setup: a new secret and its QR code. */
export const twoFactorSetupSchema = z.object({ secret: z.string(), otpauthUrl: z.string(), qrCodeDataUrl: z.string() });
export type TwoFactorSetup = z.infer<typeof twoFactorSetupSchema>;

/** POST /api/users/2fa/enable | recovery-codes: the recovery codes, shown once. */
export const recoveryCodesAnswerSchema = messageSchema.extend({ recoveryCodes: z.array(z.string()) });
export type RecoveryCodesAnswer = z.infer<typeof recoveryCodesAnswerSchema>;

/** GET /api/countries: the register and profile forms' list. */
export const countrySchema = z.object({ name: z.string(), code: z.string() });
export type Country = z.infer<typeof countrySchema>;
export const countryListSchema = z.array(countrySchema);
