import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { AUTH_MESSAGES, CONTACT_MESSAGES, INVALID_EMAIL, KYC_MESSAGES, LANGUAGES, REQUIRED } from '@app/shared';
import { i18n, NAMESPACES } from '../index';

const SRC = path.resolve(__dirname, '../..');
const BUNDLES = import.meta.glob<Record<string, unknown>>('../locales/*/*.json', { import: 'default', eager: true });
/** A language's messages, namespace by namespace. */
const bundle = (language: string, namespace: string) => BUNDLES[`../locales/${language}/${namespace}.json`];

/** Text that is the same in every language. */
const SAME_IN_EVERY_LANGUAGE = /^(Vaultline|FAQ|KYC|USDT|ID|URL|2FA|[^A-Za-zÀ-ÿ]*)$/;
/** Props that people read or hear. */
const USER_FACING_PROPS = new Set(['aria-label', 'aria-description', 'placeholder', 'title', 'alt', 'label', 'hint', 'description']);

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return name === '__tests__' || name === 'test' ? [] : files(full);
    return full.endsWith('.tsx') ? [full] : [];
  });
}

/** The untranslated texts of a file: JSX text, string literals in JSX expressions and in user-facing props. */
function untranslated(file: string): string[] {
  const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true, ts.ScriptKind.TSX);
  const found: string[] = [];
  const check = (text: string) => {
    const trimmed = text.replace(/\s+/g, ' ').trim();
    if (trimmed && !SAME_IN_EVERY_LANGUAGE.test(trimmed)) found.push(trimmed);
  };
  /** String literals that end up shown: directly, or as a branch of ?: / ?? / ||. */
  const shown = (node: ts.Node) => {
    if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) check(node.text);
    else if (ts.isTemplateExpression(node)) check(node.head.text + node.templateSpans.map((span) => span.literal.text).join(' '));
    else if (ts.isConditionalExpression(node)) [node.whenTrue, node.whenFalse].forEach(shown);
    else if (ts.isBinaryExpression(node) && [ts.SyntaxKind.QuestionQuestionToken, ts.SyntaxKind.BarBarToken].includes(node.operatorToken.kind)) shown(node.right);
    else if (ts.isParenthesizedExpression(node)) shown(node.expression);
  };
  const visit = (node: ts.Node) => {
    // A <style> element's text is CSS.
    if (ts.isJsxElement(node) && node.openingElement.tagName.getText(source) === 'style') return;
    if (ts.isJsxText(node)) check(node.text);
    else if (ts.isJsxExpression(node) && node.expression && !ts.isJsxAttribute(node.parent)) shown(node.expression);
    else if (ts.isJsxAttribute(node) && USER_FACING_PROPS.has(node.name.getText(source)) && node.initializer) {
      if (ts.isStringLiteral(node.initializer)) check(node.initializer.text);
      else if (ts.isJsxExpression(node.initializer) && node.initializer.expression) shown(node.initializer.expression);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

function flatten(value: unknown, prefix = ''): Record<string, string> {
  if (typeof value === 'string') return { [prefix]: value };
  return Object.entries(value as Record<string, unknown>).reduce<Record<string, string>>(
    (all, [key, child]) => Object.assign(all, flatten(child, prefix ? `${prefix}.${key}` : key)),
    {},
  );
}

const PLURAL_SUFFIX = /^(.*)_(zero|one|two|few|many|other)$/;

/** The base of a counted key (`x` of `x_one` when `x_other` is among the keys), else undefined. */
function countedBase(key: string, keys: Record<string, string>): string | undefined {
  const base = PLURAL_SUFFIX.exec(key)?.[1];
  return base !== undefined && `${base}_other` in keys ? base : undefined;
}

/** The English keys as `language` needs them: each counted one in every plural form its rules have (Intl.PluralRules). */
function keysFor(language: string, english: Record<string, string>): string[] {
  const categories = new Intl.PluralRules(language).resolvedOptions().pluralCategories;
  const keys = new Set<string>();
  for (const key of Object.keys(english)) {
    const base = countedBase(key, english);
    if (base === undefined) keys.add(key);
    else for (const category of categories) keys.add(`${base}_${category}`);
  }
  return [...keys].sort();
}

const placeholders = (text: string) => [...text.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((match) => match[1]).sort();

describe('translations (issue 21)', () => {
  const tsxFiles = files(SRC);

  it('has no untranslated user-facing text in JSX', () => {
    const offenders: Record<string, string[]> = {};
    for (const file of tsxFiles) {
      const texts = untranslated(file);
      if (texts.length > 0) offenders[path.relative(SRC, file)] = texts;
    }
    expect(offenders).toEqual({});
  });

  it('the scanner catches JSX text, literals in expressions and user-facing props', () => {
    const file = path.join(SRC, 'i18n/__tests__/fixture-untranslated.tsx');
    expect(untranslated(file)).toEqual(['Hello there', 'Open', 'Closed', 'Search plans', 'Vaultline logo']);
  });

  it('every language has every namespace, with exactly the English keys (each counted one in every plural form of its rules) and the same placeholders', () => {
    expect(Object.keys(BUNDLES).length).toBe(LANGUAGES.length * NAMESPACES.length);
    for (const namespace of NAMESPACES) {
      const english = flatten(bundle('en', namespace));
      for (const language of LANGUAGES) {
        const messages = flatten(bundle(language, namespace));
        expect(Object.keys(messages).sort(), `${language}/${namespace}`).toEqual(keysFor(language, english));
        for (const [key, text] of Object.entries(messages)) {
          expect(text.trim(), `${language}/${namespace} ${key}`).not.toBe('');
          expect(placeholders(text), `${language}/${namespace} ${key}`).toEqual(placeholders(english[key] ?? english[`${countedBase(key, english)}_other`]!));
        }
      }
    }
  });

  it('a count a language has a plural form of its own for (a million in French) finds its text', async () => {
    await i18n.loadLanguages(['fr', 'es']);
    expect(i18n.t('staff:auditPage.entries', { lng: 'fr', count: 1_000_000 })).not.toMatch(/auditPage/);
    expect(i18n.t('staff:auditPage.entries', { lng: 'es', count: 1_000_000 })).not.toMatch(/auditPage/);
  });

  it('every literal key the code asks for exists in the namespaces its file uses (or in common)', () => {
    const english = Object.fromEntries(NAMESPACES.map((namespace) => [namespace, flatten(bundle('en', namespace))]));
    const missing: string[] = [];
    for (const file of tsxFiles) {
      const source = readFileSync(file, 'utf8');
      const used = [...source.matchAll(/useTranslation\(\s*\[?([^)\]]*)/g)].flatMap((match) => [...match[1]!.matchAll(/'(\w+)'/g)].map((name) => name[1]!));
      for (const match of source.matchAll(/\bt\(\s*'([\w.:]+)'/g)) {
        const [namespace, key] = match[1]!.includes(':') ? match[1]!.split(':') : [undefined, match[1]!];
        const candidates = namespace ? [namespace] : [...used, 'common'];
        // A counted key (t('x', { count })) exists as its plural forms (x_one, x_other); a list or table (returnObjects) as x.0, x.1... or x.name
        const exists = (messages: Record<string, string> | undefined) =>
          Boolean(messages && (key! in messages || `${key}_other` in messages || Object.keys(messages).some((name) => name.startsWith(`${key}.`))));
        if (!candidates.some((candidate) => exists(english[candidate]))) missing.push(`${path.relative(SRC, file)}: ${match[1]}`);
      }
    }
    expect(missing).toEqual([]);
  });

  it('the shared schemas’ messages shown in the forms have a translation (keyed by the English text)', () => {
    const messages = bundle('en', 'messages') as Record<string, string>;
    const shown = [REQUIRED, INVALID_EMAIL, ...Object.values(AUTH_MESSAGES), ...Object.values(CONTACT_MESSAGES), KYC_MESSAGES.selectFile, KYC_MESSAGES.bothRequired, KYC_MESSAGES.tooLarge, KYC_MESSAGES.invalidFormat];
    for (const message of shown) expect(messages[message], message).toBe(message);
  });
});
