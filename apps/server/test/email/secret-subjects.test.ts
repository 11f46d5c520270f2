import { describe, expect, it } from 'vitest';
import { LANGUAGES, type Language, type OutboxItem } from '@app/shared';
import { EMAIL_CATALOGS, placeholdersOf } from '../../src/email/locales';
import { SECRET_EMAIL_KINDS } from '../../src/email/kinds';
import { TEST_PASSWORD, useTestApp, useUser } from '../helpers/build-test-app';
import { Browser, lastEmail } from '../helpers/auth-browser';

/**
 * Issue 40.2: no subject carries a code, token or link (subjects show in lock screens,
 * notification previews and the staff outbox list), in any language; staff read every email
 * whole except the ones whose body carries a secret.
 */
const t = useTestApp();
const admin = useUser(t, { role: 'admin' });

/** Every subject text of a catalog, by its dotted path. */
function subjects(node: unknown, prefix = ''): [string, string][] {
  return Object.entries(node as Record<string, unknown>).flatMap(([key, value]): [string, string][] =>
    typeof value === 'string' ? (key === 'subject' ? [[`${prefix}${key}`, value]] : []) : subjects(value, `${prefix}${key}.`),
  );
}

/** The placeholders a subject may name: amounts, nothing that opens an account. */
const SUBJECT_PLACEHOLDERS = new Set(['amount', 'units']);

describe('email subjects hold no secret', () => {
  it.each(LANGUAGES)('%s: every subject names only amounts and holds no link', (language) => {
    const found = subjects(EMAIL_CATALOGS[language]);
    expect(found.length).toBeGreaterThan(20);
    for (const [key, subject] of found) {
      expect({ key, placeholders: placeholdersOf(subject).filter((name) => !SUBJECT_PLACEHOLDERS.has(name)) }).toEqual({ key, placeholders: [] });
      expect({ key, link: /https?:|\/\//.test(subject) }).toEqual({ key, link: false });
    }
  });

  it.each(LANGUAGES)('%s: the verification, access-code and reset emails carry their secret in the body only', async (language: Language) => {
    const { user, headers } = await t.createUser({ language, isVerified: false });
    expect((await t.app.inject({ method: 'POST', url: '/api/users/sendVerificationEmail', headers })).statusCode).toBe(200);
    const newBrowser = new Browser(t);
    expect((await newBrowser.post('/api/users/login', { email: user.email, password: TEST_PASSWORD })).statusCode).toBe(401);
    expect((await new Browser(t).post('/api/users/forgotPassword', { email: user.email })).statusCode).toBe(200);

    /** What each email must carry in its body, and never in its subject. */
    const secrets: Record<string, RegExp[]> = {
      [SECRET_EMAIL_KINDS.verification]: [/https?:\/\/\S*\/verify\/([\w-]+)/],
      [SECRET_EMAIL_KINDS.loginCode]: [/\b[A-Z0-9]{6}\b/, /https?:\/\/\S*\/loginWithCode\/\S+/],
      [SECRET_EMAIL_KINDS.passwordReset]: [/https?:\/\/\S*\/resetPassword\/([\w-]+)/],
    };
    for (const kind of Object.values(SECRET_EMAIL_KINDS)) {
      const email = await lastEmail(t, user.email, kind);
      for (const pattern of secrets[kind]!) {
        const carried = pattern.exec(email.text);
        expect({ kind, pattern: String(pattern), inBody: carried !== null }).toEqual({ kind, pattern: String(pattern), inBody: true });
        for (const secret of carried!) expect({ kind, inSubject: email.subject.includes(secret) }).toEqual({ kind, inSubject: false });
      }
      expect({ kind, subject: /https?:|\/\/|\b[A-Z0-9]{6}\b/.test(email.subject) }).toEqual({ kind, subject: false });
    }
  });
});

describe('the staff outbox', () => {
  it('shows every email whole except those carrying a code or a token link', async () => {
    const { user, headers } = await t.createUser({ isVerified: false });
    await t.app.inject({ method: 'POST', url: '/api/users/sendVerificationEmail', headers });
    const browser = new Browser(t);
    await browser.post('/api/users/login', { email: user.email, password: TEST_PASSWORD });
    const code = /access code to finish signing in: ([A-Z0-9]{6})/.exec((await lastEmail(t, user.email, 'login-code')).text)![1];
    expect((await browser.post(`/api/users/loginWithCode/${encodeURIComponent(user.email)}`, { loginCode: code })).statusCode).toBe(200);
    await new Browser(t).post('/api/users/forgotPassword', { email: user.email });
    // Both are queued after the answer.
    await lastEmail(t, user.email, 'new-device-login');
    await lastEmail(t, user.email, 'password-reset');

    const listed = await t.app.inject({ method: 'GET', url: '/api/admin/outbox?limit=50', headers: admin.headers });
    expect(listed.statusCode).toBe(200);
    const mine = (listed.json().items as OutboxItem[]).filter((item) => item.to === user.email);
    const shown = Object.fromEntries(mine.map((item) => [item.kind, item.text !== null]));
    expect(shown).toEqual({ verification: false, 'login-code': false, 'password-reset': false, 'new-device-login': true });
    expect(mine.find((item) => item.kind === 'new-device-login')!.text).toContain('/user-profile');
    expect(listed.body).not.toContain(code);
  });
});
