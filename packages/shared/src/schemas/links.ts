/**
 * Addresses an operator sets (embeds, explorer links, social links) are put into pages as
 * links and frames: only absolute https: URLs are taken. A relative one would be fetched from
 * this site (a chart frame with scripts, same origin), `javascript:` and `data:` run in it, and
 * plain http can be rewritten on the way.
 */
export function isHttpsUrl(value: string): boolean {
  if (!/^https:\/\/[^\s/?#]/i.test(value) || /\s/.test(value)) return false;
  try {
    const url = new URL(value);
    // Credentials in a link (https://bank.example@evil.example) only serve to mislead.
    return url.protocol === 'https:' && url.hostname !== '' && url.username === '' && url.password === '';
  } catch {
    return false;
  }
}

/** The placeholder an explorer link template puts the transaction hash in. */
export const EXPLORER_HASH_PLACEHOLDER = '{hash}';

/** An explorer link template: an https URL with {hash} after its host. */
export function isExplorerTemplate(value: string): boolean {
  const host = /^https:\/\/([^/?#]*)/i.exec(value)?.[1] ?? '';
  return value.includes(EXPLORER_HASH_PLACEHOLDER) && !host.includes(EXPLORER_HASH_PLACEHOLDER) && isHttpsUrl(value.replaceAll(EXPLORER_HASH_PLACEHOLDER, '0'));
}

/** WhatsApp's click-to-chat address: https://wa.me/ and the number in international form, digits only. */
const WA_ME = /^https:\/\/wa\.me\/[1-9]\d{6,14}$/;

/**
 * A WhatsApp setting as typed: a phone number in international form ("+1 555 010 0000") becomes
 * its wa.me link; anything else is kept as typed, for `isWhatsappLink` to judge.
 */
export function whatsappLink(value: string): string {
  const typed = value.trim();
  if (/^\+?[\d\s().-]+$/.test(typed) && /\d/.test(typed)) return `https://wa.me/${typed.replace(/\D/g, '').replace(/^0+/, '')}`;
  return typed.replace(/^https:\/\/(www\.)?wa\.me\//i, 'https://wa.me/');
}

export function isWhatsappLink(value: string): boolean {
  return WA_ME.test(value);
}
