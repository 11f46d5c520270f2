import { z } from 'zod';
import { parseAmount } from '../money';
import { PHONE_MAX_DIGITS } from '../constants';

/** SPEC §5: local-part@domain, domain a dotted name ending in 2+ letters or a bracketed IPv4. */
export const EMAIL_PATTERN =
  /^[A-Za-z0-9.!#$%&'*+/=?^_`{|}~-]+@(?:(?:[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?\.)+[A-Za-z]{2,}|\[(?:(?:25[0-5]|2[0-4]\d|1?\d?\d)\.){3}(?:25[0-5]|2[0-4]\d|1?\d?\d)\])$/;

/** SPEC §5: optional +, first digit 1-9, then 1 to 14 more digits. */
export const PHONE_PATTERN = new RegExp(`^\\+?[1-9]\\d{1,${PHONE_MAX_DIGITS - 1}}$`);

export const REQUIRED = 'All fields are required';
export const INVALID_EMAIL = 'Please enter a valid email';

export function isValidEmail(value: string): boolean {
  return value.length <= 254 && EMAIL_PATTERN.test(value);
}

export const HIDDEN_CHARACTERS_MESSAGE = 'Text may not contain invisible or text-direction control characters';

/**
 * Characters that change how text reads without being seen: control characters (tab and
 * line breaks aside), bidirectional embeddings, overrides, isolates and marks (the
 * "Trojan Source" trick), zero-width spaces, word joiners and the byte-order mark. Zero-width
 * (non-)joiners stay: scripts such as Persian and emoji sequences need them.
 */
// eslint-disable-next-line no-control-regex
const HIDDEN_CHARACTERS = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F\u061C\u200B\u200E\u200F\u202A-\u202E\u2060-\u2064\u2066-\u2069\uFEFF]/;

export function hasHiddenCharacters(text: string): boolean {
  return HIDDEN_CHARACTERS.test(text);
}

/** Free text as people type it: trimmed, no hidden characters, stored in Unicode NFC (one spelling per name). */
export function textField(max: number, tooLong = `Must be at most ${max} characters`) {
  return z
    .string()
    .trim()
    .max(max, tooLong)
    .refine((value) => !hasHiddenCharacters(value), HIDDEN_CHARACTERS_MESSAGE)
    .overwrite((value) => value.normalize('NFC'));
}

/** A required string: missing, non-string or blank all give `message`; free of hidden characters, NFC. */
export function requiredString(message: string = REQUIRED, max = 500) {
  return z
    .string({ error: message })
    .trim()
    .min(1, message)
    .max(max, `Must be at most ${max} characters`)
    .refine((value) => !hasHiddenCharacters(value), HIDDEN_CHARACTERS_MESSAGE)
    .overwrite((value) => value.normalize('NFC'));
}

export function emailField(requiredMessage: string = REQUIRED) {
  return requiredString(requiredMessage, 254)
    .refine(isValidEmail, INVALID_EMAIL)
    .transform((value) => value.toLowerCase());
}

/** Money in a request: a JSON number or decimal string, positive, at most two decimals; yields cents. */
export const amountCents = z.unknown().transform((value, ctx) => {
  const parsed = parseAmount(value);
  if (!parsed.ok) {
    ctx.addIssue({ code: 'custom', message: parsed.message });
    return z.NEVER;
  }
  return parsed.cents;
});

/** Staff adjustments: add or deduct an amount, with the reason required by PRODUCT §1.2. */
export const adjustmentSchema = z.object({
  operation: z.enum(['add', 'deduct'], { error: 'Operation must be add or deduct' }),
  amount: amountCents,
  reason: requiredString('A reason is required', 500),
});
export type AdjustmentInput = z.input<typeof adjustmentSchema>;

export const idParam = z.object({ id: z.string().min(1).max(64) });

/** The answer of most changes, and the body of every error: a message to show. */
export const messageSchema = z.object({ message: z.string() });
export type MessageAnswer = z.infer<typeof messageSchema>;

/** Money in an answer: a decimal string such as "1250.00" (never a float). */
export const decimalString = z.string();

/** Whose a record is, as answers name people. */
export const personSchema = z.object({ _id: z.string(), name: z.string(), email: z.string() });

/** A page of a staff list: its items and where the page stands. */
export const pageOf = <Item extends z.ZodType>(item: Item) => z.object({ items: z.array(item), page: z.number(), pages: z.number(), total: z.number() });
