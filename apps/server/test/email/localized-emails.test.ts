import { describe, expect, it } from 'vitest';
import { and, desc, eq } from 'drizzle-orm';
import type { Language } from '@app/shared';
import { emailOutbox } from '../../src/db/schema';
import { type TestUser, useTestApp, useUser } from '../helpers/build-test-app';
import { kycHelpers } from '../helpers/kyc-calls';
import { investHelpers } from '../helpers/invest-calls';
import { adminHelpers } from '../helpers/admin-calls';
import { BTC, fund } from '../money/helpers';

/** Issue 21: every email to a user is written in the language stored on the account, English otherwise. */
const t = useTestApp();
const admin = useUser(t, { role: 'admin' });
const { uploadPair, decide } = kycHelpers(() => t);
const { upgrade } = adminHelpers(t);

async function lastEmail(user: TestUser, kind: string) {
  const [row] = await t.database.db
    .select()
    .from(emailOutbox)
    .where(and(eq(emailOutbox.toAddress, user.user.email), eq(emailOutbox.kind, kind)))
    .orderBy(desc(emailOutbox.id))
    .limit(1);
  if (!row) throw new Error(`no ${kind} email to ${user.user.email}`);
  return row;
}

const userIn = (language: Language, options: Parameters<typeof t.createUser>[0] = {}) => t.createUser({ ...options, language });

describe('emails in the recipient’s language', () => {
  it('deposit confirmed: German with German amounts and frame, English for an English account', async () => {
    const german = await userIn('de');
    const created = await t.app.inject({ method: 'POST', url: '/api/payments/create', headers: german.headers, payload: { amount: '1234.50' } });
    const { transactionId } = created.json().transaction;
    await t.app.inject({ method: 'PATCH', url: '/api/payments/confirmPayment', headers: admin.headers, payload: { transactionId, notes: 'Danke!' } });
    const email = await lastEmail(german, 'deposit-decided');
    expect(email.subject).toBe('Ihre Einzahlung ist bestätigt');
    expect(email.text).toContain(`Hallo ${german.user.name},`);
    expect(email.text).toMatch(new RegExp(`Ihre Einzahlung ${transactionId} über 1\\.234,50\\s\\$ wurde bestätigt`));
    expect(email.text).toContain('Hinweis unseres Teams: Danke!');
    expect(email.text).toContain('Zum Dashboard: ');
    expect(email.html).toContain('<html lang="de">');
    expect(email.html).toContain('Wir fragen Sie nie nach Ihrem Passwort');

    const english = await t.createUser();
    const englishId = await fund(t, english, admin, '1234.50');
    const englishEmail = await lastEmail(english, 'deposit-decided');
    expect(englishEmail.subject).toBe('Your deposit is confirmed');
    expect(englishEmail.text).toContain(`Your deposit ${englishId} of $1,234.50 has been confirmed and credited to your balance.`);
    expect(englishEmail.html).toContain('<html lang="en">');
  });

  it('withdrawal rejected: French with the reason, English otherwise', async () => {
    for (const [language, subject, reason] of [
      ['fr', 'Votre retrait n’a pas été approuvé', 'Motif : adresse inconnue'],
      ['en', 'Your withdrawal was not approved', 'Reason: adresse inconnue'],
    ] as const) {
      const user = await userIn(language);
      await fund(t, user, admin, 100);
      const { withdrawal } = (await t.app.inject({ method: 'POST', url: '/api/withDraw/create', headers: user.headers, payload: { amount: 60, walletAddress: BTC } })).json();
      const rejected = await t.app.inject({ method: 'PUT', url: `/api/withDraw/reject/${withdrawal._id}`, headers: admin.headers, payload: { notes: 'adresse inconnue' } });
      expect(rejected.statusCode).toBe(200);
      const email = await lastEmail(user, 'withdrawal-decided');
      expect(email.subject).toBe(subject);
      expect(email.text).toContain(reason);
    }
  });

  it('role change: the role named in German, in English for an English account', async () => {
    const german = await userIn('de');
    expect((await upgrade(admin, { id: german.user.id, role: 'author' })).statusCode).toBe(200);
    const email = await lastEmail(german, 'role-changed');
    expect(email.subject).toBe('Die Rolle Ihres Kontos wurde geändert');
    expect(email.text).toContain('Die Rolle Ihres Kontos wurde in „Autor“ geändert.');
    expect(email.text).toContain('Zu meinem Konto: ');

    const english = await t.createUser();
    await upgrade(admin, { id: english.user.id, role: 'suspended' });
    expect((await lastEmail(english, 'role-changed')).subject).toBe('Your account has been suspended');
  });

  it('KYC rejected: Brazilian Portuguese with the reviewer’s reason', async () => {
    const applicant = await userIn('pt-BR', { kycStatus: 'Not Submitted' });
    expect((await uploadPair(applicant)).statusCode).toBe(201);
    expect((await decide(admin, applicant.user.id, 'reject', { reason: 'A foto do verso está borrada.' })).statusCode).toBe(200);
    const email = await lastEmail(applicant, 'kyc-decided');
    expect(email.subject).toBe('Seus documentos de KYC precisam de nova análise');
    expect(email.text).toContain('Motivo: A foto do verso está borrada.');
    expect(email.text).toContain('Enviar os documentos de novo: ');
  });

  it('investment approved: Spanish amounts and maturity date', async () => {
    const { fund: credit, invest } = investHelpers(t, admin);
    const investor = await userIn('es');
    await credit(investor, 100_000);
    const created = await invest(investor, { amount: 150, planName: 'Basic' });
    expect(created.statusCode).toBe(201);
    const approved = await t.app.inject({ method: 'PUT', url: `/api/invest/${created.json().investment._id}/approve`, headers: admin.headers });
    expect(approved.statusCode).toBe(200);
    const email = await lastEmail(investor, 'investment-approved');
    expect(email.subject).toBe('Tu inversión fue aprobada');
    expect(email.text).toMatch(/Tu inversión de 150,00\sUS\$ en el plan Basic ha comenzado\./);
    const endDate = new Date(approved.json().investment.endDate);
    const day = new Intl.DateTimeFormat('es', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' }).format(endDate);
    expect(email.text).toMatch(new RegExp(`Vence el ${day} a las \\d\\d:\\d\\d UTC y se espera que pague 162,00\\sUS\\$ \\(12,00\\sUS\\$ de beneficio\\) a tu billetera\\.`));
  });
});
