import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
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

const SERVER = path.resolve(__dirname, '../../../../server/src');
/** The server's refusal helpers (lib/errors.ts). */
const REFUSALS = new Set(['badRequest', 'unauthorized', 'forbidden', 'notFound', 'conflict']);
/** Server messages no person reads in the app: the health check's and the metrics endpoint's. */
const NOT_SHOWN = new Set(['Database is unreachable', 'The database was migrated by a newer build: roll this instance forward', 'A valid metrics token is required']);

function serverFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return serverFiles(full);
    return full.endsWith('.ts') ? [full] : [];
  });
}

/**
 * The fixed messages the server answers with: refusals (badRequest... and new AppError), `message:`
 * fields, and the tables of messages (`*MESSAGES`, `*REFUSALS`). Messages built with a value (template
 * literals) have a key with placeholders instead and are left to review.
 */
function serverMessages(): string[] {
  const found = new Set<string>();
  const literal = (node: ts.Node) => {
    if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) found.add(node.text);
    else if (ts.isConditionalExpression(node)) [node.whenTrue, node.whenFalse].forEach(literal);
    else if (ts.isParenthesizedExpression(node)) literal(node.expression);
  };
  for (const file of serverFiles(SERVER)) {
    const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true);
    const visit = (node: ts.Node) => {
      if (ts.isCallExpression(node) && ts.isIdentifier(node.expression) && REFUSALS.has(node.expression.text) && node.arguments[0]) literal(node.arguments[0]);
      if (ts.isNewExpression(node) && node.expression.getText(source) === 'AppError' && node.arguments?.[1]) literal(node.arguments[1]);
      if (ts.isPropertyAssignment(node) && node.name.getText(source) === 'message') literal(node.initializer);
      if (ts.isVariableDeclaration(node) && /(MESSAGES|REFUSALS?)$/.test(node.name.getText(source)) && node.initializer) {
        const table = ts.isAsExpression(node.initializer) ? node.initializer.expression : node.initializer;
        if (ts.isObjectLiteralExpression(table)) for (const entry of table.properties) if (ts.isPropertyAssignment(entry)) literal(entry.initializer);
      }
      ts.forEachChild(node, visit);
    };
    visit(source);
  }
  return [...found].filter((text) => /^[A-Z].*\s/.test(text) && !NOT_SHOWN.has(text));
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

  it('has an entry for every fixed message the server answers with', () => {
    const messages = serverMessages();
    expect(messages.length).toBeGreaterThan(100);
    const missing = messages.filter((message) => table('en')[message] === undefined);
    expect(missing).toEqual([]);
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
