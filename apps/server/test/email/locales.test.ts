import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { LANGUAGES, VERIFIED_EMAIL_NEEDED } from '@app/shared';
import { EMAIL_CATALOGS, emailTexts, fillText, placeholdersOf } from '../../src/email/locales';
import { renderEmail } from '../../src/email/render';

/** Every text of a catalog by its dotted path. */
function texts(node: unknown, prefix = ''): Map<string, string> {
  const found = new Map<string, string>();
  for (const [key, value] of Object.entries(node as Record<string, unknown>)) {
    if (typeof value === 'string') found.set(`${prefix}${key}`, value);
    else for (const [path, text] of texts(value, `${prefix}${key}.`)) found.set(path, text);
  }
  return found;
}

const english = texts(EMAIL_CATALOGS.en);

describe('email texts (issue 21)', () => {
  it.each(LANGUAGES.filter((language) => language !== 'en'))('%s has exactly the English keys, each with the same placeholders', (language) => {
    const translated = texts(EMAIL_CATALOGS[language]);
    expect([...translated.keys()].sort()).toEqual([...english.keys()].sort());
    for (const [key, text] of english) {
      expect({ key, placeholders: placeholdersOf(translated.get(key)!).sort() }).toEqual({ key, placeholders: placeholdersOf(text).sort() });
      expect({ key, empty: translated.get(key)!.trim() === '' }).toEqual({ key, empty: false });
    }
  });

  it('fills placeholders and refuses a text whose value is missing', () => {
    expect(fillText('Hello {{name}}, {{name}}: {{count}}', { name: 'Ada', count: 3 })).toBe('Hello Ada, Ada: 3');
    expect(() => fillText('Hello {{name}}', {})).toThrow('needs {{name}}');
    expect(emailTexts('fr').t('common.greeting', { name: 'Ada' })).toBe('Bonjour Ada,');
    expect(emailTexts(undefined).t('common.greeting', { name: 'Ada' })).toBe('Hello Ada,');
  });

  it('formats dollars in the reader’s language from integer cents, exactly', () => {
    expect(emailTexts('en').usd(123456789012345)).toBe('$1,234,567,890,123.45');
    expect(emailTexts('de').usd(123456789012345)).toMatch(/^1\.234\.567\.890\.123,45\s\$$/);
    expect(emailTexts('fr').usd(100050)).toMatch(/^1\s000,50\s\$US$/);
    expect(emailTexts('pt-BR').usd(-5)).toMatch(/^-US\$\s0,05$/);
  });

  it('writes dates in the reader’s language, in UTC', () => {
    const at = new Date('2026-11-25T09:05:00Z');
    expect(emailTexts('en').date(at)).toBe('Wed, 25 Nov 2026 09:05:00 GMT');
    expect(emailTexts('de').date(at)).toBe('25. November 2026 um 09:05 UTC');
    expect(emailTexts('fr').date(at)).toBe('25 novembre 2026 à 09:05 UTC');
    expect(emailTexts('es').date(at)).toBe('25 de noviembre de 2026 a las 09:05 UTC');
    expect(emailTexts('pt-BR').date(at)).toBe('25 de novembro de 2026 às 09:05 UTC');
  });

  it('frames the email in the reader’s language', () => {
    const content = { subject: 'S', heading: 'H', paragraphs: ['P'], action: { label: 'Go', url: 'https://example.com/x' } };
    const german = renderEmail(content, 'de');
    expect(german.html).toContain('<html lang="de">');
    expect(german.html).toContain('Oder fügen Sie diesen Link in Ihren Browser ein: https://example.com/x');
    expect(german.text).toContain('-- Vaultline. Wir fragen Sie nie nach Ihrem Passwort oder einem Anmeldecode.');
    expect(renderEmail(content).text).toContain('-- Vaultline. We will never ask for your password or a login code.');
  });
});

/**
 * Issue 40.7: what an unverified email blocks is one sentence, VERIFIED_EMAIL_NEEDED. The web
 * shows it (banner, KYC card, how-it-works) through its `messages` table; the verification
 * email carries the server's copy, `verification.gating`, which must read the same in every language.
 */
describe('the sentence about what an unverified email blocks', () => {
  it.each(LANGUAGES)('%s: the verification email says what the web says', (language) => {
    const webMessages = JSON.parse(readFileSync(new URL(`../../../web/src/i18n/locales/${language}/messages.json`, import.meta.url), 'utf8')) as Record<string, string>;
    expect(webMessages[VERIFIED_EMAIL_NEEDED]).toBeDefined();
    expect(emailTexts(language).t('verification.gating')).toBe(webMessages[VERIFIED_EMAIL_NEEDED]);
  });

  it('is the shared English sentence', () => {
    expect(emailTexts('en').t('verification.gating')).toBe(VERIFIED_EMAIL_NEEDED);
  });
});
