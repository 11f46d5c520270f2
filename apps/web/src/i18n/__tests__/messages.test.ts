import { afterEach, describe, expect, it } from 'vitest';
import * as shared from '@app/shared';
import { gatingMessage, LANGUAGES, planRangeMessage } from '@app/shared';
import { changeLanguage, loadNamespaces } from '..';
import { translateMessage } from '../messages';

const TABLES = import.meta.glob<Record<string, string>>('../locales/*/messages.json', { import: 'default', eager: true });
const table = (language: string) => TABLES[`../locales/${language}/messages.json`]!;

/** The message constants of `@app/shared`: every *_MESSAGES table and *_MESSAGE text, and the other refusals the schemas carry. */
function sharedMessages(): string[] {
  const messages: string[] = [];
  for (const [name, value] of Object.entries(shared)) {
    if (/_MESSAGES$/.test(name) && typeof value === 'object' && value) messages.push(...Object.values(value as Record<string, string>));
    if (/_MESSAGE$/.test(name) && typeof value === 'string') messages.push(value);
  }
  const { REQUIRED, INVALID_EMAIL, INVALID_WALLET_ADDRESS, INSUFFICIENT_AVAILABLE_BALANCE, VERIFIED_EMAIL_NEEDED } = shared;
  messages.push(REQUIRED, INVALID_EMAIL, INVALID_WALLET_ADDRESS, INSUFFICIENT_AVAILABLE_BALANCE, VERIFIED_EMAIL_NEEDED);
  for (const action of ['deposit', 'invest', 'withdraw'] as const) {
    for (const user of [
      { isVerified: false, kycStatus: 'Not Submitted' },
      { isVerified: true, kycStatus: 'Not Submitted' },
      { isVerified: true, kycStatus: 'Pending' },
      { isVerified: true, kycStatus: 'Rejected' },
    ] as const) {
      messages.push(gatingMessage(user, action)!);
    }
  }
  return messages;
}

afterEach(async () => {
  await changeLanguage('en');
});

describe('the messages table (issue 21)', () => {
  it.each(LANGUAGES)('%s has an entry for every message constant of @app/shared', (language) => {
    const messages = sharedMessages();
    expect(messages.length).toBeGreaterThan(60);
    for (const message of messages) {
      const entry = table(language)[message];
      expect({ message, translated: typeof entry === 'string' && entry.trim() !== '' }).toEqual({ message, translated: true });
      if (language === 'en') expect(entry).toBe(message);
    }
  });

  it('translates exact messages, and messages carrying a value through the key with placeholders', async () => {
    await changeLanguage('de');
    await loadNamespaces(['messages']);
    expect(translateMessage('Invalid email or password')).toBe('Ungültige E-Mail-Adresse oder ungültiges Passwort');
    expect(translateMessage('Invalid access code. 3 tries left.')).toBe('Ungültiger Zugangscode. Noch 3 Versuche.');
    expect(translateMessage('Invalid access code. 1 try left.')).toBe('Ungültiger Zugangscode. Noch 1 Versuch.');
    expect(translateMessage('The BTC receiving address is not a valid BTC address')).toBe('Die BTC-Empfangsadresse ist keine gültige BTC-Adresse');
    expect(translateMessage('The BTC receiving address is not a valid ETH address')).toBe('The BTC receiving address is not a valid ETH address');
    const range = planRangeMessage({ name: 'Basic', minAmount: '100', maxAmount: '190' });
    expect(translateMessage(range)).toBe('Der Plan Basic nimmt $100.00 bis $190.00 an');
    // The longer key wins over the shorter one it begins with.
    expect(translateMessage(`${range}; your $150.00 plus the top-up gives $300.00`)).toBe('Der Plan Basic nimmt $100.00 bis $190.00 an; Ihre $150.00 plus Aufstockung ergeben $300.00');
    expect(translateMessage('Notes must be at most 1000 characters')).toBe(table('de')['Notes must be at most 1000 characters']);
    expect(translateMessage('A message the table does not know')).toBe('A message the table does not know');
  });
});
